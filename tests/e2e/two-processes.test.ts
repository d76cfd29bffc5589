import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { caregiverProfiles, jobs } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { sendEmail, SEND_EMAIL_JOB } from "~/platform/email/mailer.server";
import type { AppServer } from "./app-server";
import { gotoHydrated, signOutFromAccountMenu } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, test, unique } from "./fixtures";
import { emailCount, latestEmail } from "./password-reset-helpers";
import { BACKEND_HEADER, startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import { startSecondServer } from "./second-server";
import { newAdmin, newCaregiver, signInWithSession } from "./sessions";
import { TIMEOUTS } from "./timeouts";

// Two processes of the server on one database behind one address (docs/scaling.md): what a person
// does through one process holds on the other, as with one process. Sessions, the sign-in lockout,
// the job queue and the cache of rendered public pages here; the realtime stream across processes in
// realtime-streams.test.ts.

test.describe.configure({ mode: "serial", timeout: TIMEOUTS.journey });

const PASSWORD = "Two-Process-Pass-1";
const TOO_MANY = "Whoa there! Too many attempts. Please take a breather and try again in a few minutes.";
/** A sign-in hashes the password at production cost: on a busy machine its answer takes seconds. */
const SIGN_IN_ANSWER = { timeout: TIMEOUTS.background };

let second: AppServer | undefined;
let proxy: RoundRobinProxy;

test.beforeAll(async () => {
  test.setTimeout(TIMEOUTS.ownServers);
  second = await startSecondServer({ name: "second process" });
  proxy = await startRoundRobinProxy([test.info().project.use.baseURL!, second.baseURL]);
});

test.afterAll(async () => {
  await proxy?.stop();
  await second?.stop();
});

/** A family of the test's own with a password, signed in by nobody yet. */
async function familyWithPassword(label: string) {
  const suffix = randomBytes(4).toString("hex");
  return createClient(e2eDatabase(), {
    firstName: "Dana",
    lastName: `${label}${suffix}`,
    email: `two-processes-${label.toLowerCase()}-${suffix}@example.test`,
    password: PASSWORD,
  });
}

let addressCounter = 0;

/**
 * A browser of its own behind the proxy, from a client address of its own (sign-ins are limited per
 * address), and `pinTo`, which sends its next requests to one process (its index behind the proxy).
 */
async function browserBehindProxy(browser: Browser) {
  addressCounter += 1;
  const address = `10.252.${test.info().workerIndex % 250}.${addressCounter % 250}`;
  const context = await browser.newContext({ baseURL: proxy.url, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  const pinTo = (backend: number) =>
    page.setExtraHTTPHeaders({ "X-Forwarded-For": address, [BACKEND_HEADER]: String(backend) });
  return { page, pinTo };
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await gotoHydrated(page, "/login/desktop");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The last request through the proxy to `path` (its data requests included). */
const lastRequestTo = (path: string) =>
  proxy.requests.findLast(
    (request) =>
      request.path === path || request.path.startsWith(`${path}.data`) || request.path.startsWith(`${path}?`),
  );

test("a sign-in on one process holds on the other, and signing out on either ends it on both", async ({ browser }) => {
  const family = await familyWithPassword("Session");
  const { page, pinTo } = await browserBehindProxy(browser);

  await pinTo(0);
  await signInThroughForm(page, family.email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/, SIGN_IN_ANSWER);
  expect(lastRequestTo("/login/desktop")?.backend, "the sign-in went to process 0").toBe(0);

  // The session process 0 made is read by process 1.
  await pinTo(1);
  await gotoHydrated(page, "/dashboard/billing");
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  expect(lastRequestTo("/dashboard/billing")?.backend).toBe(1);

  // Signed out through process 1: process 0 no longer knows the session.
  await signOutFromAccountMenu(page);
  expect(lastRequestTo("/logout")?.backend, "the sign-out went to process 1").toBe(1);
  await pinTo(0);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fdashboard/);
  expect(lastRequestTo("/dashboard")?.backend).toBe(0);
  await page.context().close();
});

test("wrong passwords counted on either process lock the address on both", async ({ browser }) => {
  const family = await familyWithPassword("Lockout");
  const { page, pinTo } = await browserBehindProxy(browser);
  const before = proxy.requests.length;
  // Five failures from this address, in turn through each process, each for an address no account has
  // (the per-account count stays clear, so only the per-address lock can refuse the right password).
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await pinTo(attempt % 2);
    const response = await page.request.post("/login/desktop", {
      form: { email: `stranger-${randomBytes(4).toString("hex")}@example.test`, password: "Wrong-Password-1" },
      headers: { origin: proxy.url, [BACKEND_HEADER]: String(attempt % 2) },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
  }
  const failures = proxy.requests
    .slice(before)
    .filter((request) => request.method === "POST" && request.path === "/login/desktop");
  expect(failures.map((request) => request.backend)).toEqual([0, 1, 0, 1, 0]);

  // The right password is refused by both, each having seen only some of the failures.
  for (const backend of [1, 0]) {
    await pinTo(backend);
    await signInThroughForm(page, family.email, PASSWORD);
    await expect(page.getByRole("alert")).toContainText(TOO_MANY, SIGN_IN_ANSWER);
    await expect(page).toHaveURL(/\/login\/desktop$/);
    expect(lastRequestTo("/login/desktop")?.backend).toBe(backend);
  }
  await page.context().close();
});

test("a job queued through one process runs once, in whichever process is free", async ({ browser }) => {
  const family = await familyWithPassword("Jobs");
  const { page, pinTo } = await browserBehindProxy(browser);

  // A reset asked for through process 1: its email is delivered once.
  await pinTo(1);
  await gotoHydrated(page, "/forgot-password");
  await page.getByRole("main").getByLabel("Email address").fill(family.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  expect(lastRequestTo("/forgot-password")?.backend).toBe(1);
  await latestEmail(family.email, "Reset your Tendly password");

  // Ten emails queued at once, with both processes' runners listening: each is delivered once.
  const db = e2eDatabase();
  const batch = randomBytes(4).toString("hex");
  const addresses = Array.from({ length: 10 }, (_, index) => `two-processes-batch-${batch}-${index}@example.test`);
  await Promise.all(
    addresses.map((to) => sendEmail({ to, subject: `Batch ${batch}`, html: "<p>Hello</p>", text: "Hello" })),
  );
  const delivered = async () => {
    const rows = await db
      .select({ attempts: jobs.attempts, done: sql<boolean>`${jobs.doneAt} is not null` })
      .from(jobs)
      .where(and(eq(jobs.name, SEND_EMAIL_JOB), inArray(sql`${jobs.payload}->>'to'`, [family.email, ...addresses])));
    return rows;
  };
  await expect
    .poll(async () => (await delivered()).filter((row) => row.done).length, { timeout: TIMEOUTS.background })
    .toBe(11);
  expect((await delivered()).map((row) => row.attempts)).toEqual(Array(11).fill(1));
  expect(await emailCount(family.email, "Reset your Tendly password")).toBe(1);
  for (const to of addresses) expect(await emailCount(to, `Batch ${batch}`)).toBe(1);
  await page.context().close();
});

/** A signed-out GET through the proxy to one process: its status, cache answer, and nonces in header and markup. */
async function signedOutPage(browser: Browser, path: string, backend: number) {
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    const response = await context.request.get(path, { headers: { [BACKEND_HEADER]: String(backend) } });
    const html = await response.text();
    const policy = response.headers()["content-security-policy"] ?? "";
    return {
      status: response.status(),
      cache: response.headers()["x-page-cache"],
      html,
      headerNonce: /'nonce-([^']+)'/.exec(policy)?.[1],
      markupNonces: [...new Set([...html.matchAll(/ nonce="([^"]+)"/g)].map((match) => match[1]))],
    };
  } finally {
    await context.close();
  }
}

test("a public page kept by one process shows a change made through the other at once, with a fresh nonce each time", async ({
  browser,
}) => {
  const caregiver = await newCaregiver({ lastName: unique("Cached") });
  const [row] = await e2eDatabase()
    .select({ slug: caregiverProfiles.slug })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiver.id));
  const profile = `/caregiver/${row!.slug}`;

  // Process 1 renders the profile once, then answers it from its cache.
  const rendered = await signedOutPage(browser, profile, 1);
  expect(rendered.status).toBe(200);
  expect(rendered.html).toContain("Grace");
  expect(rendered.cache).toBe("miss");
  const kept = await signedOutPage(browser, profile, 1);
  expect(kept.cache).toBe("hit");
  expect(lastRequestTo(profile)?.backend).toBe(1);
  // Each answer has a nonce of its own, the same in its policy and in every script of its markup.
  for (const answer of [rendered, kept]) {
    expect(answer.headerNonce).toBeTruthy();
    expect(answer.markupNonces).toEqual([answer.headerNonce]);
  }
  expect(kept.headerNonce).not.toBe(rendered.headerNonce);
  expect(kept.html.replaceAll(kept.headerNonce!, "N")).toBe(rendered.html.replaceAll(rendered.headerNonce!, "N"));

  // An administrator suspends the caregiver through process 0.
  const admin = await newAdmin();
  const context = await browser.newContext({ baseURL: proxy.url });
  await signInWithSession(context, admin.id, proxy.url);
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ [BACKEND_HEADER]: "0" });
  await gotoHydrated(page, `/admin/caregivers/${caregiver.id}`);
  await page.getByLabel(/^Reason/).fill("Missed two visits without notice");
  await page.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("Caregiver suspended. We emailed them.")).toBeVisible();
  expect(lastRequestTo(`/admin/caregivers/${caregiver.id}`)?.backend).toBe(0);
  await context.close();

  // Process 1 no longer shows the profile: no stale page, from its very next answer.
  const after = await signedOutPage(browser, profile, 1);
  expect(after.status).toBe(404);
  expect(lastRequestTo(profile)?.backend).toBe(1);
});

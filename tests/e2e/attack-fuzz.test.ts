import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { APIRequestContext } from "@playwright/test";
import routes from "~/routes";
import { expect, loginAs, test, type DemoRole } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// Odd input never crashes the server: every route with an action, and every
// resource route, of app/routes.ts (read here, so a new route is fuzzed
// without being listed) gets malformed and oversized bodies, odd query strings
// and odd forwarded headers, anonymously and signed in as each role. Any
// answer but a 5xx is fine (400, 401, 403, 404, 405, 413, 422, 429, redirects).

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const SAMPLE_ID = "5f0c6c1e-8d1a-4c36-9b8e-2f3a4b5c6d7e";

function targets(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const joined = entry.path ? `${parent}/${entry.path}` : parent;
    const source = readFileSync(path.join(APP_DIR, entry.file), "utf8");
    const hasAction = /export\s+(?:async\s+)?(?:function\s+action\b|const\s+action\b)/.test(source);
    const isResource = !/export\s+default\b/.test(source);
    const own = (hasAction || isResource) && (entry.path !== undefined || entry.index) ? [joined || "/"] : [];
    return [...own, ...targets(entry.children ?? [], joined)];
  });
}

/** A visitable URL for a route pattern: parameters and splats get a sample value. */
const concrete = (pattern: string) =>
  pattern
    .replace(/:zip\b/, "60601")
    .replace(/:[A-Za-z]+/g, SAMPLE_ID)
    .replace(/\*$/, "x");

const TARGETS = [...new Set(targets(routes).map(concrete))];

type Case = {
  name: string;
  method?: "GET" | "POST";
  query?: string;
  body?: Buffer | string;
  headers?: Record<string, string>;
};

const MULTIPART = "multipart/form-data; boundary=fuzz-boundary";
const FORM = "application/x-www-form-urlencoded";
const LONG_TEXT = "a".repeat(200 * 1024);
const HUGE_BODY = Buffer.alloc(20 * 1024 * 1024, 0x61);

const BODY_CASES: Case[] = [
  { name: "empty body, no content type" },
  { name: "empty form", body: "", headers: { "content-type": FORM } },
  { name: "wrong content type", body: "email=a%40b.test", headers: { "content-type": "text/plain" } },
  {
    name: "JSON to a form action",
    body: '{"email":"a@b.test","intent":"save"}',
    headers: { "content-type": "application/json" },
  },
  { name: "broken JSON", body: '{"email":', headers: { "content-type": "application/json" } },
  {
    name: "multipart, broken boundary",
    body: "--other\r\nContent-Disposition: form-data\r\n\r\nx",
    headers: { "content-type": MULTIPART },
  },
  { name: "multipart, no boundary", body: "--x\r\n\r\n", headers: { "content-type": "multipart/form-data" } },
  {
    name: "multipart, unterminated part",
    body: '--fuzz-boundary\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
    headers: { "content-type": MULTIPART },
  },
  {
    name: "invalid UTF-8",
    body: Buffer.from([0x65, 0x6d, 0x61, 0x69, 0x6c, 0x3d, 0xff, 0xfe, 0xc3, 0x28]),
    headers: { "content-type": FORM },
  },
  { name: "invalid percent-encoding", body: "email=%zz%&name=%E9%", headers: { "content-type": FORM } },
  {
    name: "NUL bytes",
    body: "email=a%00b%40c.test&name=%00&message=hi\u0000there&intent=%00",
    headers: { "content-type": FORM },
  },
  {
    name: "NUL in multipart",
    body: '--fuzz-boundary\r\nContent-Disposition: form-data; name="intent"\r\n\r\na\u0000b\r\n--fuzz-boundary--\r\n',
    headers: { "content-type": MULTIPART },
  },
  { name: "200 KB text fields", body: `name=${LONG_TEXT}&message=${LONG_TEXT}`, headers: { "content-type": FORM } },
  {
    name: "odd intent",
    body: "intent=%E2%80%AE%F0%9F%92%A5&email=%C3%A9@x&id=../../etc/passwd",
    headers: { "content-type": FORM },
  },
];

const QUERY_CASES: Case[] = [
  { name: "non-ASCII query", method: "GET", query: "redirectTo=/caf%C3%A9&topic=%E6%97%A5%E6%9C%AC&x=%FF%FE%E9" },
  { name: "non-ASCII redirectTo on POST", query: "redirectTo=/%FF%FE", body: "a=1", headers: { "content-type": FORM } },
  { name: "very long query", method: "GET", query: `redirectTo=/${"x".repeat(8000)}&q=${"%E9".repeat(500)}` },
  { name: "odd X-Forwarded-Host", method: "GET", headers: { "x-forwarded-host": "ev il<>" } },
  {
    name: "odd X-Forwarded-Host on POST",
    body: "email=a%40b.test",
    headers: { "content-type": FORM, "x-forwarded-host": "a/b?c#d" },
  },
  { name: "odd X-Forwarded-Proto", method: "GET", headers: { "x-forwarded-proto": "ja va" } },
  {
    name: "two X-Forwarded-Host values",
    body: "a=1",
    headers: { "content-type": FORM, "x-forwarded-host": "a.test, %%" },
  },
];

const ANONYMOUS_ONLY: Case[] = [
  { name: "20 MB body", body: HUGE_BODY, headers: { "content-type": FORM } },
  { name: "20 MB multipart", body: HUGE_BODY, headers: { "content-type": MULTIPART } },
];

type Outcome = { target: string; name: string; status: number; text?: string };

async function fuzz(request: APIRequestContext, cases: Case[], skip: (target: string) => boolean = () => false) {
  const origin = test.info().project.use.baseURL!;
  const jobs = TARGETS.filter((target) => !skip(target)).flatMap((target) =>
    cases.map((fuzzCase) => async (): Promise<Outcome> => {
      const url = fuzzCase.query ? `${target}${target.includes("?") ? "&" : "?"}${fuzzCase.query}` : target;
      const response = await request
        .fetch(url, {
          method: fuzzCase.method ?? "POST",
          headers: { origin, ...fuzzCase.headers },
          data: fuzzCase.body,
          maxRedirects: 0,
          timeout: TIMEOUTS.background,
        })
        .catch((error: Error) => error);
      // A dropped connection is as much a failure as a 5xx: reported, not thrown, to list them all.
      if (response instanceof Error)
        return { target, name: fuzzCase.name, status: 0, text: response.message.split("\n")[0] };
      const status = response.status();
      return {
        target,
        name: fuzzCase.name,
        status,
        text: status >= 500 ? (await response.text()).slice(0, 200) : undefined,
      };
    }),
  );
  // Four in flight at any time (the machine has two cores, shared with other workers), each runner taking
  // the next case as soon as its last is answered: a slow case holds up one runner, not a batch of four.
  const outcomes: Outcome[] = [];
  let next = 0;
  const runner = async () => {
    while (next < jobs.length) {
      const job = jobs[next]!;
      next += 1;
      outcomes.push(await job());
    }
  };
  await Promise.all(Array.from({ length: 4 }, runner));
  const label = test.info().title;
  console.log(`${label}: ${outcomes.length} cases over ${TARGETS.length - TARGETS.filter(skip).length} routes`);
  const crashes = outcomes.filter((outcome) => outcome.status >= 500 || outcome.status === 0);
  expect(crashes, "5xx answers and dropped connections").toEqual([]);
  return outcomes;
}

test.describe("odd input never answers 5xx", () => {
  test.describe.configure({ timeout: TIMEOUTS.journey });

  test("the fuzzed routes include every action and resource route", () => {
    for (const target of [
      "/contact",
      "/login/desktop",
      "/admin/login",
      "/logout",
      "/api/preferences",
      "/forgot-password",
    ])
      expect(TARGETS).toContain(target);
    expect(TARGETS).toContain("/register/caregiver/documents");
    expect(TARGETS.length).toBeGreaterThan(30);
  });

  test("anonymous", async ({ request }) => {
    const outcomes = await fuzz(request, [...BODY_CASES, ...QUERY_CASES, ...ANONYMOUS_ONLY]);
    // The bodies that reach a public form action are refused as such.
    const at = (target: string, name: string) => outcomes.find((o) => o.target === target && o.name === name)?.status;
    expect(at("/contact", "NUL bytes")).toBe(400);
    expect(at("/contact", "200 KB text fields")).toBe(413);
    expect(at("/contact", "wrong content type")).toBe(400);
    expect(at("/contact", "20 MB body")).toBe(413);
    expect(at("/login/desktop", "20 MB body")).toBe(413);
    expect(at("/forgot-password", "odd X-Forwarded-Host on POST")).toBe(400);
  });

  for (const role of ["client", "caregiver", "admin"] as const satisfies DemoRole[]) {
    test(`signed in as ${role}`, async ({ request }) => {
      await loginAs({ request }, role);
      // Signing out would end the test's session: /logout is fuzzed anonymously.
      await fuzz(request, [...BODY_CASES, ...QUERY_CASES], (target) => target === "/logout");
    });
  }
});

test("a signed-in visit of a sign-in page with a non-ASCII redirectTo is redirected there, encoded", async ({
  request,
}) => {
  await loginAs({ request }, "client");
  for (const page of ["/login/desktop", "/login/pwa", "/register"]) {
    const response = await request.get(`${page}?redirectTo=/dashboard%3Fq%3D%FF%FE%C3%A9`, { maxRedirects: 0 });
    expect(response.status(), page).toBe(302);
    expect(response.headers().location).toBe("/dashboard?q=%EF%BF%BD%EF%BF%BD%C3%A9");
  }
});

import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import type Axe from "axe-core";
import { sql } from "drizzle-orm";
import { e2eDatabase } from "./e2e-database";
import { SESSION_COOKIE } from "./sessions";

// axe-core (WCAG 2.1 A/AA) once per state of a page in a whole run (docs/decisions/0023-a-fast-test-loop.md):
// a state is the page (its path with ids left out), who looks at it (the roles of the signed-in
// account), how (width, language, theme, text size) and what it shows (the shape of its markup:
// elements, roles, classes and ARIA states, without text, repeated siblings counted once). The first
// test to reach a state checks it, in any worker; the others skip it. A dialog opened, an error shown
// or a status changed is a new shape, so it is checked when first reached.

export type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown }[] };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The serious and critical WCAG 2.1 A/AA violations on the page as it is now. axe-core runs in the page
 * itself and reports violations only, not the passing and inapplicable rules no one reads (docs/decisions/0023). Only the
 * page's own document is checked: the dev mailbox shows third-party email HTML inside a sandboxed
 * frame, and frames from other origins (Stripe's card field) are not ours to fix.
 */
export async function analyse(page: Page): Promise<AxeViolation[]> {
  const first = await runAxe(page);
  if (first.length === 0) return first;
  // A violation must still be there when axe looks again. axe reads the page over many turns of its event
  // loop; a render committed in between (the next step of a form drawn after a client-side navigation, a
  // button disabled as a fetcher sends) can have it choose an element in one state and read its colours in
  // another, a page that never was (a current step's white text on the previous step's grey). A real
  // violation is on the page both times; such a reading is not.
  const again = new Set((await runAxe(page)).flatMap(({ id, nodes }) => nodes.map((node) => nodeKey(id, node))));
  return first
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter((node) => again.has(nodeKey(violation.id, node))),
    }))
    .filter((violation) => violation.nodes.length > 0);
}

function nodeKey(id: string, node: { target: unknown }) {
  return `${id} ${JSON.stringify(node.target)}`;
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  // A fresh copy for every check: one reused across a client-side navigation that switched the theme measured
  // the dark page's text against the light page's background.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // One run at a time per document: axe refuses a second while one is running (a check of a load and the
    // test's own check can meet), so a run waits for the one before it.
    const inPage = window as unknown as { axe: typeof Axe; axeRunning?: Promise<unknown> };
    while (inPage.axeRunning) await inPage.axeRunning.catch(() => undefined);
    const running = inPage.axe.run(
      { exclude: [["iframe[title='Email as HTML']"]] },
      { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false },
    );
    inPage.axeRunning = running;
    const results = await running.finally(() => {
      if (inPage.axeRunning === running) inPage.axeRunning = undefined;
    });
    return results.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target }) => ({ target })),
    }));
  }, WCAG_TAGS);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Checks a page the fixture does not watch (one of a second person's, say) as it is now. */
export async function expectAccessible(page: Page) {
  expect(describeViolations(page.url(), await analyse(page)), "accessibility violations (serious or critical)").toEqual(
    [],
  );
}

export function describeViolations(where: string, violations: AxeViolation[]) {
  return violations.map(
    (v) => `${where}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`,
  );
}

/** An id, a number, a token or a slug with digits: what differs between two tests' rows of one page. */
const VARYING = /^(?=.*\d)[\w.~%-]{5,}$|^[\w-]{24,}$/;

/** The path and query with ids left out: /admin/orders/ORD-2026-000123 is /admin/orders/:id. */
export function pageOf(url: string): string {
  const { pathname, searchParams } = new URL(url);
  const segments = pathname.split("/").map((segment) => (VARYING.test(segment) ? ":id" : segment));
  const query = [...searchParams.entries()]
    .map(([key, value]) => `${key}=${VARYING.test(value) ? ":v" : value}`)
    .toSorted();
  return segments.join("/") + (query.length > 0 ? `?${query.join("&")}` : "");
}

/** The shape of the page's markup and how it is shown, read in the page. */
function shapeInPage() {
  const ATTRIBUTES = [
    "role",
    "aria-invalid",
    "aria-expanded",
    "aria-hidden",
    "aria-modal",
    "disabled",
    "hidden",
    "open",
  ];
  const shape = (element: Element): string => {
    const own = [element.tagName.toLowerCase(), element.getAttribute("class") ?? ""];
    for (const name of ATTRIBUTES) if (element.hasAttribute(name)) own.push(`${name}=${element.getAttribute(name)}`);
    const children: string[] = [];
    for (const child of element.children) {
      const childShape = shape(child);
      // A list of ten rows has the shape of a list of one.
      if (children.at(-1) !== childShape) children.push(childShape);
    }
    return `${own.join(" ")}(${children.join(",")})`;
  };
  const root = document.documentElement;
  return {
    shape: shape(document.body),
    view: [root.lang, root.className, root.dataset.textSize ?? "", root.dataset.theme ?? ""].join(" "),
  };
}

const rolesByToken = new Map<string, string>();

/** The roles of the account the page's context is signed in as, or "anonymous". */
async function viewerOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === SESSION_COOKIE);
  const mode = cookies.find((cookie) => cookie.name === "tendly-mode-override")?.value ?? "";
  if (!session) return `anonymous ${mode}`;
  const token = decodeURIComponent(session.value).split(".")[0]!;
  let roles = rolesByToken.get(token);
  if (roles === undefined) {
    const { rows } = await e2eDatabase().execute<{ roles: string | null }>(
      sql`select string_agg(r.role::text, '+' order by r.role) as roles
          from sessions s join user_roles r on r.user_id = s.user_id
          where s.token = ${token} and s.expires_at > now()`,
    );
    roles = rows[0]?.roles ?? "anonymous";
    rolesByToken.set(token, roles);
  }
  return `${roles} ${mode}`;
}

/** What makes a check of this page, now, the same as one already made in this run. */
export async function stateKey(page: Page, label = ""): Promise<string> {
  const { shape, view } = await page.evaluate(shapeInPage);
  const width = page.viewportSize()?.width ?? 0;
  const shapeHash = createHash("sha256").update(shape).digest("hex").slice(0, 16);
  return [pageOf(page.url()), await viewerOf(page), width, view, shapeHash, label].join(" | ");
}

function ledger(): string {
  const dir = path.join(process.env.E2E_DATA_DIR!, "accessibility-checked");
  mkdirSync(dir, { recursive: true });
  return dir;
}

function entryOf(key: string) {
  return path.join(ledger(), createHash("sha256").update(key).digest("hex"));
}

/** True for the first caller in the run (any worker) with this key: that one checks. */
export function claimCheck(key: string): boolean {
  try {
    writeFileSync(entryOf(key), `${key}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Gives a claimed check back (it could not run), so that a later visit makes it. */
export function releaseCheck(key: string) {
  rmSync(entryOf(key), { force: true });
}

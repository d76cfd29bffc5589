import type { APIResponse } from "@playwright/test";
import { ALL_DEMO_EMAILS, expect, requestContextAs, test } from "./fixtures";
import {
  AREA_MENUS,
  expectedOutcome,
  maySee,
  PROTECTED_ROUTES,
  VISITORS,
  type Area,
  type Visitor,
} from "./protected-routes";
import { TIMEOUTS } from "./timeouts";

// No protected page's HTML or data reaches a user who may not see it
// (docs/product-rules.md, "Areas, roles and redirects"): for each protected route and each kind of user the guard
// refuses, the document, React Router's single-fetch data URL and a form post
// to that URL answer with the refusal only: a redirect, or for a blocked
// caregiver the status screen, and nothing of the area.

/** React Router's single-fetch URL of a page: /x.data, /_.data for / (see its singleFetchUrl). */
function dataUrl(path: string): string {
  const url = new URL(path, "http://x.test");
  const pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return pathname + url.search;
}

/** What the refused visitor must never receive: the area's menu, anyone else's address. */
function assertNothingProtected(body: string, visitor: Visitor, area: Area, label: string) {
  expect.soft(body, `${label}: the ${area} area's menu`).not.toContain(`aria-label="${AREA_MENUS[area]}"`);
  for (const [account, email] of Object.entries(ALL_DEMO_EMAILS)) {
    if (account === visitor) continue;
    // Whole addresses only: caregiver@... is the tail of pending.caregiver@...
    const address = new RegExp(`(?<![\\w.+-])${email.replaceAll(".", "\\.")}`);
    expect.soft(body, `${label}: ${account}'s email address`).not.toMatch(address);
  }
}

async function text(response: APIResponse) {
  return (await response.body()).toString("utf8");
}

test("refused users get the refusal and nothing of the page, for documents, data and form posts", async ({
  playwright,
}) => {
  test.setTimeout(TIMEOUTS.journey);
  const baseURL = test.info().project.use.baseURL!;
  for (const visitor of VISITORS) {
    const context = await requestContextAs(playwright, visitor);
    for (const route of PROTECTED_ROUTES.filter((candidate) => !maySee(visitor, candidate))) {
      const outcome = expectedOutcome(visitor, route, false);
      const label = `${visitor} on ${route.path}`;
      const doc = await context.get(route.path, { maxRedirects: 0 });
      const data = await context.get(dataUrl(route.path), { maxRedirects: 0 });
      const post = await context.post(dataUrl(route.path), {
        form: { intent: "save" },
        headers: { origin: baseURL },
        maxRedirects: 0,
      });
      const [docBody, dataBody, postBody] = await Promise.all([text(doc), text(data), text(post)]);

      if (outcome.kind === "redirect") {
        expect.soft(doc.status(), `${label} (document)`).toBe(302);
        expect.soft(doc.headers().location, `${label} (document)`).toBe(outcome.to);
        expect.soft(docBody, `${label} (document body)`).toBe("");
        for (const [kind, response, body] of [
          ["data", data, dataBody],
          ["post", post, postBody],
        ] as const) {
          // Single fetch answers a redirect with 202 and the target alone.
          expect.soft(response.status(), `${label} (${kind})`).toBe(202);
          expect.soft(body, `${label} (${kind})`).toContain(`"redirect","${outcome.to}"`);
          expect.soft(body, `${label} (${kind}): no route data`).not.toContain("routes/");
        }
      } else {
        // A pending or suspended caregiver on a caregiver page: the status screen only.
        expect(outcome.kind).toBe("status-screen");
        const heading = outcome.kind === "status-screen" ? outcome.heading : "";
        expect.soft(doc.status(), `${label} (document)`).toBe(403);
        expect.soft(docBody, `${label} (document)`).toContain(heading);
        for (const [kind, response, body] of [
          ["data", data, dataBody],
          ["post", post, postBody],
        ] as const) {
          expect.soft(response.status(), `${label} (${kind})`).toBe(403);
          expect.soft(body, `${label} (${kind})`).toContain("caregiver-status");
          // The refusal of the caregiver layout and no loader's or action's data.
          expect.soft(body, `${label} (${kind}): no route data`).not.toContain('"data"');
        }
      }
      for (const [kind, body] of [
        ["document", docBody],
        ["data", dataBody],
        ["post", postBody],
      ] as const) {
        assertNothingProtected(body, visitor, route.area, `${label} (${kind})`);
      }
    }
    await context.dispose();
  }
});

test("the markers the test above looks for are real: allowed users receive them", async ({ playwright }) => {
  const checks: [Visitor, string, Area][] = [
    ["client", "/dashboard/billing", "client"],
    ["caregiver", "/caregiver/schedule", "caregiver"],
    ["admin", "/admin/users", "admin"],
    ["admin-client", "/dashboard/billing", "client"],
  ];
  for (const [visitor, path, area] of checks) {
    const context = await requestContextAs(playwright, visitor);
    const doc = await context.get(path, { maxRedirects: 0 });
    expect(doc.status(), `${visitor} on ${path}`).toBe(200);
    expect(await text(doc)).toContain(`aria-label="${AREA_MENUS[area]}"`);
    const data = await context.get(dataUrl(path), { maxRedirects: 0 });
    expect(data.status(), `${visitor} on ${dataUrl(path)}`).toBe(200);
    expect(await text(data)).toContain(`routes/${area}/layout`);
    await context.dispose();
  }
});

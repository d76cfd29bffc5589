import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import type { AppServer } from "./app-server";
import { test } from "./fixtures";
import { startSecondServer } from "./second-server";

// Card payments end to end with no internet: a second process of the suite's Tendly (same build,
// database and auth secret, so a session signed in on the suite's server works here too) with
// Stripe configured and pointed at the fake Stripe API (tests/support/fake-stripe.ts), and a page
// whose Stripe.js is the stand-in tests/support/fake-stripe-js.js.

const ROOT = path.resolve(import.meta.dirname, "../..");

export type StripeServer = AppServer;

/** A second process of the suite's server with Stripe switched on, talking to `fake` (useStripeServer starts one per file). */
export function startStripeServer(fake: FakeStripe): Promise<AppServer> {
  return startSecondServer({
    name: "Stripe server",
    env: {
      // The suite's server runs the jobs; this one only answers pages.
      JOB_POLL_INTERVAL_MS: "0",
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.url,
    },
  });
}

/**
 * The fake Stripe API and a Stripe server talking to it, for the tests of this file: started before
 * them, stopped after. Read `fake` and `server` inside the tests.
 */
export function useStripeServer(): { readonly fake: FakeStripe; readonly server: StripeServer } {
  let fake: FakeStripe | undefined;
  let server: StripeServer | undefined;
  test.beforeAll(async () => {
    fake = await startFakeStripe();
    server = await startStripeServer(fake);
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });
  return {
    get fake() {
      if (!fake) throw new Error("The fake Stripe API is not started (read it inside a test).");
      return fake;
    },
    get server() {
      if (!server) throw new Error("The Stripe server is not started (read it inside a test).");
      return server;
    },
  };
}

/** The page's Stripe.js is the stand-in, and its calls to api.stripe.com reach the fake API. */
export async function routeStripe(page: Page, fake: FakeStripe) {
  const script = await readFile(path.join(ROOT, "tests/support/fake-stripe-js.js"), "utf8");
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: script }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const answer = await fetch(`${fake.url}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { "content-type": request.headers()["content-type"] ?? "application/x-www-form-urlencoded" },
      body: request.method() === "GET" ? undefined : (request.postData() ?? ""),
    });
    await route.fulfill({
      status: answer.status,
      contentType: "application/json",
      headers: { "Access-Control-Allow-Origin": "*" },
      body: await answer.text(),
    });
  });
}

import http from "node:http";
import { expect, loginAs, test } from "./fixtures";

// Every route of the URL map answers without a server error, and the
// guards send each visitor where the redirect rules say.

const PUBLIC_PATHS = [
  "/",
  "/about",
  "/blog",
  "/blog/choosing-in-home-care",
  "/services",
  "/safety-and-trust",
  "/become-caregiver",
  "/provider/apply",
  "/providers",
  "/caregivers",
  "/caregiver/jordan-rivera",
  "/contact",
  "/privacy",
  "/terms",
  "/accessibility",
  "/how-it-works",
  "/login/pwa",
  "/login/desktop",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/admin/login",
  "/admin/invite",
  "/register/caregiver/personal-info",
  "/register/caregiver/background",
  "/register/caregiver/availability",
  "/register/caregiver/experience",
  "/register/caregiver/documents",
  "/register/caregiver/review",
  "/request/client-info",
  "/request/health-needs",
  "/request/schedule",
  "/request/review-submit",
  "/request/thank-you",
];

// One test per route: each page (with its axe check) gets its own time limit.
for (const path of PUBLIC_PATHS) {
  test(`public route ${path} renders inside the chrome`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("banner"), path).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
  });
}

test("fixed redirects keep their query strings", async ({ page }) => {
  const cases: [string, RegExp][] = [
    ["/home", /\/$/],
    ["/signup", /\/register$/],
    ["/caregiver-registration", /\/register\/caregiver\/personal-info$/],
    ["/register/caregiver", /\/register\/caregiver\/personal-info$/],
    ["/request", /\/request\/client-info$/],
    ["/request-care", /\/request\/client-info$/],
    ["/find-care?ref=home", /\/request\/client-info\?ref=home$/],
    ["/login", /\/login\/desktop$/],
    // Without an address waiting for verification, /verify-email has nothing to show.
    ["/verify-email", /\/register$/],
    ["/register/caregiver/confirmation", /\/$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(from);
    await expect(page, from).toHaveURL(to);
  }
});

test("the caregiver application confirmation reads its message", async ({ page }) => {
  await page.goto("/register/caregiver/confirmation?message=registration-success");
  await expect(page.getByRole("heading", { name: "Application Submitted Successfully" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Homepage" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("protected areas send signed-out visitors to the right login with the origin", async ({ page }) => {
  await page.goto("/dashboard/billing");
  await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fdashboard%2Fbilling$/);
  await page.goto("/caregiver/schedule");
  await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fcaregiver%2Fschedule$/);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Forders$/);
});

test("each role reaches its own area and is sent home from the others", async ({ page }) => {
  const areas = { client: "/dashboard", caregiver: "/caregiver", admin: "/admin" } as const;
  for (const role of ["client", "caregiver", "admin"] as const) {
    await page.context().clearCookies();
    await loginAs(page, role);
    for (const [otherRole, path] of Object.entries(areas)) {
      const response = await page.goto(path);
      expect(response?.status(), `${role} on ${path}`).toBe(200);
      await expect(page, `${role} on ${path}`).toHaveURL(new RegExp(`${otherRole === role ? path : areas[role]}$`));
    }
  }
});

test("unknown paths answer 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "We couldn't find that page" })).toBeVisible();
});

test("a missing file under /assets answers a plain 404, not a page", async ({ request }) => {
  for (const encoding of ["br", "gzip", "identity"]) {
    const response = await request.get("/assets/no-such-chunk-0000.js", { headers: { "Accept-Encoding": encoding } });
    expect(response.status(), encoding).toBe(404);
    expect(response.headers()["content-type"], encoding).toMatch(/^text\/plain/);
    expect(response.headers()["cache-control"], encoding).toBe("no-store");
    expect(await response.text(), encoding).toBe("Not found.");
  }
  // A file that is there still comes, compressed as asked.
  const page = await request.get("/login/desktop");
  const script = (await page.text()).match(/\/assets\/[\w-]+\.js/)?.[0];
  expect(script).toBeTruthy();
  const found = await request.get(script!, { headers: { "Accept-Encoding": "br" } });
  expect(found.status()).toBe(200);
  expect(found.headers()["content-encoding"]).toBe("br");
});

test("health check answers with the database reachable, the outbox writable and the job queue", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  const health = (await response.json()) as { status: string; jobs: { status: string } };
  expect(health).toMatchObject({
    database: "reachable",
    databaseLatencyMs: expect.any(Number),
    mail: { status: "ok", transport: "outbox" },
    jobs: { status: expect.stringMatching(/^(ok|degraded)$/), failedLastHour: expect.any(Number) },
    disk: { status: "ok", freeBytes: expect.any(Number) },
  });
  // The database, the outbox and the disk are fine: only the job queue (other tests' jobs) may make it "degraded".
  expect(health.status).toBe(health.jobs.status);
});

test("an idle connection is kept open 65 s for the next request, longer than a proxy keeps its own", async () => {
  const agent = new http.Agent({ keepAlive: true });
  try {
    const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${test.info().project.use.baseURL!}/healthz`, { agent }, (response) => {
          response.resume();
          resolve(response.headers["keep-alive"] as string | undefined);
        })
        .on("error", reject);
    });
    expect(keepAlive).toBe("timeout=65");
  } finally {
    agent.destroy();
  }
});

test("security headers are set by the server", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["content-security-policy"]).toContain("https://js.stripe.com");
  expect(headers["content-security-policy"]).toContain("tile.openstreetmap.org");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // Forms post to us, and "Set up payouts" redirects to Stripe's hosted onboarding.
  expect(headers["content-security-policy"]).toContain("form-action 'self' https://connect.stripe.com;");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

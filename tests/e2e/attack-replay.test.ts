import { expect, requestContextAs, test } from "./fixtures";

// Attacks found by probing the running server from outside, replayed through
// the whole HTTP stack (docs/decisions/0010). The integration suite replays
// every endpoint the auth library mounts (tests/integration/attack-suite.test.ts);
// these are the ones that did harm, by kind of user.

const AUTH_ATTACKS: { method: "GET" | "POST"; path: string; data?: Record<string, unknown> }[] = [
  { method: "POST", path: "/admin/impersonate-user", data: { userId: "00000000-0000-4000-8000-000000000000" } },
  { method: "POST", path: "/admin/set-user-password", data: { userId: "x", newPassword: "Takeover123!" } },
  { method: "POST", path: "/admin/set-role", data: { userId: "x", role: "admin" } },
  { method: "GET", path: "/admin/list-users" },
  { method: "POST", path: "/admin/create-user", data: { email: "hidden@example.com", password: "x", name: "x" } },
  { method: "POST", path: "/update-user", data: { name: "x".repeat(100_000) } },
  { method: "GET", path: "/list-sessions" },
  { method: "GET", path: "/get-session" },
  { method: "POST", path: "/revoke-sessions" },
  { method: "POST", path: "/change-password", data: { currentPassword: "x", newPassword: "y" } },
  { method: "POST", path: "/delete-user" },
  { method: "POST", path: "/sign-up/email", data: { email: "x@example.com", password: "x", name: "x" } },
  { method: "POST", path: "/sign-in/email", data: { email: "admin@demo.tendly.test", password: "DemoPass123!" } },
  { method: "POST", path: "/two-factor/enable", data: { password: "DemoPass123!" } },
];

test("the auth library's own endpoints answer 404 to everyone, administrators included", async ({ playwright }) => {
  const answered: string[] = [];
  let cases = 0;
  for (const visitor of ["anonymous", "client", "caregiver", "admin"] as const) {
    const context = await requestContextAs(playwright, visitor);
    for (const attack of AUTH_ATTACKS) {
      const url = `/api/auth${attack.path}`;
      const response =
        attack.method === "GET" ? await context.get(url) : await context.post(url, { data: attack.data ?? {} });
      if (response.status() !== 404) answered.push(`${visitor} ${attack.method} ${url}: ${response.status()}`);
      cases += 1;
    }
    await context.dispose();
  }
  expect(answered).toEqual([]);
  console.info(`auth endpoints: ${cases} requests`);
});

test("public pages and their data carry no internal id", async ({ request }) => {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  const carrying: string[] = [];
  for (const path of ["/", "/providers", "/providers?zip=60614", "/caregiver/jordan-rivera", "/services", "/blog"]) {
    const [pathname, search = ""] = path.split("?");
    const data = `${pathname === "/" ? "/_" : pathname}.data${search ? `?${search}` : ""}`;
    for (const url of [path, data]) {
      const body = await (await request.get(url)).text();
      if (uuid.test(body)) carrying.push(`${url}: ${body.match(uuid)![0]}`);
    }
  }
  expect(carrying).toEqual([]);
});

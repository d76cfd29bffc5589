import { expect, test } from "./fixtures";

// Every state-changing request from another site is refused before any route
// runs (app/utils/same-origin.ts), signed in or not.
test("a form posted from another site is refused; the same form from our pages is not", async ({ request }) => {
  const form = { email: "someone@example.test", password: "wrong-password" };
  const crossSite = await request.post("/login/desktop", {
    form,
    headers: { origin: "https://evil.test" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.text()).toBe("Cross-site request refused.");

  const register = await request.post("/register", {
    form: { firstName: "Mallory" },
    headers: { "sec-fetch-site": "cross-site" },
    maxRedirects: 0,
  });
  expect(register.status()).toBe(403);

  const baseURL = test.info().project.use.baseURL!;
  const sameSite = await request.post("/login/desktop", { form, headers: { origin: baseURL }, maxRedirects: 0 });
  expect(sameSite.status()).not.toBe(403);
});

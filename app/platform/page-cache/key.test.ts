import { describe, expect, test } from "vitest";
import { isCachedPath, pageCacheKey } from "./key";

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  pageCacheKey({
    method,
    url: `http://127.0.0.1:3000${path}`,
    headers: new Headers({ host: "127.0.0.1:3000", ...headers }),
  });

describe("which pages are cached", () => {
  test.each([
    "/",
    "/services",
    "/providers",
    "/caregivers",
    "/about",
    "/terms",
    "/privacy",
    "/accessibility",
    "/how-it-works",
    "/safety-and-trust",
    "/become-caregiver",
    "/blog",
    "/blog/choosing-a-caregiver",
    "/caregiver/maria-g",
    "/provider/apply",
  ])("%s is", (path) => {
    expect(isCachedPath(path)).toBe(true);
  });

  test.each([
    "/contact",
    "/login/desktop",
    "/register",
    "/forgot-password",
    "/admin/login",
    "/newsletter",
    "/dashboard",
    "/caregiver",
    "/caregiver/schedule",
    "/caregiver/profile",
    "/services.data",
    "/caregiver/maria-g/extra",
    "/about/",
    "/request/client-info",
  ])("%s is not", (path) => {
    expect(isCachedPath(path)).toBe(false);
  });
});

describe("what bypasses the cache", () => {
  test("a signed-out GET or HEAD of a public page has a key", () => {
    expect(get("/services")).not.toBeNull();
    expect(get("/services", {}, "HEAD")).toBe(get("/services"));
  });

  test("any other method never has one", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(get("/services", {}, method)).toBeNull();
  });

  test("a session cookie, a toast or any cookie the key does not hold bypasses it", () => {
    expect(get("/", { cookie: "better-auth.session_token=abc.def" })).toBeNull();
    expect(get("/", { cookie: "__Secure-better-auth.session_token=abc" })).toBeNull();
    expect(get("/", { cookie: "tendly-locale=es; tendly-toast=%7B%7D" })).toBeNull();
    expect(get("/", { cookie: "tendly-application=1" })).toBeNull();
    expect(get("/", { cookie: "something-new=1" })).toBeNull();
  });

  test("the preference cookies and the trusted-device mark do not", () => {
    const cookie = "tendly-locale=en; tendly-theme=dark; tendly-text-size=large; tendly-mode=desktop; tendly-device=x";
    expect(get("/", { cookie })).not.toBeNull();
  });

  test("a ?lang= that sets the language cookie bypasses it; one the cookie already says does not", () => {
    expect(get("/?lang=es")).toBeNull();
    expect(get("/?lang=es", { cookie: "tendly-locale=es" })).not.toBeNull();
  });

  test("a very long query bypasses it", () => {
    expect(get(`/providers?zip=${"1".repeat(600)}`)).toBeNull();
  });
});

describe("what the key holds", () => {
  test("the language, whichever way the root loader picks it", () => {
    const english = get("/");
    const spanishByHeader = get("/", { "accept-language": "es-MX,es;q=0.9" });
    const spanishByCookie = get("/", { cookie: "tendly-locale=es" });
    const spanishByQuery = get("/?lang=es", { cookie: "tendly-locale=es" });
    expect(spanishByHeader).not.toBe(english);
    expect(spanishByCookie).toBe(spanishByHeader);
    // The query is part of the key too: /?lang=es is its own page (its links keep the parameter).
    expect(spanishByQuery).not.toBe(spanishByCookie);
    // The cookie wins over the browser's language, as in the root loader.
    expect(get("/", { cookie: "tendly-locale=en", "accept-language": "es" })).toBe(english);
  });

  test("the query, parameters sorted", () => {
    expect(get("/providers?service=companionship&sort=rating")).toBe(
      get("/providers?sort=rating&service=companionship"),
    );
    expect(get("/providers?service=companionship")).not.toBe(get("/providers?service=housekeeping"));
    expect(get("/providers")).not.toBe(get("/caregivers"));
  });

  test("the display preferences the root's Layout writes into <html>, and the app mode", () => {
    const plain = get("/");
    expect(get("/", { cookie: "tendly-text-size=large" })).not.toBe(plain);
    expect(get("/", { cookie: "tendly-theme=dark" })).not.toBe(plain);
    expect(get("/", { cookie: "tendly-system-theme=dark" })).not.toBe(plain);
    expect(get("/", { "sec-ch-prefers-color-scheme": "dark" })).not.toBe(plain);
    expect(get("/", { cookie: "tendly-mode-override=mobile" })).not.toBe(plain);
    const iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    expect(get("/", { "user-agent": iphone })).not.toBe(plain);
    // Unknown or default values are the defaults.
    expect(get("/", { cookie: "tendly-text-size=normal" })).toBe(plain);
  });

  test("crawlers, whose pages are rendered whole before they are sent", () => {
    expect(get("/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" })).not.toBe(get("/"));
  });

  test("the host and the forwarding headers: no page is kept under another's host", () => {
    expect(get("/", { host: "evil.example" })).not.toBe(get("/"));
    expect(get("/", { "x-forwarded-host": "evil.example" })).not.toBe(get("/"));
    expect(get("/", { "x-forwarded-proto": "https" })).not.toBe(get("/"));
  });
});

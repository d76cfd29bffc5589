import { describe, expect, test } from "vitest";
import {
  homePathFor,
  homeRedirectTarget,
  isDataRequest,
  isDirectLoad,
  loginPathFor,
  loginRedirectUrl,
  recoveryHashTarget,
  requestLocation,
  safeRedirectPath,
  signedOutPath,
} from "./redirects";

describe("loginPathFor", () => {
  test("the admin area signs in at /admin/login, whatever the mode", () => {
    expect(loginPathFor("/admin", "desktop")).toBe("/admin/login");
    expect(loginPathFor("/admin/users", "mobile")).toBe("/admin/login");
  });

  test("everything else signs in at the page of the app mode", () => {
    expect(loginPathFor("/dashboard", "desktop")).toBe("/login/desktop");
    expect(loginPathFor("/dashboard", "mobile")).toBe("/login/pwa");
    expect(loginPathFor("/administrator", "desktop")).toBe("/login/desktop");
  });
});

describe("homePathFor", () => {
  test("admin wins over caregiver, caregiver over client", () => {
    expect(homePathFor(["client", "caregiver", "admin"])).toBe("/admin");
    expect(homePathFor(["client", "caregiver"])).toBe("/caregiver");
    expect(homePathFor(["caregiver"])).toBe("/caregiver");
    expect(homePathFor(["client"])).toBe("/dashboard");
    expect(homePathFor([])).toBe("/dashboard");
  });
});

describe("safeRedirectPath", () => {
  test("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard")).toBe("/dashboard");
    expect(safeRedirectPath("/dashboard/appointments?tab=past#top")).toBe("/dashboard/appointments?tab=past#top");
  });

  test.each([
    "https://evil.test/",
    "//evil.test",
    "/\\evil.test",
    "javascript:alert(1)",
    "dashboard",
    // Browsers drop tabs and newlines inside URLs, turning these into //evil.test.
    "/\t/evil.test",
    "/\n/evil.test",
    "/\r\n/evil.test",
  ])("refuses %j, which could leave the site", (value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  test("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirectPath("/café?q=ü#à")).toBe("/caf%C3%A9?q=%C3%BC#%C3%A0");
    // A broken escape decoded by URLSearchParams becomes U+FFFD.
    expect(safeRedirectPath("/\uFFFD\uFFFD")).toBe("/%EF%BF%BD%EF%BF%BD");
    expect(safeRedirectPath("/\uD800")).toBe("/%EF%BF%BD");
    expect(safeRedirectPath("/dashboard/billing?x=a%20b")).toBe("/dashboard/billing?x=a%20b");
    const target = safeRedirectPath("/dashboard?q=日本")!;
    expect(() => new Headers({ Location: target })).not.toThrow();
  });

  test("refuses a NUL byte or a very long target", () => {
    expect(safeRedirectPath("/dash\u0000board")).toBeUndefined();
    expect(safeRedirectPath(`/${"a".repeat(5000)}`)).toBeUndefined();
  });

  test("refuses empty values", () => {
    expect(safeRedirectPath("")).toBeUndefined();
    expect(safeRedirectPath(null)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
  });
});

describe("loginRedirectUrl", () => {
  test("carries the page the visitor asked for, query included", () => {
    const request = new Request("http://127.0.0.1:3000/dashboard/billing?invoice=42&x=a b");
    const url = new URL(loginRedirectUrl(request, "desktop"), "http://127.0.0.1:3000");
    expect(url.pathname).toBe("/login/desktop");
    expect(url.searchParams.get("redirectTo")).toBe("/dashboard/billing?invoice=42&x=a%20b");
    expect(safeRedirectPath(url.searchParams.get("redirectTo"))).toBe("/dashboard/billing?invoice=42&x=a%20b");
  });

  test("admin pages go to the admin login; mobile to the PWA login", () => {
    expect(loginRedirectUrl(new Request("http://127.0.0.1:3000/admin/users"), "mobile")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fusers",
    );
    expect(loginRedirectUrl(new Request("http://127.0.0.1:3000/caregiver"), "mobile")).toBe(
      "/login/pwa?redirectTo=%2Fcaregiver",
    );
  });
});

const location = (url: string) => {
  const { pathname, search } = requestLocation(new Request(url));
  return pathname + search;
};

describe("requestLocation", () => {
  test("names the page of a single-fetch data request", () => {
    expect(location("http://x.test/dashboard/billing.data?_routes=routes%2Fclient%2Flayout")).toBe(
      "/dashboard/billing",
    );
    expect(location("http://x.test/_.data")).toBe("/");
    expect(location("http://x.test/dashboard/_.data?tab=2&_routes=a")).toBe("/dashboard/?tab=2");
  });

  test("leaves document URLs exactly as they are", () => {
    expect(location("http://x.test/dashboard/billing?x=a%20b")).toBe("/dashboard/billing?x=a%20b");
    expect(location("http://x.test/blog/metadata")).toBe("/blog/metadata");
  });

  test("loginRedirectUrl carries the page, not the data URL", () => {
    expect(loginRedirectUrl(new Request("http://x.test/admin/users.data?_routes=r"), "desktop")).toBe(
      "/admin/login?redirectTo=%2Fadmin%2Fusers",
    );
  });
});

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://x.test${path}`, { headers, method });

describe("isDataRequest and isDirectLoad", () => {
  test("data requests are client-side navigations", () => {
    expect(isDataRequest(get("/_.data"))).toBe(true);
    expect(isDataRequest(get("/"))).toBe(false);
    expect(isDirectLoad(get("/_.data", { "sec-fetch-site": "none" }))).toBe(false);
  });

  test("a load the browser started itself (typed, bookmark, reload) is direct", () => {
    expect(isDirectLoad(get("/", { "sec-fetch-site": "none" }))).toBe(true);
    expect(isDirectLoad(get("/"))).toBe(true);
    // Forwarded by our service worker, which becomes the initiator.
    expect(isDirectLoad(get("/", { "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" }))).toBe(true);
  });

  test("a link, a redirect from elsewhere or a referrer is not", () => {
    expect(isDirectLoad(get("/", { "sec-fetch-site": "same-origin", referer: "http://x.test/about" }))).toBe(false);
    expect(isDirectLoad(get("/", { "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(isDirectLoad(get("/", { "sec-fetch-site": "same-site" }))).toBe(false);
    expect(isDirectLoad(get("/", { referer: "http://x.test/about" }))).toBe(false);
    expect(isDirectLoad(get("/", { referer: "https://search.test/" }))).toBe(false);
    expect(isDirectLoad(get("/", { "sec-fetch-site": "none" }, "POST"))).toBe(false);
  });
});

const target = (path: string, roles: ("client" | "caregiver" | "admin")[] | null, isDirect = true) =>
  homeRedirectTarget({ url: new URL(path, "http://x.test"), roles, isDirectLoad: isDirect });

describe("homeRedirectTarget (home page redirects)", () => {
  test("a recovery link goes to /reset-password with its parameters, signed in or not", () => {
    expect(target("/?type=recovery&token=t1", null)).toBe("/reset-password?type=recovery&token=t1");
    expect(target("/?token=t1&type=recovery", ["admin"], false)).toBe("/reset-password?token=t1&type=recovery");
  });

  test("a sign-up link goes to /verify-email only with both tokens", () => {
    expect(target("/?type=signup&access_token=a&refresh_token=r", null, false)).toBe(
      "/verify-email?type=signup&access_token=a&refresh_token=r",
    );
    expect(target("/?type=signup&access_token=a", null)).toBeUndefined();
    expect(target("/?type=signup&refresh_token=r", null)).toBeUndefined();
  });

  test("a signed-in user on a direct load goes to their home, admin first", () => {
    expect(target("/", ["client"])).toBe("/dashboard");
    expect(target("/", ["caregiver"])).toBe("/caregiver");
    expect(target("/", ["client", "admin"])).toBe("/admin");
    expect(target("/?utm_source=mail", ["caregiver", "client"])).toBe("/caregiver");
  });

  test("nobody moves on a navigation, anonymous visitors stay, and the areas are never redirected", () => {
    expect(target("/", ["client"], false)).toBeUndefined();
    expect(target("/", null)).toBeUndefined();
    expect(target("/dashboard", ["admin"])).toBeUndefined();
    expect(target("/admin/users?type=recovery", ["admin"])).toBeUndefined();
    expect(target("/caregiver", ["client"])).toBeUndefined();
  });
});

describe("recoveryHashTarget", () => {
  test("the hash form of a recovery link goes to /reset-password with its tokens", () => {
    expect(recoveryHashTarget({ search: "", hash: "#access_token=a&refresh_token=r&type=recovery" })).toBe(
      "/reset-password#access_token=a&refresh_token=r&type=recovery",
    );
    expect(recoveryHashTarget({ search: "?x=1", hash: "#type=recovery" })).toBe("/reset-password?x=1#type=recovery");
  });

  test("other hashes stay", () => {
    expect(recoveryHashTarget({ search: "", hash: "" })).toBeUndefined();
    expect(recoveryHashTarget({ search: "", hash: "#services" })).toBeUndefined();
    expect(recoveryHashTarget({ search: "", hash: "#type=signup" })).toBeUndefined();
  });
});

describe("signedOutPath (Sign Out)", () => {
  test("the stored override forces the choice", () => {
    expect(signedOutPath({ override: "mobile", submitted: "desktop", fromRequest: "desktop" })).toBe("/login/pwa");
    expect(signedOutPath({ override: "desktop", submitted: "mobile", fromRequest: "mobile" })).toBe("/login/desktop");
  });

  test("else what the browser detected, else the request's hints", () => {
    expect(signedOutPath({ override: undefined, submitted: "mobile", fromRequest: "desktop" })).toBe("/login/pwa");
    expect(signedOutPath({ override: undefined, submitted: "desktop", fromRequest: "mobile" })).toBe("/login/desktop");
    expect(signedOutPath({ override: undefined, submitted: null, fromRequest: "mobile" })).toBe("/login/pwa");
    expect(signedOutPath({ override: undefined, submitted: "tablet", fromRequest: "desktop" })).toBe("/login/desktop");
  });
});

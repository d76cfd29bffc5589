import { describe, expect, test } from "vitest";
import { homePathFor, loginPathFor, loginRedirectUrl, safeRedirectPath } from "./redirects";

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

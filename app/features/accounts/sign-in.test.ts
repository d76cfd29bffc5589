import { describe, expect, it } from "vitest";
import { COMPACT_MESSAGES, FULL_MESSAGES, signInDestination } from "./sign-in";

describe("signInDestination", () => {
  it("honours a same-site origin first", () => {
    expect(signInDestination({ page: "desktop", roles: ["client"], redirectTo: "/dashboard/billing" })).toBe(
      "/dashboard/billing",
    );
    expect(signInDestination({ page: "admin", roles: ["admin"], redirectTo: "https://evil.test/" })).toBe("/admin");
  });

  it("leads from the admin login to /admin", () => {
    expect(signInDestination({ page: "admin", roles: ["admin"] })).toBe("/admin");
    expect(signInDestination({ page: "admin", roles: ["client"] })).toBe("/admin");
  });

  it("sends caregivers to /caregiver and everyone else to /dashboard from the app-mode login", () => {
    expect(signInDestination({ page: "pwa", roles: ["caregiver"] })).toBe("/caregiver");
    expect(signInDestination({ page: "pwa", roles: ["admin"] })).toBe("/dashboard");
    expect(signInDestination({ page: "pwa", roles: ["client"] })).toBe("/dashboard");
  });

  it("sends desktop sign-ins home by role", () => {
    expect(signInDestination({ page: "desktop", roles: ["admin", "client"] })).toBe("/admin");
    expect(signInDestination({ page: "desktop", roles: ["caregiver"] })).toBe("/caregiver");
    expect(signInDestination({ page: "desktop", roles: ["client"] })).toBe("/dashboard");
  });
});

describe("the login error catalogue", () => {
  it("has the product's texts", () => {
    expect(FULL_MESSAGES.invalid.text).toBe(
      "Hmm, that email and password combination doesn't look right. Please try again!",
    );
    expect(FULL_MESSAGES["too-many"].text).toBe(
      "Whoa there! Too many attempts. Please take a breather and try again in a few minutes.",
    );
    expect(COMPACT_MESSAGES.other).toBe("Something went wrong. Please try again in a moment.");
  });
});

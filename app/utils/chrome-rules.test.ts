import { describe, expect, it } from "vitest";
import {
  headerLinksAfterServices,
  isDarkFor,
  isFooterHidden,
  isMoveWithinWizard,
  isPublicPath,
  mapsSearchUrl,
  menuRoleFor,
  messagesPathFor,
  notificationSettingsPathFor,
  ROLE_MENUS,
  showsCareBookingButton,
} from "./chrome-rules";

describe("public paths", () => {
  it.each([
    "/",
    "/home",
    "/about",
    "/blog",
    "/blog/choosing-a-caregiver",
    "/services",
    "/provider/jane",
    "/caregiver/maria-lopez",
    "/register/caregiver/personal-info",
    "/login/desktop",
    "/admin/login",
    "/admin/invite",
    "/about/",
  ])("%s is public", (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each(["/dashboard", "/dashboard/settings", "/caregiver", "/caregiver/schedule", "/admin", "/request/schedule"])(
    "%s is not public",
    (path) => {
      expect(isPublicPath(path)).toBe(false);
    },
  );
});

describe("footer", () => {
  it.each([
    "/dashboard",
    "/dashboard/billing",
    "/caregiver",
    "/caregiver/earnings",
    "/request",
    "/request/client-info",
  ])("is hidden on %s", (path) => {
    expect(isFooterHidden(path, false)).toBe(true);
    expect(isFooterHidden(path, true)).toBe(true);
  });

  it("is hidden on /provider subpaths only when signed in", () => {
    expect(isFooterHidden("/provider/jane", true)).toBe(true);
    expect(isFooterHidden("/provider/jane", false)).toBe(false);
  });

  it.each(["/", "/about", "/providers", "/requests-help", "/admin"])("shows on %s", (path) => {
    expect(isFooterHidden(path, true)).toBe(false);
  });
});

describe("floating Care booking button", () => {
  it("shows on public pages in app mode only", () => {
    expect(showsCareBookingButton("/", true)).toBe(true);
    expect(showsCareBookingButton("/about", true)).toBe(true);
    expect(showsCareBookingButton("/", false)).toBe(false);
  });

  it.each(["/dashboard", "/caregiver", "/admin", "/admin/login", "/caregiver/schedule"])("is hidden on %s", (path) => {
    expect(showsCareBookingButton(path, true)).toBe(false);
  });

  it.each([
    "/login",
    "/login/pwa",
    "/login/desktop/",
    "/register",
    "/register/caregiver/personal-info",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/auth/callback",
  ])("stays off the account screen %s, where it would cover the form", (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(showsCareBookingButton(path, true)).toBe(false);
  });

  it.each(["/services", "/providers", "/blog/choosing-a-caregiver", "/contact"])(
    "still shows on the public page %s",
    (path) => {
      expect(showsCareBookingButton(path, true)).toBe(true);
    },
  );
});

describe("role menu and badge", () => {
  it("chooses admin, then caregiver, then client", () => {
    expect(menuRoleFor(["client", "admin"])).toBe("admin");
    expect(menuRoleFor(["client", "caregiver"])).toBe("caregiver");
    expect(menuRoleFor(["client"])).toBe("client");
    expect(menuRoleFor([])).toBe("client");
  });

  it("lists the menu items for each role", () => {
    expect(ROLE_MENUS.client.map((item) => item.to)).toEqual([
      "/dashboard",
      "/dashboard/appointments",
      "/dashboard/messages",
      "/dashboard/documents",
      "/dashboard/billing",
      "/dashboard/providers",
      "/dashboard/family",
      "/dashboard/profile",
      "/dashboard/settings",
    ]);
    expect(ROLE_MENUS.caregiver.map((item) => item.to)).toEqual([
      "/caregiver",
      "/caregiver/orders",
      "/caregiver/schedule",
      "/caregiver/availability",
      "/caregiver/clients",
      "/caregiver/earnings",
      "/caregiver/training",
      "/caregiver/credentials",
      "/caregiver/messages",
      "/caregiver/profile",
      "/caregiver/settings",
    ]);
    expect(ROLE_MENUS.admin.map((item) => item.to)).toEqual([
      "/admin",
      "/admin/caregivers",
      "/admin/orders",
      "/admin/visits",
      "/admin/users",
      "/admin/pricing",
      "/admin/billing",
      "/admin/payouts",
      "/admin/support",
      "/admin/analytics",
      "/admin/settings",
    ]);
  });
});

describe("header links", () => {
  it("sends Messages to each person's inbox, or home when signed out", () => {
    expect(messagesPathFor(null)).toBe("/");
    expect(messagesPathFor(["caregiver"])).toBe("/caregiver/messages");
    expect(messagesPathFor(["client"])).toBe("/dashboard/messages");
    expect(messagesPathFor(["admin"])).toBe("/dashboard/messages");
  });

  it("keeps the order and labels after Services", () => {
    expect(headerLinksAfterServices(["client"])).toEqual([
      { to: "/providers", label: "Providers" },
      { to: "/request", label: "Find Care" },
      { to: "/blog", label: "Resources" },
      { to: "/about", label: "About" },
      { to: "/dashboard/messages", label: "Messages" },
    ]);
  });
});

describe("notification settings shortcut", () => {
  it("opens the notifications tab for clients and each area's settings otherwise", () => {
    expect(notificationSettingsPathFor(["client"])).toBe("/dashboard/settings?tab=notifications");
    expect(notificationSettingsPathFor(["caregiver"])).toBe("/caregiver/settings?tab=notifications");
    expect(notificationSettingsPathFor(["admin", "client"])).toBe("/admin/settings#notifications");
  });
});

describe("dark mode", () => {
  it("never applies on public pages", () => {
    expect(isDarkFor({ pathname: "/about", theme: "dark", systemTheme: "dark" })).toBe(false);
    expect(isDarkFor({ pathname: "/", theme: "system", systemTheme: "dark" })).toBe(false);
  });

  it("applies by choice or by following the system elsewhere", () => {
    expect(isDarkFor({ pathname: "/dashboard", theme: "dark", systemTheme: "light" })).toBe(true);
    expect(isDarkFor({ pathname: "/dashboard", theme: "light", systemTheme: "dark" })).toBe(false);
    expect(isDarkFor({ pathname: "/dashboard", theme: "system", systemTheme: "dark" })).toBe(true);
    expect(isDarkFor({ pathname: "/dashboard", theme: "system", systemTheme: "light" })).toBe(false);
  });
});

describe("maps search", () => {
  it("encodes the address as the query", () => {
    expect(mapsSearchUrl("233 S Wacker Dr, Chicago, IL 60606")).toBe(
      "https://www.google.com/maps/search/?api=1&query=233%20S%20Wacker%20Dr%2C%20Chicago%2C%20IL%2060606",
    );
  });
});

const url = (path: string) => new URL(path, "https://tendly.test");

describe("isMoveWithinWizard", () => {
  it("is a move between two pages of the request wizard, whatever the query", () => {
    expect(isMoveWithinWizard(url("/request/client-info"), url("/request/health-needs"))).toBe(true);
    expect(isMoveWithinWizard(url("/request/review-submit"), url("/request/thank-you?order=TND-1"))).toBe(true);
  });
  it("is not a move into or out of the wizard, nor one between pages that only share a prefix", () => {
    expect(isMoveWithinWizard(url("/"), url("/request/client-info"))).toBe(false);
    expect(isMoveWithinWizard(url("/request/review-submit"), url("/login?redirectTo=/request/review-submit"))).toBe(
      false,
    );
    expect(isMoveWithinWizard(url("/request-care"), url("/request/client-info"))).toBe(false);
  });
});

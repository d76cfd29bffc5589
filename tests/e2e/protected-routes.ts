import type { DemoAccount } from "./fixtures";

// Every protected route (docs/product-rules.md, "Areas, roles and redirects") and who may open it. Orders do not
// exist yet, so the parameterised routes use a well-formed order id and
// number (TN-YYYY-NNNNNN) and invoice number (INV-YYYY-NNNNNN); the guards answer before any page looks them up.
export type Area = "client" | "caregiver" | "admin";

export const ORDER_ID = "5f0c6c1e-8d1a-4c36-9b8e-2f3a4b5c6d7e";
export const ORDER_NUMBER = "TN-2026-000123";
export const INVOICE_NUMBER = "INV-2026-000123";

export const PROTECTED_ROUTES: { path: string; area: Area }[] = [
  ...[
    "/dashboard",
    "/dashboard/appointments",
    `/dashboard/appointments/order/${ORDER_ID}`,
    `/dashboard/orders/${ORDER_NUMBER}/feedback`,
    "/dashboard/messages",
    "/dashboard/profile",
    `/dashboard/profile/recipients/${ORDER_ID}`,
    "/dashboard/settings",
    "/dashboard/settings?tab=notifications",
    "/dashboard/family",
    "/dashboard/family/join?token=x",
    "/dashboard/documents",
    "/dashboard/providers",
    "/dashboard/billing",
    "/dashboard/billing/card",
    `/dashboard/billing/${INVOICE_NUMBER}`,
  ].map((path) => ({ path, area: "client" as const })),
  ...[
    "/caregiver",
    "/caregiver/schedule",
    "/caregiver/availability",
    "/caregiver/clients",
    "/caregiver/orders",
    `/caregiver/orders/${ORDER_ID}`,
    `/caregiver/visits/${ORDER_ID}/note`,
    `/caregiver/visits/${ORDER_ID}/backup`,
    "/caregiver/earnings",
    "/caregiver/training",
    "/caregiver/training/safe-transfers",
    "/caregiver/credentials",
    "/caregiver/messages",
    "/caregiver/profile",
    "/caregiver/settings",
  ].map((path) => ({ path, area: "caregiver" as const })),
  ...[
    "/admin",
    "/admin/caregivers",
    "/admin/orders",
    `/admin/orders/${ORDER_ID}`,
    "/admin/visits",
    "/admin/users",
    "/admin/pricing",
    "/admin/billing",
    `/admin/billing/${INVOICE_NUMBER}`,
    "/admin/payouts",
    "/admin/training",
    "/admin/training/new",
    "/admin/credentials",
    "/admin/analytics",
    "/admin/settings",
    "/admin/support",
    "/admin/audit",
  ].map((path) => ({ path, area: "admin" as const })),
];

/** The accessible name of each area's menu (its <nav aria-label>), which only a page of the area carries. */
export const AREA_MENUS: Record<Area, string> = {
  client: "Client menu",
  caregiver: "Caregiver menu",
  admin: "Admin menu",
};

export type Visitor = "anonymous" | DemoAccount;

export const VISITORS: Visitor[] = [
  "anonymous",
  "client",
  "caregiver",
  "pending-caregiver",
  "suspended-caregiver",
  "admin",
  "admin-client",
];

/** The areas each kind of user holds a role for (user_roles). */
const AREAS: Record<Visitor, Area[]> = {
  anonymous: [],
  client: ["client"],
  caregiver: ["caregiver"],
  "pending-caregiver": ["caregiver"],
  "suspended-caregiver": ["caregiver"],
  admin: ["admin"],
  "admin-client": ["admin", "client"],
};

const HOMES: Record<Exclude<Visitor, "anonymous">, string> = {
  client: "/dashboard",
  caregiver: "/caregiver",
  "pending-caregiver": "/caregiver",
  "suspended-caregiver": "/caregiver",
  admin: "/admin",
  "admin-client": "/admin",
};

/** The screen a blocked caregiver sees on every /caregiver page. */
export const STATUS_SCREENS: Partial<Record<Visitor, string>> = {
  "pending-caregiver": "Your application is pending review",
  "suspended-caregiver": "Account Suspended",
};

export type Outcome =
  | { kind: "page" }
  | { kind: "status-screen"; heading: string }
  | { kind: "redirect"; to: string; showing?: { kind: "status-screen"; heading: string } };

/**
 * Anonymous visitors sign in (admin pages at /admin/login, others on
 * the login page of the app mode) with the origin carried; users without a
 * role for the area go to their home; pending or suspended caregivers see
 * their status screen instead of any caregiver page.
 */
export function expectedOutcome(visitor: Visitor, route: { path: string; area: Area }, isMobile: boolean): Outcome {
  if (visitor === "anonymous") {
    const login = route.area === "admin" ? "/admin/login" : isMobile ? "/login/pwa" : "/login/desktop";
    return { kind: "redirect", to: `${login}?${new URLSearchParams({ redirectTo: route.path })}` };
  }
  const statusHeading = STATUS_SCREENS[visitor];
  const status = statusHeading ? ({ kind: "status-screen", heading: statusHeading } as const) : undefined;
  if (AREAS[visitor].includes(route.area)) return status ?? { kind: "page" };
  return { kind: "redirect", to: HOMES[visitor], ...(status ? { showing: status } : {}) };
}

/** Who may see the route's content. */
export function maySee(visitor: Visitor, route: { path: string; area: Area }): boolean {
  return expectedOutcome(visitor, route, false).kind === "page";
}

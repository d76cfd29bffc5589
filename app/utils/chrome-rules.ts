import type { Role } from "./roles";
import { SERVICE_LABELS, type ServiceId } from "./services";

// The rules of the shared chrome (docs/product-rules.md, "Public site and header"), as pure
// functions of the path and the user so that they are tested in one place.

const AREA_PREFIXES = ["/dashboard", "/caregiver", "/admin"] as const;
/** Segments under /caregiver that belong to the caregiver area, not a public profile. */
export const CAREGIVER_AREA_SEGMENTS = new Set([
  "schedule",
  "clients",
  "orders",
  "earnings",
  "training",
  "messages",
  "profile",
  "settings",
]);

function startsWithSegment(pathname: string, prefix: string) {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

const PUBLIC_EXACT = new Set([
  "/",
  "/home",
  "/about",
  "/blog",
  "/services",
  "/safety-and-trust",
  "/become-caregiver",
  "/providers",
  "/caregivers",
  "/contact",
  "/privacy",
  "/terms",
  "/accessibility",
  "/how-it-works",
  "/login",
  "/login/pwa",
  "/login/desktop",
  "/signup",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/admin/login",
  "/admin/invite",
]);
const PUBLIC_PREFIXES = ["/blog", "/auth", "/register", "/provider"];

/** Public routes, which never get dark mode. */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (PUBLIC_EXACT.has(path)) return true;
  if (PUBLIC_PREFIXES.some((prefix) => startsWithSegment(path, prefix))) return true;
  // /caregiver/{slug} is a public profile; /caregiver and its area pages are not.
  const caregiverProfile = /^\/caregiver\/([^/]+)$/.exec(path);
  return !!caregiverProfile && !CAREGIVER_AREA_SEGMENTS.has(caregiverProfile[1]!);
}

export function isAreaPath(pathname: string): boolean {
  return AREA_PREFIXES.some((prefix) => startsWithSegment(pathname, prefix));
}

/** Footer: hidden on /dashboard, /caregiver, /request and below, and on /provider/... when signed in. */
export function isFooterHidden(pathname: string, isSignedIn: boolean): boolean {
  if (["/dashboard", "/caregiver", "/request"].some((prefix) => startsWithSegment(pathname, prefix))) return true;
  return isSignedIn && pathname.startsWith("/provider/");
}

/**
 * The account screens: signing in, registering (a caregiver's application too), passwords and verification.
 * Someone there is in the middle of a form, and a floating button would sit over its last controls.
 */
const ACCOUNT_EXACT = new Set(["/login", "/signup", "/forgot-password", "/reset-password", "/verify-email"]);
const ACCOUNT_PREFIXES = ["/login", "/register", "/auth"];

function isAccountPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ACCOUNT_EXACT.has(path) || ACCOUNT_PREFIXES.some((prefix) => startsWithSegment(path, prefix));
}

/**
 * Whether a navigation goes from one page of the request wizard to another. Such a move changes nothing on
 * the server, so neither the root's data nor the wizard's is read again (root.tsx and routes/request/layout.tsx
 * `shouldRevalidate`), and the steps work with no connection (docs/decisions/0015-routes-known-offline.md).
 */
export function isMoveWithinWizard(from: URL, to: URL): boolean {
  return from.pathname.startsWith("/request/") && to.pathname.startsWith("/request/");
}

/**
 * The floating Care booking button: public pages, in app mode or on mobile, never in the areas, and not on the
 * account screens, where it would cover the form (the app login's demo accounts, an application's Next button).
 */
export function showsCareBookingButton(pathname: string, isAppMode: boolean): boolean {
  return isAppMode && isPublicPath(pathname) && !isAreaPath(pathname) && !isAccountPath(pathname);
}

export type MenuRole = "admin" | "caregiver" | "client";

/** Admin if any role is admin, else caregiver, else client. */
export function menuRoleFor(roles: readonly Role[]): MenuRole {
  if (roles.includes("admin")) return "admin";
  if (roles.includes("caregiver")) return "caregiver";
  return "client";
}

/** Header "Messages": caregivers to their inbox, other users to theirs, signed out to /. */
export function messagesPathFor(roles: readonly Role[] | null): string {
  if (!roles) return "/";
  return roles.includes("caregiver") && !roles.includes("admin") ? "/caregiver/messages" : "/dashboard/messages";
}

export type MenuItem = { to: string; label: string; icon: string };

/** Each role's menu: every screen of its area one click away (docs/product-rules.md, "Public site and header"). */
export const ROLE_MENUS: Record<MenuRole, MenuItem[]> = {
  client: [
    { to: "/dashboard", label: "Dashboard", icon: "layout-dashboard" },
    { to: "/dashboard/appointments", label: "Appointments", icon: "calendar" },
    { to: "/dashboard/messages", label: "Messages", icon: "message-circle" },
    { to: "/dashboard/documents", label: "Documents", icon: "file-text" },
    { to: "/dashboard/billing", label: "Billing", icon: "credit-card" },
    { to: "/dashboard/providers", label: "Your Caregiver", icon: "heart-handshake" },
    { to: "/dashboard/family", label: "Family", icon: "users" },
    { to: "/dashboard/profile", label: "Profile", icon: "user" },
    { to: "/dashboard/settings", label: "Settings", icon: "settings" },
  ],
  caregiver: [
    { to: "/caregiver", label: "Dashboard", icon: "layout-dashboard" },
    { to: "/caregiver/orders", label: "Offers & Orders", icon: "briefcase-business" },
    { to: "/caregiver/schedule", label: "Schedule", icon: "calendar" },
    { to: "/caregiver/availability", label: "Time off", icon: "calendar-off" },
    { to: "/caregiver/clients", label: "Clients", icon: "users" },
    { to: "/caregiver/earnings", label: "Earnings", icon: "wallet" },
    { to: "/caregiver/training", label: "Training", icon: "graduation-cap" },
    { to: "/caregiver/credentials", label: "Credentials", icon: "file-text" },
    { to: "/caregiver/messages", label: "Messages", icon: "message-circle" },
    { to: "/caregiver/profile", label: "Profile", icon: "user" },
    { to: "/caregiver/settings", label: "Settings", icon: "settings" },
  ],
  admin: [
    { to: "/admin", label: "Dashboard", icon: "layout-dashboard" },
    { to: "/admin/caregivers", label: "Caregivers", icon: "heart-handshake" },
    { to: "/admin/orders", label: "Orders", icon: "clipboard-list" },
    { to: "/admin/visits", label: "Visits", icon: "clipboard-check" },
    { to: "/admin/users", label: "Users", icon: "users" },
    { to: "/admin/pricing", label: "Pricing", icon: "tag" },
    { to: "/admin/billing", label: "Billing", icon: "credit-card" },
    { to: "/admin/payouts", label: "Payouts", icon: "wallet" },
    { to: "/admin/support", label: "Support", icon: "life-buoy" },
    { to: "/admin/analytics", label: "Analytics", icon: "bar-chart-3" },
    { to: "/admin/settings", label: "Settings", icon: "settings" },
  ],
};

/** What the chrome needs to know about the signed-in person. */
export type ChromeUser = { name: string; email: string; roles: Role[]; avatarUrl: string | null };

/** The notification panel's settings shortcut, for the person's own area. */
export function notificationSettingsPathFor(roles: readonly Role[]): string {
  const role = menuRoleFor(roles);
  if (role === "admin") return "/admin/settings#notifications";
  if (role === "caregiver") return "/caregiver/settings?tab=notifications";
  return "/dashboard/settings?tab=notifications";
}

/** Dark applies off the public pages, by choice or by following the system. */
export function isDarkFor(input: {
  pathname: string;
  theme: "light" | "dark" | "system";
  systemTheme: "light" | "dark";
}): boolean {
  if (isPublicPath(input.pathname)) return false;
  return input.theme === "dark" || (input.theme === "system" && input.systemTheme === "dark");
}

/** Tendly's two offices (footer and contact page), each opening a maps search. */
export const OFFICES = [
  { city: "Chicago", address: "233 S Wacker Dr, Chicago, IL 60606" },
  { city: "Houston", address: "1000 Main St, Houston, TX 77002" },
] as const;

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export type NavLinkItem = { to: string; label: string };

/** The three services in the header's Services menu, then the overview. */
export const SERVICE_MENU_LINKS: NavLinkItem[] = (["personal-care", "companionship", "housekeeping"] as const).map(
  (id: ServiceId) => ({ to: `/services#${id}`, label: SERVICE_LABELS[id] }),
);
export const SERVICES_OVERVIEW_LINK: NavLinkItem = { to: "/services", label: "All services" };

/** Header links after Services, in their fixed order; Messages depends on the person. */
export function headerLinksAfterServices(roles: readonly Role[] | null): NavLinkItem[] {
  return [
    { to: "/providers", label: "Providers" },
    { to: "/request", label: "Find Care" },
    { to: "/blog", label: "Resources" },
    { to: "/about", label: "About" },
    { to: messagesPathFor(roles), label: "Messages" },
  ];
}

import type { ClientNamespace } from "./config";

// The translation namespaces each page needs, declared by route
// (docs/decisions/0041-what-a-page-carries.md): the root Layout loads those of the
// page's routes, in its language, before it renders (i18n/react.tsx usePageMessages),
// and nothing else. tests/lint/route-namespaces.test.ts reads each route's modules
// and fails when one uses a namespace that neither its route, nor a route around it,
// nor the root declares.

/** What the chrome around every page words: header, footer, update banner, floating button. */
export const ROOT_NAMESPACES = ["common", "public"] as const satisfies readonly ClientNamespace[];

/** What the chrome words for a signed-in person only: the notification centre, a caregiver's status screen. */
export const SIGNED_IN_NAMESPACES = ["account", "onboarding"] as const satisfies readonly ClientNamespace[];

/** Each route's own namespaces, by route id (app/routes.ts); a route with none is left out. */
export const ROUTE_NAMESPACES: Readonly<Record<string, readonly ClientNamespace[]>> = {
  home: ["labels"],
  services: ["labels"],
  providers: ["labels", "validation"],
  caregivers: ["labels", "validation"],
  contact: ["labels", "validation"],
  newsletter: ["validation"],
  "newsletter-confirm": ["validation"],
  "notifications-unsubscribe": ["delivery", "validation"],
  "newsletter-unsubscribe": ["validation"],
  "login-pwa": ["auth", "validation"],
  "login-desktop": ["auth", "validation"],
  register: ["auth", "validation"],
  "forgot-password": ["auth", "validation"],
  "reset-password": ["auth", "validation"],
  "verify-email": ["auth", "validation"],
  "admin-login": ["admin", "auth", "validation"],
  "admin-invite": ["admin", "auth", "validation"],
  "routes/caregiver-onboarding/layout": ["onboarding", "validation"],
  "onboarding-personal-info": ["auth"],
  "onboarding-availability": ["labels"],
  "onboarding-experience": ["labels"],
  "onboarding-review": ["auth", "labels"],
  "onboarding-start-over": ["onboarding", "validation"],
  "routes/caregiver-onboarding/confirmation": ["onboarding"],
  "routes/request/layout": ["request", "validation"],
  "request-client-info": ["labels"],
  "request-health-needs": ["labels"],
  "request-schedule": ["labels"],
  "request-review-submit": ["labels", "orders"],
  "request-thank-you": ["admin", "labels", "orders", "payments"],
  "request-draft": ["validation"],
  "routes/client/layout": ["account"],
  "client-dashboard": ["home", "labels", "orders", "validation"],
  "client-appointments": ["labels", "orders", "validation"],
  "client-order": ["admin", "documents", "labels", "notes", "orders", "request", "reviews", "validation"],
  "client-order-feedback": ["orders", "reviews", "validation"],
  "client-messages": ["messages", "validation"],
  "client-profile": ["labels", "request", "validation"],
  "client-care-recipient": ["labels", "request", "validation"],
  "client-settings": ["auth", "delivery", "validation"],
  "client-documents": ["documents", "validation"],
  "client-providers": ["home", "validation"],
  "client-billing": ["billing", "validation"],
  "client-payment-method": ["billing", "payments", "validation"],
  "client-invoice": ["billing", "payments", "validation"],
  "routes/caregiver/layout": ["account", "onboarding", "validation", "visits"],
  "caregiver-dashboard": ["alerts", "home", "labels", "orders", "training"],
  "caregiver-schedule": ["alerts", "evv", "labels", "orders"],
  "caregiver-visit-check": ["alerts"],
  "caregiver-clients": ["home", "labels", "orders"],
  "caregiver-orders": ["admin", "labels", "orders", "training"],
  "caregiver-order": ["admin", "documents", "labels", "orders", "training"],
  "caregiver-backup-offer": ["alerts", "labels", "orders", "training"],
  "caregiver-visit-note": ["documents", "labels", "notes"],
  "caregiver-earnings": ["earnings", "evv", "request"],
  "caregiver-earnings-export": ["earnings", "evv", "request"],
  "caregiver-training": ["training"],
  "caregiver-training-module": ["training"],
  "caregiver-messages": ["messages"],
  "caregiver-profile": ["labels", "request"],
  "caregiver-settings": ["auth", "delivery"],
  "caregiver-public-profile": ["labels", "reviews", "training", "validation"],
  "routes/admin/layout": ["account"],
  "admin-dashboard": ["console", "validation"],
  "admin-caregivers": ["admin", "labels", "lists", "training", "validation"],
  "admin-caregiver": ["admin", "labels", "reviews", "validation"],
  "admin-orders": ["admin", "labels", "lists", "orders", "validation"],
  "admin-order": ["admin", "documents", "evv", "labels", "notes", "orders", "request", "validation"],
  "admin-visits": ["admin", "evv", "lists", "validation"],
  "admin-visits-export": ["evv"],
  "admin-users": ["admin", "lists", "validation"],
  "admin-pricing": ["admin", "labels", "validation"],
  "admin-billing": ["admin-billing", "billing", "lists", "validation"],
  "admin-invoice": ["admin-billing", "billing", "validation"],
  "admin-payouts": ["earnings", "lists", "validation"],
  "admin-analytics": ["console", "validation"],
  "admin-analytics-export": ["console", "evv"],
  "admin-training": ["training", "validation"],
  "admin-training-new": ["training", "validation"],
  "admin-training-module": ["training", "validation"],
  "admin-training-passes": ["training", "validation"],
  "admin-settings": ["admin", "alerts", "audit", "auth", "delivery", "validation"],
  "admin-support": ["admin", "console", "labels", "lists", "messages", "validation"],
  "admin-audit": ["audit", "lists", "validation"],
  "routes/api/messages": ["messages"],
};

/** The namespaces of a page made of the routes `routeIds` (root first), for a person signed in or not. */
export function pageNamespaces(routeIds: readonly string[], signedIn: boolean): ClientNamespace[] {
  return [
    ...new Set<ClientNamespace>([
      ...ROOT_NAMESPACES,
      ...(signedIn ? SIGNED_IN_NAMESPACES : []),
      ...routeIds.flatMap((id) => ROUTE_NAMESPACES[id] ?? []),
    ]),
  ];
}

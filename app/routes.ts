import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The whole URL map of Tendly.
// Fixed redirects share routes/redirect.tsx, which maps the route id to a target.
const redirectRoute = (path: string, id: string) => route(path, "routes/redirect.tsx", { id });

export default [
  // Public pages
  index("routes/public/home.tsx", { id: "home" }),
  redirectRoute("home", "home-redirect"),
  route("about", "routes/public/about.tsx", { id: "about" }),
  route("blog", "routes/public/blog.tsx", { id: "blog" }),
  route("blog/:slug", "routes/public/blog-post.tsx", { id: "blog-post" }),
  route("services", "routes/public/services.tsx", { id: "services" }),
  route("safety-and-trust", "routes/public/safety-and-trust.tsx", { id: "safety-and-trust" }),
  route("become-caregiver", "routes/public/become-caregiver.tsx", { id: "become-caregiver" }),
  route("provider/*", "routes/public/become-caregiver.tsx", { id: "provider" }),
  route("providers", "routes/public/providers.tsx", { id: "providers" }),
  route("caregivers", "routes/public/providers.tsx", { id: "caregivers" }),
  route("contact", "routes/public/contact.tsx", { id: "contact" }),
  route("newsletter", "routes/public/newsletter.tsx", { id: "newsletter" }),
  route("newsletter/confirm", "routes/public/newsletter-confirm.tsx", { id: "newsletter-confirm" }),
  route("notifications/unsubscribe", "routes/public/notifications-unsubscribe.tsx", {
    id: "notifications-unsubscribe",
  }),
  route("newsletter/unsubscribe", "routes/public/newsletter-unsubscribe.tsx", { id: "newsletter-unsubscribe" }),
  route("privacy", "routes/public/content-page.tsx", { id: "privacy" }),
  route("terms", "routes/public/content-page.tsx", { id: "terms" }),
  route("accessibility", "routes/public/content-page.tsx", { id: "accessibility" }),
  route("how-it-works", "routes/public/how-it-works.tsx", { id: "how-it-works" }),

  // Accounts and sign-in
  redirectRoute("auth/*", "auth-redirect"),
  route("login", "routes/auth/login-redirect.tsx"),
  route("login/pwa", "routes/auth/login-pwa.tsx", { id: "login-pwa" }),
  route("login/desktop", "routes/auth/login-desktop.tsx", { id: "login-desktop" }),
  route("register", "routes/auth/register.tsx", { id: "register" }),
  redirectRoute("signup", "signup-redirect"),
  route("forgot-password", "routes/auth/forgot-password.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/auth/reset-password.tsx", { id: "reset-password" }),
  route("verify-email", "routes/auth/verify-email.tsx", { id: "verify-email" }),
  route("admin/login", "routes/auth/admin-login.tsx", { id: "admin-login" }),
  route("admin/invite", "routes/auth/admin-invite.tsx", { id: "admin-invite" }),
  route("logout", "routes/auth/logout.tsx"),

  // Caregiver onboarding
  redirectRoute("caregiver-registration", "caregiver-registration-redirect"),
  ...prefix("register/caregiver", [
    index("routes/redirect.tsx", { id: "onboarding-index-redirect" }),
    layout("routes/caregiver-onboarding/layout.tsx", [
      route("personal-info", "routes/caregiver-onboarding/personal-info.tsx", { id: "onboarding-personal-info" }),
      route("background", "routes/caregiver-onboarding/background.tsx", { id: "onboarding-background" }),
      route("availability", "routes/caregiver-onboarding/availability.tsx", { id: "onboarding-availability" }),
      route("experience", "routes/caregiver-onboarding/experience.tsx", { id: "onboarding-experience" }),
      route("documents", "routes/caregiver-onboarding/documents.tsx", { id: "onboarding-documents" }),
      route("review", "routes/caregiver-onboarding/review.tsx", { id: "onboarding-review" }),
    ]),
    route("start-over", "routes/caregiver-onboarding/start-over.ts", { id: "onboarding-start-over" }),
    route("confirmation", "routes/caregiver-onboarding/confirmation.tsx"),
  ]),

  // Care request wizard
  ...prefix("request", [
    index("routes/redirect.tsx", { id: "request-index-redirect" }),
    layout("routes/request/layout.tsx", [
      route("client-info", "routes/request/client-info.tsx", { id: "request-client-info" }),
      route("health-needs", "routes/request/health-needs.tsx", { id: "request-health-needs" }),
      route("schedule", "routes/request/schedule.tsx", { id: "request-schedule" }),
      route("review-submit", "routes/request/review-submit.tsx", { id: "request-review-submit" }),
      route("thank-you", "routes/request/thank-you.tsx", { id: "request-thank-you" }),
    ]),
    route("draft", "routes/request/draft.ts", { id: "request-draft" }),
  ]),
  redirectRoute("request-care", "request-care-redirect"),
  redirectRoute("find-care", "find-care-redirect"),

  // Client area
  layout("routes/client/layout.tsx", [
    ...prefix("dashboard", [
      index("routes/client/dashboard.tsx", { id: "client-dashboard" }),
      route("appointments", "routes/client/appointments.tsx", { id: "client-appointments" }),
      route("appointments/order/:orderId", "routes/client/order.tsx", { id: "client-order" }),
      route("orders/:orderNumber/feedback", "routes/client/feedback.tsx", { id: "client-order-feedback" }),
      route("messages", "routes/client/messages.tsx", { id: "client-messages" }),
      route("profile", "routes/client/profile.tsx", { id: "client-profile" }),
      route("profile/recipients/:recipientId", "routes/client/care-recipient.tsx", { id: "client-care-recipient" }),
      route("settings", "routes/client/settings.tsx", { id: "client-settings" }),
      route("documents", "routes/client/documents.tsx", { id: "client-documents" }),
      route("documents/upload", "routes/client/document-upload.ts"),
      route("providers", "routes/client/providers.tsx", { id: "client-providers" }),
      route("billing", "routes/client/billing.tsx", { id: "client-billing" }),
      route("billing/card", "routes/client/payment-method.tsx", { id: "client-payment-method" }),
      route("billing/:invoiceNumber", "routes/client/invoice.tsx", { id: "client-invoice" }),
      route("billing/:invoiceNumber/pdf", "routes/client/invoice-pdf.ts", { id: "client-invoice-pdf" }),
    ]),
  ]),

  // Caregiver area (/caregiver/{slug} is the public profile)
  layout("routes/caregiver/layout.tsx", [
    ...prefix("caregiver", [
      index("routes/caregiver/dashboard.tsx", { id: "caregiver-dashboard" }),
      route("schedule", "routes/caregiver/schedule.tsx", { id: "caregiver-schedule" }),
      route("visits/:visitId/check", "routes/caregiver/visit-check.ts", { id: "caregiver-visit-check" }),
      route("clients", "routes/caregiver/clients.tsx", { id: "caregiver-clients" }),
      route("orders", "routes/caregiver/orders.tsx", { id: "caregiver-orders" }),
      route("orders/:orderId", "routes/caregiver/order.tsx", { id: "caregiver-order" }),
      route("visits/:visitId/backup", "routes/caregiver/backup-offer.tsx", { id: "caregiver-backup-offer" }),
      route("visits/:visitId/cancel", "routes/caregiver/cancel-visit.ts", { id: "caregiver-cancel-visit" }),
      route("calendar-feed", "routes/caregiver/calendar-feed.ts", { id: "caregiver-calendar-feed" }),
      route("visits/:visitId/note", "routes/caregiver/visit-note.tsx", { id: "caregiver-visit-note" }),
      route("earnings", "routes/caregiver/earnings.tsx", { id: "caregiver-earnings" }),
      route("earnings/export.csv", "routes/caregiver/earnings-export.ts", { id: "caregiver-earnings-export" }),
      route("training", "routes/caregiver/training.tsx", { id: "caregiver-training" }),
      route("training/:slug", "routes/caregiver/training-module.tsx", { id: "caregiver-training-module" }),
      route("messages", "routes/caregiver/messages.tsx", { id: "caregiver-messages" }),
      route("profile", "routes/caregiver/profile.tsx", { id: "caregiver-profile" }),
      route("settings", "routes/caregiver/settings.tsx", { id: "caregiver-settings" }),
    ]),
  ]),
  route("caregiver/:caregiverSlug", "routes/public/caregiver-profile.tsx", { id: "caregiver-public-profile" }),
  // A caregiver's calendar feed: public, the secret token in the URL stands for the caregiver.
  route("calendar/:token.ics", "routes/caregiver/calendar-ics.ts", { id: "caregiver-calendar-ics" }),

  // Admin area
  layout("routes/admin/layout.tsx", [
    ...prefix("admin", [
      index("routes/admin/home.tsx", { id: "admin-dashboard" }),
      route("caregivers", "routes/admin/caregivers.tsx", { id: "admin-caregivers" }),
      route("caregivers/:caregiverId", "routes/admin/caregiver.tsx", { id: "admin-caregiver" }),
      route("orders", "routes/admin/orders.tsx", { id: "admin-orders" }),
      route("orders/:orderId", "routes/admin/order.tsx", { id: "admin-order" }),
      route("visits", "routes/admin/visits.tsx", { id: "admin-visits" }),
      route("visits/export.csv", "routes/admin/visits-export.ts", { id: "admin-visits-export" }),
      route("users", "routes/admin/users.tsx", { id: "admin-users" }),
      route("pricing", "routes/admin/pricing.tsx", { id: "admin-pricing" }),
      route("billing", "routes/admin/billing.tsx", { id: "admin-billing" }),
      route("billing/:invoiceNumber", "routes/admin/invoice.tsx", { id: "admin-invoice" }),
      route("payouts", "routes/admin/payouts.tsx", { id: "admin-payouts" }),
      route("analytics", "routes/admin/analytics.tsx", { id: "admin-analytics" }),
      route("analytics/export.csv", "routes/admin/analytics-export.ts", { id: "admin-analytics-export" }),
      route("training", "routes/admin/training.tsx", { id: "admin-training" }),
      route("training/new", "routes/admin/training-module.tsx", { id: "admin-training-new" }),
      route("training/:moduleId", "routes/admin/training-module.tsx", { id: "admin-training-module" }),
      route("training/:moduleId/passes", "routes/admin/training-passes.tsx", { id: "admin-training-passes" }),
      route("settings", "routes/admin/settings.tsx", { id: "admin-settings" }),
      route("support", "routes/admin/support.tsx", { id: "admin-support" }),
      route("audit", "routes/admin/audit.tsx", { id: "admin-audit" }),
      route("audit/export.csv", "routes/admin/audit-export.ts", { id: "admin-audit-export" }),
    ]),
  ]),

  // Resources and development tools
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/preferences", "routes/api/preferences.ts"),
  route("api/events", "routes/api/events.ts"),
  route("api/notifications", "routes/api/notifications.ts"),
  route("api/messages", "routes/api/messages.ts"),
  route("api/push-subscriptions", "routes/api/push-subscriptions.ts"),
  route("api/locale", "routes/api/locale.ts"),
  route("i18n/:locale/:file", "routes/api/translations.ts"),
  route("api/stripe/webhook", "routes/api/stripe-webhook.ts"),
  route("api/sms/webhook", "routes/api/sms-webhook.ts"),
  route("api/zip-codes/:zip", "routes/api/zip-code.ts"),
  route("media/avatar/:userId", "routes/media/avatar.ts"),
  route("media/caregivers/:slug/photo", "routes/media/caregiver-photo.ts"),
  route("media/documents/:documentId", "routes/media/document.ts"),
  route("media/care-documents/:documentId", "routes/media/care-document.ts"),
  route("media/visit-photos/:photoId", "routes/media/visit-photo.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("manifest.es.webmanifest", "routes/seo/manifest.ts"),
  route("dev/mailbox", "routes/dev/mailbox.tsx"),
  route("dev/mailbox/:id", "routes/dev/mailbox-message.tsx"),
  route("dev/translations", "routes/dev/translations.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

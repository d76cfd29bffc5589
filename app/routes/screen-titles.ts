// Titles of the screens that share routes/screen.tsx, by route id. Each entry
// goes away when its screen gets a module of its own.
/** `links` lead to pages of the area that already work. */
export type ScreenTitle = { title: string; summary: string; links?: { to: string; label: string }[] };

export const SCREEN_TITLES: Record<string, ScreenTitle> = {
  "client-dashboard": { title: "Dashboard", summary: "Your care at a glance." },
  "client-order-feedback": { title: "Rate your care", summary: "Tell us how the care went." },
  "client-messages": { title: "Messages", summary: "Conversations with your caregiver and our support team." },
  "client-documents": { title: "Documents", summary: "Care plans and documents you share with your caregiver." },
  "client-providers": { title: "Your Caregiver", summary: "The caregivers who look after your loved one." },
  "client-billing": { title: "Billing", summary: "Invoices, payments and receipts." },
  "caregiver-dashboard": { title: "Dashboard", summary: "Your jobs, schedule and earnings at a glance." },
  "caregiver-schedule": { title: "Schedule", summary: "Your upcoming visits." },
  "caregiver-clients": { title: "Clients", summary: "The families you care for." },
  "caregiver-earnings": { title: "Earnings", summary: "What you earned and when you are paid." },
  "caregiver-training": { title: "Training", summary: "Modules to complete before your first job." },
  "caregiver-messages": { title: "Messages", summary: "Conversations with families and our support team." },
  "admin-dashboard": {
    title: "Admin dashboard",
    summary: "The platform at a glance.",
    links: [{ to: "/admin/support", label: "Support messages" }],
  },
  "admin-orders": { title: "Orders", summary: "Every care order on the platform." },
  "admin-order": { title: "Order details", summary: "One order, its offers and its visits." },
  "admin-pricing": { title: "Pricing", summary: "Service rates, multipliers, fees and promo codes." },
  "admin-analytics": { title: "Analytics", summary: "Bookings, hours of care and revenue over time." },
};

// Titles of the screens that share routes/screen.tsx, by route id. Each entry
// goes away when its screen gets a module of its own.
/** `links` lead to pages of the area that already work. */
export type ScreenTitle = { title: string; summary: string; links?: { to: string; label: string }[] };

export const SCREEN_TITLES: Record<string, ScreenTitle> = {
  "onboarding-personal-info": { title: "Personal information", summary: "Step 1 of your caregiver application." },
  "onboarding-background": { title: "Background", summary: "Step 2 of your caregiver application." },
  "onboarding-availability": { title: "Availability", summary: "Step 3 of your caregiver application." },
  "onboarding-experience": { title: "Experience", summary: "Step 4 of your caregiver application." },
  "onboarding-documents": { title: "Documents", summary: "Step 5 of your caregiver application." },
  "onboarding-review": { title: "Review", summary: "Step 6 of your caregiver application." },
  "request-client-info": { title: "Who needs care?", summary: "Step 1 of 4: tell us about the person receiving care." },
  "request-health-needs": { title: "Health needs and services", summary: "Step 2 of 4: what kind of help is needed." },
  "request-schedule": { title: "Schedule", summary: "Step 3 of 4: when care is needed." },
  "request-review-submit": { title: "Review and submit", summary: "Step 4 of 4: check your request and your quote." },
  "request-thank-you": { title: "Thank you", summary: "Your care request was received." },
  "client-dashboard": { title: "Dashboard", summary: "Your care at a glance." },
  "client-appointments": { title: "Appointments", summary: "Your upcoming and past visits." },
  "client-order": { title: "Order details", summary: "Everything about one care order." },
  "client-order-feedback": { title: "Rate your care", summary: "Tell us how the care went." },
  "client-messages": { title: "Messages", summary: "Conversations with your caregiver and our support team." },
  "client-documents": { title: "Documents", summary: "Care plans and documents you share with your caregiver." },
  "client-providers": { title: "Your Caregiver", summary: "The caregivers who look after your loved one." },
  "client-billing": { title: "Billing", summary: "Invoices, payments and receipts." },
  "caregiver-dashboard": { title: "Dashboard", summary: "Your jobs, schedule and earnings at a glance." },
  "caregiver-schedule": { title: "Schedule", summary: "Your upcoming visits." },
  "caregiver-clients": { title: "Clients", summary: "The families you care for." },
  "caregiver-orders": { title: "Orders", summary: "Job offers and your accepted orders." },
  "caregiver-order": { title: "Order details", summary: "One job, with its location map." },
  "caregiver-earnings": { title: "Earnings", summary: "What you earned and when you are paid." },
  "caregiver-training": { title: "Training", summary: "Modules to complete before your first job." },
  "caregiver-messages": { title: "Messages", summary: "Conversations with families and our support team." },
  "admin-dashboard": {
    title: "Admin dashboard",
    summary: "The platform at a glance.",
    links: [{ to: "/admin/support", label: "Support messages" }],
  },
  "admin-caregivers": { title: "Caregivers", summary: "Applications, vetting and caregiver accounts." },
  "admin-orders": { title: "Orders", summary: "Every care order on the platform." },
  "admin-order": { title: "Order details", summary: "One order, its offers and its visits." },
  "admin-pricing": { title: "Pricing", summary: "Service rates, multipliers, fees and promo codes." },
  "admin-analytics": { title: "Analytics", summary: "Bookings, hours of care and revenue over time." },
};

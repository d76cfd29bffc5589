// Titles of the screens that share routes/screen.tsx, by route id. Each entry
// goes away when its screen gets a module of its own.
export type ScreenTitle = { title: string; summary: string };

export const SCREEN_TITLES: Record<string, ScreenTitle> = {
  home: {
    title: "Trusted in-home care for the people you love",
    summary:
      "Find, book and pay vetted caregivers for personal care, companionship, housekeeping, meals and transportation.",
  },
  about: { title: "About Tendly", summary: "Who we are and why we care about care at home." },
  blog: { title: "Resources", summary: "Guides and stories about caring for a loved one at home." },
  "blog-post": { title: "Article", summary: "A Tendly resource article." },
  services: {
    title: "Our Services",
    summary: "Personal care, companionship, housekeeping, meal preparation and transportation.",
  },
  "safety-and-trust": { title: "Safety and Trust", summary: "How we vet, train and monitor every caregiver." },
  "become-caregiver": {
    title: "Become a Caregiver",
    summary: "Apply in about 2 minutes; typical review time is 5-7 business days.",
  },
  provider: {
    title: "Become a Caregiver",
    summary: "Apply in about 2 minutes; typical review time is 5-7 business days.",
  },
  providers: { title: "Our Caregivers", summary: "Meet the vetted caregivers of Tendly." },
  caregivers: { title: "Our Caregivers", summary: "Meet the vetted caregivers of Tendly." },
  "caregiver-public-profile": { title: "Caregiver Profile", summary: "A Tendly caregiver's public profile." },
  contact: { title: "Contact Us", summary: "24/7 human support by phone, email and chat." },
  privacy: { title: "Privacy Policy", summary: "How Tendly collects, uses and protects your information." },
  terms: { title: "Terms of Service", summary: "The terms that govern the use of Tendly." },
  accessibility: { title: "Accessibility", summary: "Our commitment to an accessible service for everyone." },
  "how-it-works": { title: "How It Works", summary: "From sharing your needs to your first visit." },
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
  "admin-dashboard": { title: "Admin dashboard", summary: "The platform at a glance." },
  "admin-orders": { title: "Orders", summary: "Every care order on the platform." },
  "admin-order": { title: "Order details", summary: "One order, its offers and its visits." },
  "admin-pricing": { title: "Pricing", summary: "Service rates, multipliers, fees and promo codes." },
  "admin-analytics": { title: "Analytics", summary: "Bookings, hours of care and revenue over time." },
};

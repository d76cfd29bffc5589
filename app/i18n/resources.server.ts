import enAccount from "./locales/en/account";
import enAdminBilling from "./locales/en/admin-billing";
import enConsole from "./locales/en/console";
import enTraining from "./locales/en/training";
import enCredentials from "./locales/en/credentials";
import enAudit from "./locales/en/audit";
import enLists from "./locales/en/lists";
import enPayments from "./locales/en/payments";
import enEarnings from "./locales/en/earnings";
import enBilling from "./locales/en/billing";
import enMessages from "./locales/en/messages";
import enNotifications from "./locales/en/notifications";
import enDelivery from "./locales/en/delivery";
import enHome from "./locales/en/home";
import enAlerts from "./locales/en/alerts";
import enEvv from "./locales/en/evv";
import enReviews from "./locales/en/reviews";
import enNotes from "./locales/en/notes";
import enDocuments from "./locales/en/documents";
import enVisits from "./locales/en/visits";
import enAdmin from "./locales/en/admin";
import enAuth from "./locales/en/auth";
import enCommon from "./locales/en/common";
import enEmail from "./locales/en/email";
import enLabels from "./locales/en/labels";
import enOnboarding from "./locales/en/onboarding";
import enOrders from "./locales/en/orders";
import enPublic from "./locales/en/public";
import enRequest from "./locales/en/request";
import enValidation from "./locales/en/validation";
import esAccount from "./locales/es/account";
import esAdminBilling from "./locales/es/admin-billing";
import esConsole from "./locales/es/console";
import esTraining from "./locales/es/training";
import esCredentials from "./locales/es/credentials";
import esAudit from "./locales/es/audit";
import esLists from "./locales/es/lists";
import esPayments from "./locales/es/payments";
import esEarnings from "./locales/es/earnings";
import esBilling from "./locales/es/billing";
import esMessages from "./locales/es/messages";
import esNotifications from "./locales/es/notifications";
import esDelivery from "./locales/es/delivery";
import esHome from "./locales/es/home";
import esAlerts from "./locales/es/alerts";
import esEvv from "./locales/es/evv";
import esReviews from "./locales/es/reviews";
import esNotes from "./locales/es/notes";
import esDocuments from "./locales/es/documents";
import esVisits from "./locales/es/visits";
import esAdmin from "./locales/es/admin";
import esAuth from "./locales/es/auth";
import esCommon from "./locales/es/common";
import esEmail from "./locales/es/email";
import esLabels from "./locales/es/labels";
import esOnboarding from "./locales/es/onboarding";
import esOrders from "./locales/es/orders";
import esPublic from "./locales/es/public";
import esRequest from "./locales/es/request";
import esValidation from "./locales/es/validation";
import type { Locale, MessageTree, Namespace } from "./config";

// Every language's messages. Imported only by server modules (i18n.server.ts)
// and tests: a browser module importing this would ship both languages. The
// browser gets the active language's messages from the root loader instead.
export const RESOURCES: Record<Locale, Record<Namespace, MessageTree>> = {
  en: {
    account: enAccount,
    "admin-billing": enAdminBilling,
    console: enConsole,
    training: enTraining,
    credentials: enCredentials,
    audit: enAudit,
    lists: enLists,
    payments: enPayments,
    earnings: enEarnings,
    billing: enBilling,
    messages: enMessages,
    notifications: enNotifications,
    delivery: enDelivery,
    home: enHome,
    alerts: enAlerts,
    evv: enEvv,
    reviews: enReviews,
    notes: enNotes,
    documents: enDocuments,
    visits: enVisits,
    admin: enAdmin,
    auth: enAuth,
    common: enCommon,
    email: enEmail,
    labels: enLabels,
    onboarding: enOnboarding,
    orders: enOrders,
    public: enPublic,
    request: enRequest,
    validation: enValidation,
  },
  es: {
    account: esAccount,
    "admin-billing": esAdminBilling,
    console: esConsole,
    training: esTraining,
    credentials: esCredentials,
    audit: esAudit,
    lists: esLists,
    payments: esPayments,
    earnings: esEarnings,
    billing: esBilling,
    messages: esMessages,
    notifications: esNotifications,
    delivery: esDelivery,
    home: esHome,
    alerts: esAlerts,
    evv: esEvv,
    reviews: esReviews,
    notes: esNotes,
    documents: esDocuments,
    visits: esVisits,
    admin: esAdmin,
    auth: esAuth,
    common: esCommon,
    email: esEmail,
    labels: esLabels,
    onboarding: esOnboarding,
    orders: esOrders,
    public: esPublic,
    request: esRequest,
    validation: esValidation,
  },
};

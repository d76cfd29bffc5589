import enAccount from "./locales/en/account";
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

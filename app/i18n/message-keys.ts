import type enAccount from "./locales/en/account";
import type enAdminBilling from "./locales/en/admin-billing";
import type enConsole from "./locales/en/console";
import type enTraining from "./locales/en/training";
import type enCredentials from "./locales/en/credentials";
import type enAudit from "./locales/en/audit";
import type enLists from "./locales/en/lists";
import type enAdmin from "./locales/en/admin";
import type enAlerts from "./locales/en/alerts";
import type enAuth from "./locales/en/auth";
import type enBilling from "./locales/en/billing";
import type enCommon from "./locales/en/common";
import type enDelivery from "./locales/en/delivery";
import type enEarnings from "./locales/en/earnings";
import type enEvv from "./locales/en/evv";
import type enHome from "./locales/en/home";
import type enLabels from "./locales/en/labels";
import type enMessages from "./locales/en/messages";
import type enNotes from "./locales/en/notes";
import type enDocuments from "./locales/en/documents";
import type enNotifications from "./locales/en/notifications";
import type enOnboarding from "./locales/en/onboarding";
import type enOrders from "./locales/en/orders";
import type enPayments from "./locales/en/payments";
import type enPublic from "./locales/en/public";
import type enRequest from "./locales/en/request";
import type enReviews from "./locales/en/reviews";
import type enValidation from "./locales/en/validation";
import type enVisits from "./locales/en/visits";
import { CLIENT_NAMESPACES } from "./config";

// Messages as keys (docs/decisions/0025-messages-as-keys.md): a feature that
// refuses, and a schema that rejects a field, name the message by its key in
// the catalogue ("reviews:refusals.editClosed") with named values; only the
// route, which knows the reader's language, words it (i18n.server.ts
// messageText / refusalText / validationText, message-text.ts on the client).
// The keys are typed from the English catalogue, so a key that does not exist
// fails the typecheck; message-keys.test.ts checks every key used in app/
// exists in every language. Only the namespaces the browser also has are keys:
// a refusal or a field error may be worded on either side.

type EnglishCatalogue = {
  account: typeof enAccount;
  "admin-billing": typeof enAdminBilling;
  console: typeof enConsole;
  training: typeof enTraining;
  credentials: typeof enCredentials;
  audit: typeof enAudit;
  lists: typeof enLists;
  admin: typeof enAdmin;
  alerts: typeof enAlerts;
  auth: typeof enAuth;
  billing: typeof enBilling;
  common: typeof enCommon;
  delivery: typeof enDelivery;
  earnings: typeof enEarnings;
  evv: typeof enEvv;
  home: typeof enHome;
  labels: typeof enLabels;
  messages: typeof enMessages;
  notes: typeof enNotes;
  documents: typeof enDocuments;
  notifications: typeof enNotifications;
  onboarding: typeof enOnboarding;
  orders: typeof enOrders;
  payments: typeof enPayments;
  public: typeof enPublic;
  request: typeof enRequest;
  reviews: typeof enReviews;
  validation: typeof enValidation;
  visits: typeof enVisits;
};

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";

/** The dotted paths of a message tree's leaves; a plural form also by its base (t() picks the form). */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K | (K extends `${infer Base}_${PluralSuffix}` ? Base : never)
    : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A message of the catalogue, as "namespace:dotted.path". */
export type MessageKey = {
  [N in keyof EnglishCatalogue]: `${N}:${Leaves<EnglishCatalogue[N]>}`;
}[keyof EnglishCatalogue];

/** The named values a message interpolates ({{name}}); `count` also picks a plural form. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** A message as features and schemas give it: the key and its values, never the words. */
export type MessageRef = { readonly key: MessageKey; readonly values?: MessageValues };

/**
 * A key where a string is expected (a Zod schema's message, a table of a
 * feature's refusals): the argument is checked against the catalogue, the
 * result is the key itself.
 */
export function messageKey<K extends MessageKey>(key: K): K {
  return key;
}

const KEY_SHAPE = /^([a-z-]+):([A-Za-z0-9_.-]+)$/;

/** Whether a text has the shape of a message key of a namespace we have (not whether the key exists). */
export function isMessageKey(text: string): text is MessageKey {
  const match = KEY_SHAPE.exec(text);
  return !!match && (CLIENT_NAMESPACES as readonly string[]).includes(match[1]!);
}

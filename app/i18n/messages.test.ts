import { describe, expect, test } from "vitest";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegistrationSchema,
  ResetPasswordSchema,
} from "~/features/accounts/accounts.schema";
import { REGISTRATION_LIMITS, REGISTRATION_TOASTS } from "~/features/accounts/registration-rules";
import { COMPACT_MESSAGES, DEMO_LABELS, FULL_MESSAGES } from "~/features/accounts/sign-in";
import { headerLinksAfterServices, ROLE_MENUS, SERVICE_MENU_LINKS, SERVICES_OVERVIEW_LINK } from "~/utils/chrome-rules";
import { DEMO_EMAIL_SUFFIX } from "~/utils/demo-accounts";
import { TEXT_SIZE_LABELS } from "~/utils/preferences";
import { findGaps, flattenMessages } from "./completeness";
import { LOCALES, NAMESPACES } from "./config";
import { labelKey } from "./keys";
import { RESOURCES } from "./resources.server";
import { tuWords } from "./usted";

// The CI check of the translation layer (docs/architecture.md, "Translations").

/** A message key's English text. */
function englishOf({ key }: { key: string }) {
  const [namespace, path] = key.split(":") as [keyof typeof RESOURCES.en, string];
  return flattenMessages(RESOURCES.en[namespace]).get(path);
}

describe("every language has every message of English, and no other", () => {
  test.each(LOCALES.filter((locale) => locale !== "en"))("%s", (locale) => {
    const gaps = findGaps(RESOURCES).filter((gap) => gap.locale === locale);
    const problems = gaps.flatMap((gap) => [
      ...gap.missing.map((key) => `${gap.namespace}:${key} is missing`),
      ...gap.extra.map((key) => `${gap.namespace}:${key} is not in English`),
      ...gap.placeholderMismatches.map((key) => `${gap.namespace}:${key} has other placeholders or tags`),
    ]);
    expect(problems).toEqual([]);
    // Every namespace exists in every language.
    expect(Object.keys(RESOURCES[locale]).sort()).toEqual([...NAMESPACES].sort());
  });
});

describe("Spanish speaks to the reader as usted", () => {
  test("no message of the Spanish catalogue uses tú", () => {
    const found = NAMESPACES.flatMap((namespace) =>
      [...flattenMessages(RESOURCES.es[namespace]).entries()].flatMap(([key, text]) => {
        const words = tuWords(text);
        return words.length > 0 ? [`${namespace}:${key}: ${words.join(", ")}`] : [];
      }),
    );
    expect(found).toEqual([]);
  });

  test("page titles name Tendly, and the admin area in Spanish", () => {
    const titles = NAMESPACES.flatMap((namespace) =>
      [...flattenMessages(RESOURCES.es[namespace]).entries()].filter(([, text]) => / \| .*Tendly/.test(text)),
    );
    expect(titles.filter(([, text]) => /Tendly Admin/.test(text))).toEqual([]);
    expect(RESOURCES.es.messages.metaTitle).toBe("Mensajes | Tendly");
  });

  test("one name per thing: a menu item opens a page of the same name", () => {
    for (const locale of LOCALES) {
      const text = (namespace: (typeof NAMESPACES)[number], key: string) =>
        flattenMessages(RESOURCES[locale][namespace]).get(key);
      expect(text("billing", "list.heading")).toBe(text("common", "nav.billing"));
      expect(text("visits", "schedule.heading")).toBe(text("common", "nav.schedule"));
      expect(text("earnings", "heading")).toBe(text("common", "nav.earnings"));
      expect(text("messages", "heading")).toBe(text("common", "nav.messages"));
      expect(text("common", "nav.billing")).toBeDefined();
    }
  });
});

describe("findGaps (the check itself)", () => {
  const english = { common: { a: "Hello", nested: { b: "Hi {{name}}", c: "Same text" } } };

  test("finds a key missing in one language, one only there, and placeholders that differ", () => {
    const gaps = findGaps({
      en: english,
      es: { common: { nested: { b: "Hola {{nombre}}", c: "Same text" }, z: "Extra" } },
    });
    expect(gaps).toEqual([
      {
        locale: "es",
        namespace: "common",
        missing: ["a"],
        extra: ["z"],
        untranslated: ["nested.c"],
        placeholderMismatches: ["nested.b"],
      },
    ]);
  });

  test("finds a namespace missing altogether", () => {
    const [gap] = findGaps({ en: english, es: {} });
    expect(gap?.missing).toEqual(["a", "nested.b", "nested.c"]);
  });

  test("is silent when both languages agree", () => {
    const [gap] = findGaps({ en: english, es: { common: { a: "Hola", nested: { b: "Hola {{name}}", c: "Otro" } } } });
    expect(gap).toMatchObject({ missing: [], extra: [], untranslated: [], placeholderMismatches: [] });
  });
});

describe("the English messages are the spec's texts, as the features keep them", () => {
  const auth = RESOURCES.en.auth as Record<string, Record<string, string>>;

  test("sign-in errors, full and compact", () => {
    for (const [failure, { text }] of Object.entries(FULL_MESSAGES)) expect(auth.signInErrors?.[failure]).toBe(text);
    expect(auth.signInErrorsCompact).toEqual(COMPACT_MESSAGES);
    expect(auth.demoLabels).toEqual(DEMO_LABELS);
  });

  test('registration texts, word for word (docs/product-rules.md, "Accounts and sign-in")', () => {
    const worded = (toast: { title: { key: string }; description?: { key: string } }) => [
      englishOf(toast.title),
      toast.description && englishOf(toast.description),
    ];
    expect(englishOf(REGISTRATION_LIMITS.cooldown)).toBe(
      "Email verification limit reached. Please wait before trying again.",
    );
    expect(englishOf(REGISTRATION_LIMITS.tooManySignUps)).toBe(
      "Too many signup attempts. Please wait a few minutes before trying again.",
    );
    expect(worded(REGISTRATION_TOASTS.accountExists)).toEqual([
      "Account already exists",
      "Looks like you already have an account! Try signing in instead, or check your email for a verification link.",
    ]);
    expect(worded(REGISTRATION_TOASTS.demoAccount)).toEqual([
      "Demo account detected",
      "Demo accounts can't be registered. Use the demo login on the sign-in page, or register with another email.",
    ]);
    expect(worded(REGISTRATION_TOASTS.passwordTooShort)).toEqual([
      "Password too short",
      "Password must be at least 8 characters",
    ]);
    expect(worded(REGISTRATION_TOASTS.invalidEmail)).toEqual(["Invalid email", "Please enter a valid email address"]);
    expect(worded(REGISTRATION_TOASTS.noUser)).toEqual([
      "Registration failed",
      "Registration failed. Please try again later.",
    ]);
    expect(worded(REGISTRATION_TOASTS.busy)).toEqual([
      "One moment, please",
      "Lots of people are signing up right now. Please try again in a moment.",
    ]);
    expect(auth.registrationToasts?.checkEmail).toBe("Check your email");
    expect(auth.registrationToasts?.checkEmailDescription).toBe(
      "We sent a verification link to {{email}}. Click it to activate your account.",
    );
  });

  test("every message the account schemas give is a key of the validation messages", () => {
    const known = new Set([...flattenMessages(RESOURCES.en.validation).keys()].map((key) => `validation:${key}`));
    const messages = [
      ...LoginSchema.safeParse({ email: "x", password: "" }).error!.issues,
      ...LoginSchema.safeParse({ email: `client${DEMO_EMAIL_SUFFIX}`, password: "12345" }).error!.issues,
      ...RegistrationSchema.safeParse({}).error!.issues,
      ...RegistrationSchema.safeParse({
        firstName: "a",
        lastName: "b",
        email: `${"a".repeat(260)}@x.test`,
        phoneNumber: "1",
        password: "short",
        confirmPassword: "other",
        streetAddress: "x",
        city: "y",
        state: "ZZ",
        zipCode: "12",
      }).error!.issues,
      ...RegistrationSchema.safeParse({
        firstName: "a".repeat(51),
        lastName: "b".repeat(51),
        email: "ok@x.test",
        phoneNumber: "1".repeat(21),
        password: "p".repeat(129),
        confirmPassword: "x",
        streetAddress: "s".repeat(256),
        city: "c".repeat(101),
        state: "IL",
        zipCode: "12345678901",
      }).error!.issues,
      ...RegistrationSchema.safeParse({ zipCode: "abcde" }).error!.issues,
      ...ResetPasswordSchema.safeParse({ password: "longenough1", confirmPassword: "different1" }).error!.issues,
      ...ForgotPasswordSchema.safeParse({ email: "nope" }).error!.issues,
    ]
      .map((issue) => issue.message)
      // zod's own messages for a missing field ("Invalid input: ...") are not spec texts.
      .filter((message) => !message.startsWith("Invalid input"));
    expect(messages.length).toBeGreaterThan(10);
    expect(messages.filter((message) => !known.has(message))).toEqual([]);
  });

  test("the text sizes' names", () => {
    expect((RESOURCES.en.common.accessibility as Record<string, unknown>).sizes).toEqual(TEXT_SIZE_LABELS);
  });

  test("every menu label kept in utils/chrome-rules.ts has a nav message", () => {
    const nav = RESOURCES.en.common.nav as Record<string, string>;
    const labels = [
      ...Object.values(ROLE_MENUS).flatMap((items) => items.map((item) => item.label)),
      ...SERVICE_MENU_LINKS.map((link) => link.label),
      SERVICES_OVERVIEW_LINK.label,
      ...headerLinksAfterServices(null).map((link) => link.label),
    ];
    expect(labels.filter((label) => nav[labelKey(label)] !== label)).toEqual([]);
  });
});

describe("labelKey", () => {
  test("camelCases a label's words", () => {
    expect(labelKey("Find Care")).toBe("findCare");
    expect(labelKey("Become a Caregiver")).toBe("becomeACaregiver");
    expect(labelKey("All services")).toBe("allServices");
    expect(labelKey("Home")).toBe("home");
  });
});

describe("counted messages", () => {
  test("the notification panel's unread summary is singular or plural in both languages", async () => {
    const { getFixedT } = await import("./i18n.server");
    const en = getFixedT("en", "account");
    expect([0, 1, 2].map((count) => en("notifications.unreadSummary", { count }))).toEqual([
      "0 new notifications",
      "1 new notification",
      "2 new notifications",
    ]);
    const es = getFixedT("es", "account");
    expect(es("notifications.unreadSummary", { count: 1 })).not.toBe(es("notifications.unreadSummary", { count: 2 }));
  });
});

import { describe, expect, test } from "vitest";
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegistrationSchema,
  ResetPasswordSchema,
} from "~/features/accounts/accounts.schema";
import { REGISTRATION_TEXTS, REGISTRATION_TOASTS, VERIFICATION_TEXTS } from "~/features/accounts/registration-rules";
import { COMPACT_MESSAGES, DEMO_LABELS, FULL_MESSAGES } from "~/features/accounts/sign-in";
import { headerLinksAfterServices, ROLE_MENUS, SERVICE_MENU_LINKS, SERVICES_OVERVIEW_LINK } from "~/utils/chrome-rules";
import { DEMO_EMAIL_SUFFIX } from "~/utils/demo-accounts";
import { TEXT_SIZE_LABELS } from "~/utils/preferences";
import { findGaps, flattenMessages } from "./completeness";
import { LOCALES, NAMESPACES } from "./config";
import { labelKey } from "./keys";
import { RESOURCES } from "./resources.server";

// The CI check of the translation layer (docs/architecture.md, "Translations").

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

/**
 * Words that address the reader as tú (docs/product-rules.md, "Languages": usted everywhere): the
 * pronouns and possessives, the present and preterite forms, and imperatives where a sentence or a
 * clause after a colon begins. Forms shared with usted's third person ("paga", "sigue") are left out.
 */
const TU_WORDS =
  /(?:^|[^\p{L}])(tu|tus|tú|ti|contigo|te|tienes|puedes|quieres|quieras|puedas|tengas|eres|estás|has|necesitas|debes|sabes|\p{L}+aste|hiciste|pediste|recibiste|elegiste|escribiste)(?!\p{L})/giu;
const TU_IMPERATIVES =
  /(?:^|[.:!?¿¡]\s+)(registra|descarga|deja|marca|revisa|elige|escribe|agrega|añade|busca|usa|toca|pulsa|haz|mira|configura|completa|sube|confirma|acepta|guarda|envía|llama|abre|cierra|selecciona|ingresa|inicia|crea|cambia|comprueba|intenta|vuelve|lee|responde|continúa|di|cuéntanos|dinos|avísanos|prueba|recuerda|asegúrate|inténtalo|configúralo)(?!\p{L})/giu;

/** The tú words of `text`, if any. */
function tuWords(text: string): string[] {
  return [...text.matchAll(TU_WORDS), ...text.matchAll(TU_IMPERATIVES)].map((match) => match[1]!);
}

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

  test("the check knows tú when it sees it, and leaves usted and the third person alone", () => {
    expect(tuWords("Aún no tienes ganancias")).toEqual(["tienes"]);
    expect(tuWords("Tu pago, en la semana en que la trabajaste.")).toEqual(["Tu", "trabajaste"]);
    expect(tuWords("Descarga sus ganancias. Deja las fechas vacías.")).toEqual(["Descarga", "Deja"]);
    // "paga" is also usted's third person ("el crédito paga"): not counted, whatever it means here.
    expect(tuWords("Stripe no está configurado: paga a los cuidadores.")).toEqual([]);
    expect(tuWords("Stripe no está configurado: configura los pagos.")).toEqual(["configura"]);
    expect(tuWords("Aún no tiene ganancias. Descargue sus ganancias.")).toEqual([]);
    expect(tuWords("La visita sigue siendo suya. Si existe una cuenta, le enviamos un enlace.")).toEqual([]);
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

  test("registration and verification texts", () => {
    expect(auth.registration).toEqual(REGISTRATION_TEXTS);
    expect(auth.verification).toEqual(VERIFICATION_TEXTS);
    const toasts = auth.registrationToasts!;
    expect(toasts.accountExists).toBe(REGISTRATION_TOASTS.accountExists.title);
    expect(toasts.accountExistsDescription).toBe(REGISTRATION_TOASTS.accountExists.description);
    expect(toasts.demoAccount).toBe(REGISTRATION_TOASTS.demoAccount.title);
    expect(toasts.demoAccountDescription).toBe(REGISTRATION_TOASTS.demoAccount.description);
    expect(toasts.passwordTooShort).toBe(REGISTRATION_TOASTS.passwordTooShort.title);
    expect(toasts.invalidEmail).toBe(REGISTRATION_TOASTS.invalidEmail.title);
    expect(toasts.registrationFailed).toBe(REGISTRATION_TOASTS.noUser.title);
    expect(toasts.busy).toBe(REGISTRATION_TOASTS.busy.title);
    expect(toasts.busyDescription).toBe(REGISTRATION_TOASTS.busy.description);
    const checkEmail = REGISTRATION_TOASTS.checkEmail("a@b.test");
    expect(toasts.checkEmail).toBe(checkEmail.title);
    expect(toasts.checkEmailDescription?.replace("{{email}}", "a@b.test")).toBe(checkEmail.description);
  });

  test("every message the account schemas give has its key in the validation messages", () => {
    const known = new Set(flattenMessages(RESOURCES.en.validation).values());
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

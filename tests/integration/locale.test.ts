import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CLIENT_IP_HEADER } from "~/platform/auth/auth.server";
import { getCurrentUser } from "~/platform/auth/session.server";
import { userProfiles } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { resendVerificationEmail } from "~/features/accounts/email-verification.server";
import { requestPasswordReset } from "~/features/accounts/password-reset.server";
import { signIn } from "~/features/accounts/sign-in.server";
import { registerClient } from "~/features/accounts/registration.server";
import { LOCALE_COOKIE } from "~/i18n/config";
import { action as localeAction } from "~/routes/api/locale";
import { loadShell } from "~/root.server";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest, formRequest, nextClientAddress, settle, signInCookie } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

// The language of an account (docs/architecture.md, "Translations"): the
// switch stores it on the account, and emails to the account are written in it.

const setup = useAuthTestSetup();
const PASSWORD = "Idioma-Clave-7";

function args(request: Request) {
  return { request, params: {}, context: undefined as never } as never;
}

async function storedLocale(userId: string) {
  const [row] = await setup.db
    .select({ locale: userProfiles.locale })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row?.locale;
}

async function outboxFor(email: string) {
  return (await deliveredOutbox()).filter((entry) => entry.to === email);
}

/** A request from an English browser. */
const englishRequest = () => appRequest("/verify-email", { method: "POST", headers: { "accept-language": "en" } });

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.test`;

describe("the language switch (/api/locale)", () => {
  test("a signed-in person's choice is stored on the account and wins over the cookie", async () => {
    const user = await createClient(setup.db, { firstName: "Lucía", lastName: "Reyes", password: PASSWORD });
    const cookie = await signInCookie(user.email, PASSWORD);
    expect(await storedLocale(user.id)).toBeNull();

    const answer = await settle(
      localeAction(args(formRequest("/api/locale", { locale: "es", redirectTo: "/dashboard?tab=2" }, cookie))),
    );
    // Without JavaScript: back to the same page, query string kept, cookie set.
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard?tab=2");
    expect(response.headers.get("set-cookie")).toContain(`${LOCALE_COOKIE}=es`);
    expect(await storedLocale(user.id)).toBe("es");

    // The account's language beats an English cookie and an English browser.
    const request = appRequest("/", {
      cookie: `${cookie}; ${LOCALE_COOKIE}=en`,
      headers: { "accept-language": "en-US" },
    });
    const current = await getCurrentUser(request);
    expect(current?.locale).toBe("es");
    expect(loadShell(request, current).i18n.locale).toBe("es");

    // And back to English.
    await settle(localeAction(args(formRequest("/api/locale", { locale: "en" }, cookie))));
    expect(await storedLocale(user.id)).toBe("en");
  });

  test("a signed-out visitor's choice goes in the cookie only; with a fetcher there is no redirect", async () => {
    const answer = await settle(localeAction(args(formRequest("/api/locale", { locale: "es" }))));
    const { data, init } = answer as unknown as { data: { ok: boolean; locale: string }; init: ResponseInit };
    expect(data).toEqual({ ok: true, locale: "es" });
    expect(new Headers(init.headers).get("set-cookie")).toContain(`${LOCALE_COOKIE}=es`);
  });

  test("a page asked for in one language (?lang=) comes back in the chosen one", async () => {
    const answer = (await settle(
      localeAction(args(formRequest("/api/locale", { locale: "en", redirectTo: "/about?lang=es&ref=x" }))),
    )) as Response;
    expect(answer.headers.get("location")).toBe("/about?lang=en&ref=x");
  });

  test("refuses a language we do not have, and a way back off the site", async () => {
    const refused = (await settle(localeAction(args(formRequest("/api/locale", { locale: "fr" }))))) as unknown as {
      init: ResponseInit;
    };
    expect(refused.init.status).toBe(400);
    const offSite = await settle(
      localeAction(args(formRequest("/api/locale", { locale: "es", redirectTo: "https://evil.test/" }))),
    );
    expect(offSite).not.toBeInstanceOf(Response);
  });
});

describe("emails in the account's language", () => {
  test("registering from a Spanish browser stores Spanish and sends the verification email in Spanish", async () => {
    const email = uniqueEmail("sofia");
    const registration = RegistrationSchema.parse({ ...SAMPLE_REGISTRATION, email, firstName: "Sofía" });
    const request = appRequest("/register", {
      method: "POST",
      headers: { [CLIENT_IP_HEADER]: nextClientAddress(), "accept-language": "es-MX,es;q=0.9,en;q=0.5" },
    });
    const outcome = await registerClient({ registration, request });
    expect(outcome.status).toBe("registered");
    const [user] = await setup.db.select().from(userProfiles).where(eq(userProfiles.email, email));
    expect(user?.locale).toBe("es");

    const [message] = await outboxFor(email);
    expect(message?.subject).toBe("Confirme su correo para Tendly");
    expect(message?.html).toContain('<html lang="es">');
    expect(message?.html).toContain("Le damos la bienvenida a Tendly, Sofía Okafor");
    expect(message?.text).toContain("Confirmar mi correo: ");
    expect(message?.text).not.toContain("Verify my email");
  });

  test("an English browser registers in English, as before", async () => {
    const email = uniqueEmail("nia");
    const registration = RegistrationSchema.parse({ ...SAMPLE_REGISTRATION, email });
    const outcome = await registerClient({ registration, request: appRequest("/register", { method: "POST" }) });
    expect(outcome.status).toBe("registered");
    const [message] = await outboxFor(email);
    expect(message?.subject).toBe("Confirm your email for Tendly");
    expect(message?.text).toContain("Verify my email: ");
  });

  test("a resent verification email and a password reset are in the language of the page they were asked from", async () => {
    // Spanish on the account, asked from an English page: the person uses English now.
    const unverified = await createClient(setup.db, {
      email: uniqueEmail("mateo"),
      password: PASSWORD,
      emailVerified: false,
    });
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, unverified.id));
    await resendVerificationEmail({ email: unverified.email, request: englishRequest() });
    const [verification] = await outboxFor(unverified.email);
    expect(verification?.subject).toBe("Confirm your email for Tendly");

    // No language on the account (it never chose one), asked from a Spanish browser.
    const verified = await createClient(setup.db, { email: uniqueEmail("elena"), password: PASSWORD });
    expect(await storedLocale(verified.id)).toBeNull();
    const spanishPage = appRequest("/forgot-password", { method: "POST", headers: { "accept-language": "es-US,es" } });
    await requestPasswordReset({ email: verified.email, request: spanishPage });
    const [reset] = await outboxFor(verified.email);
    expect(reset?.subject).toBe("Cambie su contraseña de Tendly");
    expect(reset?.text).toContain("Hola, ");

    // The switch's cookie names the page's language, whatever the browser prefers.
    const switched = await createClient(setup.db, { email: uniqueEmail("ines"), password: PASSWORD });
    const switchedPage = appRequest("/forgot-password", {
      method: "POST",
      headers: { "accept-language": "en-US", cookie: `${LOCALE_COOKIE}=es` },
    });
    await requestPasswordReset({ email: switched.email, request: switchedPage });
    const [switchedReset] = await outboxFor(switched.email);
    expect(switchedReset?.subject).toBe("Cambie su contraseña de Tendly");
  });
});

describe("signing in", () => {
  test("stores the language in use on the account: the switch's cookie, else the browser's", async () => {
    const fromBrowser = await createClient(setup.db, { email: uniqueEmail("rosa"), password: PASSWORD });
    const spanishBrowser = appRequest("/login/desktop", {
      method: "POST",
      headers: { "accept-language": "es-MX,es;q=0.9" },
    });
    expect(
      await signIn({ email: fromBrowser.email, password: PASSWORD, request: spanishBrowser, page: "desktop" }),
    ).toMatchObject({
      status: "signed-in",
    });
    expect(await storedLocale(fromBrowser.id)).toBe("es");

    // Chosen Spanish before; signing in now from a browser whose switch says English.
    const fromSwitch = await createClient(setup.db, { email: uniqueEmail("hugo"), password: PASSWORD });
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, fromSwitch.id));
    const englishSwitch = appRequest("/login/desktop", {
      method: "POST",
      headers: { "accept-language": "es", cookie: `${LOCALE_COOKIE}=en` },
    });
    expect(
      await signIn({ email: fromSwitch.email, password: PASSWORD, request: englishSwitch, page: "desktop" }),
    ).toMatchObject({
      status: "signed-in",
    });
    expect(await storedLocale(fromSwitch.id)).toBe("en");

    // A refused sign-in changes nothing.
    const refused = appRequest("/login/desktop", { method: "POST", headers: { cookie: `${LOCALE_COOKIE}=es` } });
    expect(
      await signIn({ email: fromSwitch.email, password: "not-the-password", request: refused, page: "desktop" }),
    ).toMatchObject({
      status: "failed",
    });
    expect(await storedLocale(fromSwitch.id)).toBe("en");
  });
});

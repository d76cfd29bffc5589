import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { userProfiles } from "~/platform/db/schema";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test } from "./fixtures";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";
import { completeVisit, visitStartingSoon } from "./visit-helpers";

// Spanish, end to end (docs/architecture.md, "Translations"): the language
// comes from the browser on a first visit, the switch in the header and in the
// drawer changes it in place, a Spanish registration gets a Spanish email, and
// an order's status history reads in the page's language.

const html = (page: Page) => page.locator("html");
const header = (page: Page) => page.getByRole("banner");

test.describe("a Spanish browser on its first visit", () => {
  test.use({ locale: "es-ES" });

  test("gets <html lang=es> and the header and sign-in page in Spanish", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Registrarse" })).toBeVisible();
    await expect(
      header(page).getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Inicio" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Ir al contenido principal" })).toBeAttached();
    await expect(page.getByRole("contentinfo").getByRole("heading", { name: "Boletín" })).toBeVisible();

    await gotoHydrated(page, "/login/desktop");
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page).toHaveTitle("Iniciar sesión | Tendly");
    await expect(page.getByRole("heading", { level: 1, name: "Qué bueno verle de nuevo" })).toBeVisible();
    // The footer's newsletter field is a "Correo electrónico" too: the form is in main.
    const main = page.getByRole("main");
    await expect(main.getByLabel("Correo electrónico", { exact: true })).toBeVisible();
    await expect(main.getByLabel("Contraseña", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "¿Olvidó su contraseña?" })).toBeVisible();

    // Validation messages come in Spanish too.
    await main.getByRole("button", { name: "Iniciar sesión", exact: true }).click();
    await expect(page.getByText("Escriba un correo electrónico válido", { exact: true })).toBeVisible();
    await expect(page.getByText("Escriba su contraseña", { exact: true })).toBeVisible();
  });

  test("the app-mode sign-in page is in Spanish and has its own switch", async ({ page }) => {
    await gotoHydrated(page, "/login/pwa");
    await expect(page.getByRole("heading", { level: 1, name: "Inicie sesión en Tendly" })).toBeVisible();
    const pageSwitch = page.getByTestId("language-switch-page");
    await expect(pageSwitch.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
    await pageSwitch.getByRole("button", { name: "English" }).click();
    await expect(html(page)).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Tendly" })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/pwa$/);
  });

  test("a public page names its Spanish and English URLs for search engines", async ({ page }) => {
    await page.goto("/about");
    const canonical = page.locator('head link[rel="canonical"]');
    await expect(canonical).toHaveAttribute("href", /\/about\?lang=es$/);
    await expect(page.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/about$/);
    await expect(page.locator('head link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
      "href",
      /\/about\?lang=es$/,
    );
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute("href", /\/about$/);
    await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.es.webmanifest");
  });

  test("registering in Spanish sends the verification email in Spanish", async ({ page }) => {
    // A sign-up (scrypt hashing) and two pages, each checked by axe.
    test.slow();
    const email = uniqueEmail("sofia");
    await gotoHydrated(page, "/register");
    await expect(page.getByRole("heading", { level: 1, name: "Crear una cuenta" })).toBeVisible();
    const fields: [string, string][] = [
      ["Nombre", "Sofía"],
      ["Apellido", SAMPLE_REGISTRATION.lastName],
      ["Correo electrónico", email],
      ["Teléfono", SAMPLE_REGISTRATION.phoneNumber],
      ["Contraseña", SAMPLE_REGISTRATION.password],
      ["Repita la contraseña", SAMPLE_REGISTRATION.confirmPassword],
      ["Dirección", SAMPLE_REGISTRATION.streetAddress],
      ["Ciudad", SAMPLE_REGISTRATION.city],
      ["Código postal (ZIP)", SAMPLE_REGISTRATION.zipCode],
    ];
    const form = page.getByRole("form", { name: "Crear una cuenta de cliente" });
    for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel("Estado", { exact: true }).selectOption(SAMPLE_REGISTRATION.state);
    await form.getByRole("button", { name: "Crear la cuenta", exact: true }).click();

    await expect(page).toHaveURL(/\/verify-email$/);
    await expect(page.getByRole("heading", { level: 1, name: "Revise su bandeja de entrada" })).toBeVisible();
    await expect(page.getByText("Revise su correo", { exact: true })).toBeVisible();

    const message = await latestEmail(email, "Confirme su correo para Tendly");
    expect(message.text).toContain("Le damos la bienvenida a Tendly, Sofía Okafor");
    const link = message.text.match(/Confirmar mi correo: (https?:\/\/\S+\/verify-email\?token=\S+)/)?.[1];
    expect(link, "verification link").toBeDefined();

    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1, name: "Le damos la bienvenida a Tendly" })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("the Spanish guides (Accept-Language es-US)", () => {
  test.use({ locale: "es-US" });

  test("an English guide's address opens its Spanish version, which names both for search engines", async ({
    page,
  }) => {
    await page.goto("/blog/dementia-care-at-home");
    await expect(page).toHaveURL(/\/blog\/demencia-cuidado-en-casa$/);
    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: "Cómo cuidar en casa a una persona con demencia: rutinas, seguridad y apoyo",
      }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Establezca una rutina estable" })).toBeVisible();
    await expect(page).toHaveTitle(
      "Cómo cuidar en casa a una persona con demencia: rutinas, seguridad y apoyo | Tendly",
    );
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
      "href",
      /\/blog\/demencia-cuidado-en-casa\?lang=es$/,
    );
    await expect(page.locator('head link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
      "href",
      /\/blog\/demencia-cuidado-en-casa\?lang=es$/,
    );
    await expect(page.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
      "href",
      /\/blog\/dementia-care-at-home$/,
    );
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
      "href",
      /\/blog\/dementia-care-at-home$/,
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({
      "@type": "BlogPosting",
      inLanguage: "es",
      headline: expect.stringContaining("demencia"),
    });
  });

  test("a link to the Spanish version keeps its language in the address", async ({ page }) => {
    await page.goto("/blog/caregiver-burnout?lang=es");
    await expect(page).toHaveURL(/\/blog\/agotamiento-del-cuidador\?lang=es$/);
    await expect(page.getByRole("heading", { level: 1, name: /El agotamiento del cuidador/ })).toBeVisible();
  });
});

test("an English browser sent a Spanish guide's address reads the English one", async ({ page }) => {
  await page.goto("/blog/agotamiento-del-cuidador");
  await expect(page).toHaveURL(/\/blog\/caregiver-burnout$/);
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: /Caregiver burnout/ })).toBeVisible();
  await expect(page.locator('head link[rel="alternate"][hreflang="es"]')).toHaveAttribute(
    "href",
    /\/blog\/agotamiento-del-cuidador\?lang=es$/,
  );
  // The Spanish address named for search engines serves Spanish, whatever the browser asks for.
  await page.goto("/blog/agotamiento-del-cuidador?lang=es");
  await expect(page).toHaveURL(/\/blog\/agotamiento-del-cuidador\?lang=es$/);
  await expect(page.getByRole("heading", { level: 1, name: /El agotamiento del cuidador/ })).toBeVisible();
});

test("the switch on a guide opens the same guide in the other language", async ({ page }) => {
  await gotoHydrated(page, "/blog/caregiver-burnout");
  await page.getByTestId("language-switch-header").getByRole("button", { name: "Español", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\/agotamiento-del-cuidador$/);
  await expect(page.getByRole("heading", { level: 1, name: /El agotamiento del cuidador/ })).toBeVisible();
  await page.getByTestId("language-switch-header").getByRole("button", { name: "English", exact: true }).click();
  await expect(page).toHaveURL(/\/blog\/caregiver-burnout$/);
  await expect(page.getByRole("heading", { level: 1, name: /Caregiver burnout/ })).toBeVisible();
});

test.describe("the switch in the header (desktop)", () => {
  test("changes the language in place, keeps the page and what was typed", async ({ page }) => {
    await gotoHydrated(page, "/login/desktop?redirectTo=%2Fdashboard");
    await expect(html(page)).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome Back" })).toBeVisible();
    await page.getByRole("main").getByLabel("Email", { exact: true }).fill("someone@example.test");

    const headerSwitch = page.getByTestId("language-switch-header");
    await expect(headerSwitch).toBeVisible();
    await headerSwitch.getByRole("button", { name: "Español", exact: true }).click();

    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: "Qué bueno verle de nuevo" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(page).toHaveURL(/\/login\/desktop\?redirectTo=%2Fdashboard$/);
    await expect(page.getByRole("main").getByLabel("Correo electrónico", { exact: true })).toHaveValue(
      "someone@example.test",
    );
    // The header's switch now offers English, named in English.
    await expect(headerSwitch.getByRole("button", { name: "English", exact: true })).toHaveAttribute("lang", "en");

    // Remembered (cookie) on the next visit, then back to English.
    await gotoHydrated(page, "/");
    await expect(html(page)).toHaveAttribute("lang", "es");
    await headerSwitch.getByRole("button", { name: "English", exact: true }).click();
    await expect(html(page)).toHaveAttribute("lang", "en");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  // A context of its own: the page's axe checks need JavaScript.
  test("without JavaScript, posts the choice and comes back to the same page, query string kept", async ({
    browser,
    extraHTTPHeaders,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders });
    try {
      const page = await context.newPage();
      await page.goto("/about?ref=news");
      await expect(html(page)).toHaveAttribute("lang", "en");
      await page.getByTestId("language-switch-header").getByRole("button", { name: "Español", exact: true }).click();
      await expect(page).toHaveURL(/\/about\?ref=news$/);
      await expect(html(page)).toHaveAttribute("lang", "es");
      await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("the switch in the drawer (390 px)", () => {
  test.use(MOBILE);

  test("changes the language and keeps the page", async ({ page }) => {
    await gotoHydrated(page, "/services");
    await expect(page.getByTestId("language-switch-header")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    const drawerSwitch = drawer.getByTestId("language-switch-drawer");
    await expect(drawerSwitch.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    await drawerSwitch.getByRole("button", { name: "Español" }).click();

    await expect(html(page)).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(/\/services$/);
    // The drawer stays open, now in Spanish.
    const spanishDrawer = page.getByRole("dialog", { name: "Menú" });
    await expect(spanishDrawer.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(spanishDrawer.getByRole("button", { name: "Español" })).toHaveAttribute("aria-pressed", "true");
    await spanishDrawer.getByRole("button", { name: "Cerrar menú" }).click();
    await expect(page.getByRole("button", { name: "Abrir menú" })).toBeVisible();
  });
});

/** The order's history lines of a visit booked and done, in Spanish and in English. */
const HISTORY_LINES = [
  ["Solicitud recibida", "Request received"],
  ["Ofrecido al cuidador que eligió la familia", "Offered to the family's choice"],
  ["Aceptado por el cuidador", "Accepted by the caregiver"],
  ["Primera visita: llegada registrada", "First visit checked in"],
  ["Última visita: salida registrada", "Last visit checked out"],
] as const;

/** Each line is in the order's status history (the list named `name`), and a word of the other language is not. */
async function expectHistory(page: Page, name: string, lines: readonly string[], otherLanguageWord: string) {
  const history = page.getByRole("list", { name });
  for (const line of lines) await expect(history).toContainText(line);
  await expect(history).not.toContainText(otherLanguageWord);
}

test("a family reads the order's status history in Spanish, and the same lines in English after the switch", async ({
  page,
}) => {
  // A one-time visit checked in and out: the order's history has the app's lines from request to completion.
  const booked = await visitStartingSoon({ lastName: "Historial" });
  await completeVisit(booked);
  await e2eDatabase().update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, booked.client.id));
  await signIn(page, booked.client.email);
  await gotoHydrated(page, `/dashboard/appointments/order/${booked.orderId}`);
  await expect(html(page)).toHaveAttribute("lang", "es");
  await expectHistory(
    page,
    "Historial de estados",
    HISTORY_LINES.map(([spanish]) => spanish),
    "checked",
  );

  await page.getByTestId("language-switch-header").getByRole("button", { name: "English", exact: true }).click();
  await expect(html(page)).toHaveAttribute("lang", "en");
  await expectHistory(
    page,
    "Status history",
    HISTORY_LINES.map(([, english]) => english),
    "registrada",
  );
});

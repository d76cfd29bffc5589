import type { Locator, Page } from "@playwright/test";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { addDaysTo, mondayInWeeks, RECIPIENT } from "./care-request-helpers";
import { fillCaregiverApplication } from "./caregiver-helpers";
import { gotoHydrated } from "./chrome-helpers";
import { expect, MOBILE, test } from "./fixtures";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";
import { TIMEOUTS } from "./timeouts";

// Spanish from end to end on a 390 px phone with a Spanish-speaking browser
// (docs/architecture.md, "Translations"): a family registers, verifies from a
// Spanish email, asks for care and sees matches and a quote in Spanish; a
// caregiver applies and sees the pending screen in Spanish. Every page is
// checked by axe (the fixtures), language rules included.

// The browser's language, also on requests made outside the page (page.request).
test.use({ ...MOBILE, locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });

const main = (page: Page) => page.getByRole("main");
const html = (page: Page) => page.locator("html");

/** Fails when `text` inside `locator` is broken across lines (its pieces on more than one line). */
async function expectOnOneLine(locator: Locator, text: string) {
  const lines = await locator.evaluate((element, whole) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(whole);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + whole.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    return -1;
  }, text);
  expect(lines, `"${text}" on one line`).toBe(1);
}

async function switchLanguage(page: Page, menu: string, to: "English" | "Español") {
  await page.getByRole("button", { name: menu }).click();
  const drawer = page.getByRole("dialog", { name: menu === "Abrir menú" ? "Menú" : "Menu" });
  await drawer.getByTestId("language-switch-drawer").getByRole("button", { name: to }).click();
  await expect(html(page)).toHaveAttribute("lang", to === "English" ? "en" : "es");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
}

test("a family registers, verifies from a Spanish email, and asks for care in Spanish", async ({ page }) => {
  // A sign-up, a verification and the whole request: each page checked by axe.
  test.slow();
  const email = uniqueEmail("lucia");
  await gotoHydrated(page, "/register");
  await expect(html(page)).toHaveAttribute("lang", "es");
  const form = page.getByRole("form", { name: "Crear una cuenta de cliente" });
  const fields: [string, string][] = [
    ["Nombre", "Lucía"],
    ["Apellido", "Herrera"],
    ["Correo electrónico", email],
    ["Teléfono", SAMPLE_REGISTRATION.phoneNumber],
    ["Contraseña", SAMPLE_REGISTRATION.password],
    ["Repita la contraseña", SAMPLE_REGISTRATION.confirmPassword],
    ["Dirección", SAMPLE_REGISTRATION.streetAddress],
    ["Ciudad", SAMPLE_REGISTRATION.city],
    ["Código postal (ZIP)", SAMPLE_REGISTRATION.zipCode],
  ];
  for (const [label, value] of fields) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel("Estado", { exact: true }).selectOption(SAMPLE_REGISTRATION.state);
  await form.getByRole("button", { name: "Crear la cuenta", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Revise su bandeja de entrada" })).toBeVisible();

  const message = await latestEmail(email, "Confirme su correo para Tendly");
  const link = message.text.match(/Confirmar mi correo: (https?:\/\/\S+\/verify-email\?token=\S+)/)?.[1];
  expect(link, "verification link").toBeDefined();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Le damos la bienvenida a Tendly" })).toBeVisible();

  // The request, step by step.
  await gotoHydrated(page, "/request/client-info");
  await expect(main(page).getByRole("heading", { level: 1, name: "Quién necesita cuidado" })).toBeVisible();
  await main(page).getByLabel("Un ser querido").check();
  await main(page).getByLabel("Nombre completo de la persona que recibirá el cuidado").fill(RECIPIENT.fullName);
  await main(page).getByLabel("Edad").fill(RECIPIENT.age);
  await main(page).getByLabel("Género", { exact: true }).selectOption("female");
  await main(page).getByLabel("Número de teléfono").fill("(773) 555-0142");
  await main(page).getByLabel("Dirección donde se dará el cuidado").fill(RECIPIENT.street);
  await main(page).getByLabel("Código postal (ZIP)").fill(RECIPIENT.zip);
  await main(page).getByRole("button", { name: "Continuar" }).click();

  await expect(main(page).getByRole("heading", { level: 1, name: "Necesidades de cuidado" })).toBeVisible();
  await main(page).getByLabel("Cuidado personal").check();
  await main(page).getByLabel("Demencia o problemas de memoria").check();
  await main(page).getByLabel("Idioma preferido").selectOption("es");
  await main(page).getByRole("button", { name: "Continuar" }).click();

  const start = mondayInWeeks(2);
  await expect(main(page).getByRole("heading", { level: 1, name: "Horario" })).toBeVisible();
  await main(page).getByLabel("Todas las semanas").check();
  await main(page).getByLabel("Fecha de inicio").fill(start);
  await main(page).getByLabel("Fecha de fin").fill(addDaysTo(start, 55));
  await main(page).getByLabel("Lunes", { exact: true }).check();
  await main(page).getByLabel("Miércoles", { exact: true }).check();
  await main(page).getByRole("button", { name: "Continuar" }).click();

  // Review: the quote in Spanish, money as dollars.
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await expect(main(page).getByText("Total por semana")).toBeVisible();
  await expect(main(page).getByText(/Cargo de la plataforma \(\d+%\)/)).toBeVisible();
  await expect(
    main(page)
      .getByText(/\$\d[\d,]*\.\d{2}/)
      .first(),
  ).toBeVisible();
  await expect(main(page).getByText(/Lunes, de 9:00 a\. m\. a/)).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // English and back keep the page and the request.
  await switchLanguage(page, "Abrir menú", "English");
  await expect(page).toHaveURL(/\/request\/review-submit$/);
  await expect(main(page).getByText("Total per week")).toBeVisible();
  await expect(main(page).getByText(RECIPIENT.fullName)).toBeVisible();
  await switchLanguage(page, "Open menu", "Español");
  await expect(main(page).getByText("Total por semana")).toBeVisible();
  await expect(main(page).getByText(RECIPIENT.fullName)).toBeVisible();

  await main(page)
    .getByLabel(/Acepto las/)
    .check();
  await main(page).getByRole("button", { name: "Enviar solicitud" }).click();

  // Matches in Spanish, with their reasons.
  await expect(page).toHaveURL(/\/request\/thank-you\?order=/);
  // The request's number never breaks at its hyphens on the phone, here or on the order's page.
  const number = main(page).locator("strong", { hasText: /^TN-\d{4}-\d+$/ });
  const orderNumber = (await number.textContent())!;
  await expectOnOneLine(number, orderNumber);
  await expect(main(page).getByRole("heading", { name: "Sus mejores opciones" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  // Which caregivers match depends on who is free; each card says why in Spanish.
  const reasons = main(page).getByRole("list", { name: /^Por qué .+ es una buena opción$/ });
  await expect(reasons.first()).toBeVisible();
  await expect(reasons.getByText("Habla el idioma que pidió: español").first()).toBeVisible();
  await expect(reasons.filter({ hasText: /A (menos de )?[\d.,]+\s+millas/ }).first()).toBeVisible();
  await expect(
    main(page)
      .getByRole("button", { name: /^Elegir a / })
      .first(),
  ).toBeVisible();

  await gotoHydrated(page, `/dashboard/appointments/order/${new URL(page.url()).searchParams.get("order")}`);
  const title = main(page).getByRole("heading", { level: 1, name: `Pedido ${orderNumber}` });
  await expect(title).toBeVisible();
  await expectOnOneLine(title, orderNumber);
});

test("a caregiver applies in Spanish and sees the pending screen in Spanish", async ({ page }) => {
  test.slow();
  const values = await fillCaregiverApplication(page.request, { firstName: "Rosa", lastName: "Medina" });
  await gotoHydrated(page, "/register/caregiver/review");
  await expect(html(page)).toHaveAttribute("lang", "es");
  await expect(main(page).getByRole("heading", { level: 1, name: "Revisión" })).toBeVisible();
  await expect(main(page).getByText("Rosa Medina")).toBeVisible();

  // The verification email is in Spanish: the application started in Spanish.
  const verification = await latestEmail(values.email, "Confirme su correo para Tendly");
  const link = verification.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link, "verification link").toBeDefined();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/register\/caregiver\/review$/, { timeout: TIMEOUTS.background });
  await page.getByRole("button", { name: "Enviar la solicitud" }).click();
  await expect(page).toHaveURL(/\/register\/caregiver\/confirmation\?message=registration-success$/);
  await expect(page.getByRole("heading", { level: 1, name: "Su solicitud se envió correctamente" })).toBeVisible();

  await gotoHydrated(page, "/caregiver");
  await expect(page.getByRole("heading", { level: 1, name: "Su solicitud está pendiente de revisión" })).toBeVisible();
  await expect(page.getByText("Verificación de antecedentes: de 5 a 7 días hábiles")).toBeVisible();
});

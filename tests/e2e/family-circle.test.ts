import { addDays, format, nextMonday } from "date-fns";
import { mkdirSync } from "node:fs";
import { createClient } from "~/platform/db/seed/factories.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, MOBILE, signIn, test, unique } from "./fixtures";
import { latestEmail, uniqueEmail } from "./password-reset-helpers";

// The family circle (docs/product-rules.md, "Family circle"): a new family in Boise (a city no other test uses)
// invites someone as Follow from /dashboard/family; the invitation email's link brings them, signed out, through
// sign-in and back; they accept, open the family's order page (its history, no Cancel) and a forged cancel is
// refused; once the holder removes them the order is not found. The page at 390 px, in Spanish.

const SHOTS = "/tmp/shots-family";
mkdirSync(SHOTS, { recursive: true });

/** A new family with a submitted one-time request for their mother in Boise, saved as a care recipient. */
async function boiseFamily(lastName: string) {
  const db = e2eDatabase();
  const holder = await createClient(db, { firstName: "Nora", lastName, zipCode: "83702" });
  const startDate = format(addDays(nextMonday(new Date()), 21), "yyyy-MM-dd");
  const request = {
    careRecipient: "loved-one",
    fullName: `Ruth ${lastName}`,
    age: 84,
    gender: "female",
    phoneNumber: "(208) 555-0177",
    streetAddress: "150 N Capitol Blvd",
    zipCode: "83702",
    serviceTypes: ["personal-care"],
    healthNeeds: ["diabetes"],
    preferredLanguage: "en",
    additionalDetails: "",
    scheduleType: "recurring",
    startDate,
    endDate: format(addDays(new Date(startDate), 30), "yyyy-MM-dd"),
    weeklySchedule: { ...EMPTY_WEEK, 4: [{ start: "14:00", end: "17:00" }] },
    promoCode: "",
    termsAccepted: true,
  };
  const { orderId } = await submitCareRequest({ actor: { ...holder, roles: ["client"] }, request });
  return { holder, orderId, recipientName: request.fullName };
}

test("a follow member is invited, accepts through the email's link, sees the order without Cancel, and is removed", async ({
  page,
  browser,
}) => {
  const lastName = unique("Circle");
  const { holder, orderId, recipientName } = await boiseFamily(lastName);
  const invitee = await createClient(e2eDatabase(), {
    firstName: "Sam",
    lastName,
    email: uniqueEmail("family-follow"),
    zipCode: "83702",
  });
  const orderPath = `/dashboard/appointments/order/${orderId}`;

  // The holder invites them as Follow.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, holder.email);
  await gotoHydrated(page, "/dashboard/family");
  await expect(page.getByRole("heading", { level: 1, name: "Family" })).toBeVisible();
  const circle = page.getByRole("region", { name: `Care of ${recipientName}` });
  await expect(circle.getByText("No members yet.")).toBeVisible();
  await circle.getByLabel("Email address").fill("not-an-email");
  await circle.getByLabel("Role").selectOption("follow");
  await circle.getByLabel("Email address").evaluate((input: HTMLInputElement) => (input.type = "text"));
  await circle.getByRole("button", { name: "Send invitation" }).click();
  await expect(circle.getByText("Enter a valid email address.")).toBeVisible();
  await circle.getByLabel("Email address").fill(invitee.email);
  await circle.getByLabel("Role").selectOption("follow");
  await circle.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  await expect(circle.getByRole("listitem").filter({ hasText: invitee.email })).toContainText("Follow");

  const email = await latestEmail(
    invitee.email,
    `Nora ${lastName} invited you to follow ${recipientName}'s care on Tendly`,
  );
  const link = email.text.match(/https?:\/\/\S+\/dashboard\/family\/join\?token=\S+/)?.[0];
  expect(link, "invitation link").toBeDefined();
  const joinPath = new URL(link!).pathname + new URL(link!).search;

  // The invitee, signed out, is sent to sign in and brought back.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  const member = await context.newPage();
  try {
    await member.goto(joinPath);
    await expect(member).toHaveURL(/\/login\/desktop\?redirectTo=/);
    expect(new URL(member.url()).searchParams.get("redirectTo")).toBe(joinPath);
    await signIn(member, invitee.email);
    await gotoHydrated(member, joinPath);
    await expect(
      member.getByText(`You are invited to join the family circle for the care of ${recipientName}.`),
    ).toBeVisible();
    await member.screenshot({ path: `${SHOTS}/join-1280.png`, fullPage: true });
    await member.setViewportSize(MOBILE.viewport);
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.viewport.width,
    );
    await member.screenshot({ path: `${SHOTS}/join-390.png`, fullPage: true });
    await member.getByRole("button", { name: "Accept invitation" }).click();
    await expect(member).toHaveURL(/\/dashboard\/family$/);
    await expect(member.getByText("You joined the family circle")).toBeVisible();
    await expect(member.getByRole("region", { name: "Circles you belong to" })).toContainText(recipientName);

    // The link is used: a second visit says so.
    await gotoHydrated(member, joinPath);
    await expect(member.getByText("This invitation was already used or withdrawn.")).toBeVisible();

    // The order page: its history, no Cancel; a forged cancel is refused.
    await gotoHydrated(member, orderPath);
    await expect(member.getByRole("heading", { name: "Status history" })).toBeVisible();
    await expect(member.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
    const forged = await member.request.post(orderPath, {
      form: { intent: "cancel", reason: "Forged by a follow member" },
      headers: { origin: test.info().project.use.baseURL! },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);

    // The holder sees the member, changes nothing, and removes them.
    await gotoHydrated(page, "/dashboard/family");
    const row = circle.getByRole("listitem").filter({ hasText: invitee.email });
    await expect(row.getByLabel(`Role of Sam ${lastName}`)).toHaveValue("follow");
    await circle.getByText("Changes", { exact: true }).click();
    await expect(circle.getByText(`Nora ${lastName} invited ${invitee.email} (Follow)`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/family-holder-1280.png`, fullPage: true });
    page.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Remove Sam ${lastName}` }).click();
    await expect(page.getByText("Member removed")).toBeVisible();
    await expect(circle.getByText("No members yet.")).toBeVisible();
    // The list of changes is still open.
    await expect(circle.getByText(`Nora ${lastName} removed Sam ${lastName} (Follow)`)).toBeVisible();

    const gone = await member.goto(orderPath);
    expect(gone?.status()).toBe(404);
  } finally {
    await context.close();
  }
});

test("the family page at 390 px, in Spanish, with a pending invitation", async ({ page }) => {
  const lastName = unique("Circulo");
  const { holder, recipientName } = await boiseFamily(lastName);
  await page.setViewportSize(MOBILE.viewport);
  await signIn(page, holder.email);
  await gotoHydrated(page, "/dashboard/family?lang=es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1, name: "Familia" })).toBeVisible();
  const circle = page.getByRole("region", { name: `Cuidado de ${recipientName}` });
  const address = uniqueEmail("family-pending");
  await circle.getByLabel("Correo electrónico").fill(address);
  await circle.getByLabel("Función").selectOption("alerts");
  await circle.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(page.getByText(`Invitación enviada a ${address}`)).toBeVisible();
  const pending = circle.getByRole("listitem").filter({ hasText: address });
  await expect(pending).toContainText("Solo avisos");
  await expect(pending).toContainText("vence el");
  await expect(pending.getByRole("button", { name: `Retirar la invitación a ${address}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Círculos a los que pertenece" })).toContainText(
    "No está en el círculo familiar de nadie más.",
  );
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
  await page.screenshot({ path: `${SHOTS}/family-holder-390-es.png`, fullPage: true });

  // Keyboard: the email field, then the role, then the button, in order.
  await circle.getByLabel("Correo electrónico").focus();
  await page.keyboard.press("Tab");
  await expect(circle.getByLabel("Función")).toBeFocused();

  await pending.getByRole("button", { name: `Retirar la invitación a ${address}` }).click();
  await expect(page.getByText("Invitación retirada")).toBeVisible();
  await expect(circle.getByText("No hay invitaciones pendientes.")).toBeVisible();
});

test("someone who registers after the email finds the invitation on their home and joins from Family", async ({
  page,
}) => {
  const lastName = unique("Joiner");
  const { holder, recipientName } = await boiseFamily(lastName);
  await signIn(page, holder.email);
  await gotoHydrated(page, "/dashboard/family");
  const circle = page.getByRole("region", { name: `Care of ${recipientName}` });
  const address = uniqueEmail("family-later");
  await circle.getByLabel("Email address").fill(address);
  await circle.getByLabel("Role").selectOption("manage");
  await circle.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${address}`)).toBeVisible();
  await page.context().clearCookies();

  // The account is made after the invitation (as a registration would), and signs in without the link.
  await createClient(e2eDatabase(), { firstName: "Lena", lastName, email: address, zipCode: "83702" });
  await page.setViewportSize(MOBILE.viewport);
  await signIn(page, address);
  await gotoHydrated(page, "/dashboard");
  const notice = page.getByRole("region", { name: "A family circle invited you" });
  await expect(notice).toContainText(`Nora ${lastName} invited you to help with the care of ${recipientName}.`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.viewport.width);
  await page.screenshot({ path: `${SHOTS}/home-invitation-390.png`, fullPage: true });
  await notice.getByRole("link", { name: "Open Family" }).click();
  await expect(page).toHaveURL(/\/dashboard\/family$/);
  const forMe = page.getByRole("region", { name: "Invitations for you" });
  await expect(forMe).toContainText("Manage");
  await page.screenshot({ path: `${SHOTS}/family-for-me-390.png`, fullPage: true });
  await forMe.getByRole("button", { name: `Accept the invitation to the circle of ${recipientName}` }).click();
  await expect(page.getByText("You joined the family circle")).toBeVisible();
  await expect(page.getByRole("region", { name: "Invitations for you" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Circles you belong to" })).toContainText(recipientName);

  // The followed person's request is on the member's home.
  await gotoHydrated(page, "/dashboard");
  await expect(page.getByRole("region", { name: "A family circle invited you" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Hello, Lena" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Open requests" })).toBeVisible();
});

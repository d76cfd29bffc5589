import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDays, format, nextMonday } from "date-fns";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { expect, loginAs, MOBILE, signIn, test } from "./fixtures";
import { TIMEOUTS } from "./timeouts";

// When no caregiver matches (docs/product-rules.md, "When no caregiver matches"): the family is told the team is
// looking and what they can change, the team finds the order in its queue and offers it by hand with a reason, the
// caregiver still accepts, and the family is told. And the match cards a family chooses from when caregivers match.
// Each test has a town of its own, far from the seeded caregivers, so that it knows every caregiver who can match.

test.describe.configure({ timeout: TIMEOUTS.journey });
test.use(MOBILE);

const main = (page: Page) => page.getByRole("main");

/** A new family and the date of a one-time request three weeks ahead. */
async function newFamily(zipCode: string) {
  const tag = randomUUID().slice(0, 8);
  const client = await createClient(e2eDatabase(), {
    firstName: "Marta",
    lastName: `Nomatch ${tag}`,
    email: `family-nomatch-${tag}@example.test`,
    zipCode,
  });
  return { client, tag };
}

/** A one-time request sent through the feature the review step calls. */
async function sendRequest(clientId: string, zipCode: string, answers: Record<string, unknown> = {}) {
  const date = format(addDays(nextMonday(new Date()), 16), "yyyy-MM-dd");
  const sent = await submitCareRequest({
    actor: { id: clientId, roles: ["client"] },
    request: {
      careRecipient: "loved-one",
      fullName: "Inés Nomatch",
      age: 79,
      gender: "female",
      phoneNumber: "(307) 555-0131",
      streetAddress: "400 W 18th Street",
      zipCode,
      serviceTypes: ["personal-care"],
      healthNeeds: [],
      additionalDetails: "",
      scheduleType: "one-time",
      startDate: date,
      startTime: "09:00",
      endTime: "11:00",
      promoCode: "",
      termsAccepted: true,
      ...answers,
    },
  });
  return { ...sent, date };
}

test("nobody matches: the family sees that the team is looking, what they can change, and can start an adjusted request", async ({
  page,
}) => {
  const zipCode = "82001";
  const { client } = await newFamily(zipCode);
  const order = await sendRequest(client.id, zipCode, { preferredLanguage: "es", languageRequired: true });
  await signIn(page, client.email);

  await gotoHydrated(page, "/dashboard");
  const request = main(page).getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(request).toContainText("The Tendly team is finding a caregiver");
  await expect(request).toContainText("No caregiver matched yet.");
  // No dead end: nothing asks the family to choose from an empty list.
  await expect(main(page).getByRole("link", { name: "Choose a caregiver" })).toHaveCount(0);
  await request.getByRole("link", { name: "What you can change" }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/appointments/order/${order.orderId}#next-steps$`));
  const next = main(page).getByRole("region", { name: "What happens next" });
  await expect(next).toContainText("The Tendly team is looking for one.");
  await expect(next.getByRole("heading", { name: "What you can change to find a caregiver sooner" })).toBeVisible();
  await expect(next.getByRole("listitem")).toHaveText([
    "Other days or times, or a wider time window.",
    "A later start date.",
    "Fewer services at once.",
    /^Preferences you marked as required: speaks Spanish\./,
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await next.getByRole("button", { name: "Start an adjusted request" }).click();
  await expect(page).toHaveURL(/\/request\/schedule$/);
  await expect(main(page).getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  // The request's own answers, ready to change.
  await expect(main(page).getByLabel("One time")).toBeChecked();
  await expect(main(page).getByLabel("Date", { exact: true })).toHaveValue(order.date);
  await expect(main(page).getByLabel("Start time")).toHaveValue("09:00");
});

test("the team offers an order nobody matched by hand, with a reason; the caregiver accepts and the family is told", async ({
  page,
  browser,
}) => {
  const zipCode = "58501";
  const { client, tag } = await newFamily(zipCode);
  // Nearby, but offering companionship only: no match, so offering it overrides a rule.
  const nadia = await createCaregiver(e2eDatabase(), {
    firstName: "Nadia",
    lastName: `Nomatch ${tag}`,
    email: `nadia-nomatch-${tag}@example.test`,
    zipCode,
    services: ["companionship"],
    languages: ["en"],
  });
  const order = await sendRequest(client.id, zipCode);

  await loginAs(page, "admin");
  await gotoHydrated(page, "/admin/orders");
  const queue = main(page).getByRole("region", { name: /^Needs a caregiver/ });
  const queued = queue.getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(queued).toContainText("Nobody matched");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await queued.getByRole("link", { name: order.orderNumber }).click();

  await expect(page.getByRole("heading", { level: 1, name: order.orderNumber })).toBeVisible();
  const assign = main(page).getByRole("region", { name: "Assign a caregiver" });
  const candidate = assign.getByRole("radio", {
    name: new RegExp(`^Nadia Nomatch ${tag} · <0\\.1 mi · overrides: does not offer Personal Care$`),
  });
  await expect(candidate).toBeVisible();
  await candidate.check();
  // Refused without a reason: nothing is offered.
  await assign.getByRole("button", { name: "Offer to this caregiver" }).click();
  await expect(assign.getByText("Say why you chose this caregiver; the reason is recorded.")).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Offers" })).toContainText("Not offered to any caregiver yet.");
  await assign.getByRole("radio", { name: new RegExp(`^Nadia Nomatch ${tag}`) }).check();
  await assign.getByLabel("Why this caregiver").fill("Trained in personal care last month, lives nearby");
  await assign.getByRole("button", { name: "Offer to this caregiver" }).click();
  await expect(
    main(page).getByText(`Offered to Nadia Nomatch ${tag}. They accept or decline; the family was told.`),
  ).toBeVisible();
  await expect(main(page).getByRole("region", { name: "Offers" })).toContainText(
    "offered by an administrator: Trained in personal care last month, lives nearby",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The caregiver still decides: the offer is theirs to accept.
  const caregiverContext = await browser.newContext(MOBILE);
  const caregiver = await caregiverContext.newPage();
  await signIn(caregiver, nadia.email);
  await gotoHydrated(caregiver, "/caregiver/orders");
  const offer = main(caregiver).getByRole("listitem").filter({ hasText: order.orderNumber });
  await expect(offer).toContainText(/Answer by/);
  await offer.getByRole("link", { name: new RegExp(order.orderNumber) }).click();
  // On the order's own page (the list has an Accept button too, which a click could reach before the page changes).
  await expect(caregiver).toHaveURL(new RegExp(`/caregiver/orders/${order.orderId}$`));
  await main(caregiver).getByRole("button", { name: "Accept this job" }).click();
  await expect(main(caregiver).getByRole("status")).toHaveText(
    "You accepted this job. The address and the care details are below.",
  );
  await caregiverContext.close();

  // The family: told in the app, and the order shows the caregiver.
  const familyContext = await browser.newContext(MOBILE);
  const family = await familyContext.newPage();
  await signIn(family, client.email);
  await gotoHydrated(family, `/dashboard/appointments/order/${order.orderId}`);
  await expect(main(family)).toContainText(/Nadia N\./);
  await expect(main(family).getByRole("region", { name: "What happens next" })).toHaveCount(0);
  await family
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  const panel = family.getByRole("dialog", { name: "Notifications" });
  await expect(panel).toContainText(`Caregiver assigned: ${order.orderNumber}`, { timeout: TIMEOUTS.background });
  await expect(panel).toContainText(`Caregiver found for ${order.orderNumber}: Nadia N.`);
  await familyContext.close();
});

test("match cards show the photo, rate, rating, a profile link and why each caregiver stands where they do", async ({
  page,
}) => {
  const zipCode = "82072";
  const { client, tag } = await newFamily(zipCode);
  const db = e2eDatabase();
  const made = [
    { firstName: "Alma", languages: ["en", "es"], ratingAvg: 4.8, ratingCount: 5 },
    { firstName: "Berta", languages: ["en"], ratingAvg: null, ratingCount: 0 },
  ];
  const slugs: Record<string, string> = {};
  for (const person of made) {
    slugs[person.firstName] = `${person.firstName.toLowerCase()}-nomatch-${tag}`;
    await createCaregiver(db, {
      slug: slugs[person.firstName],
      firstName: person.firstName,
      lastName: `Nomatch ${tag}`,
      email: `${person.firstName.toLowerCase()}-nomatch-${tag}@example.test`,
      zipCode,
      gender: "female",
      languages: person.languages,
      services: ["personal-care"],
      ratingAvg: person.ratingAvg,
      ratingCount: person.ratingCount,
    });
  }
  const order = await sendRequest(client.id, zipCode, { preferredLanguage: "es" });
  await signIn(page, client.email);
  await gotoHydrated(page, `/request/thank-you?order=${order.orderId}`);
  await expect(main(page).getByRole("heading", { name: "Your best matches" })).toBeVisible({
    timeout: TIMEOUTS.background,
  });
  const cards = main(page)
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(cards).toHaveCount(2);
  const alma = cards.nth(0);
  const berta = cards.nth(1);
  await expect(alma.getByRole("heading", { level: 3 })).toHaveText("Alma N.");
  await expect(berta.getByRole("heading", { level: 3 })).toHaveText("Berta N.");

  for (const [card, name] of [
    [alma, "Alma"],
    [berta, "Berta"],
  ] as const) {
    // The photo's place: the picture, or the first letter of the name when there is none.
    await expect(card.locator("span.rounded-full").first()).toHaveText(name.charAt(0));
    await expect(card).toContainText(/\$\d+(\.\d\d)? an hour, as quoted/);
    await expect(card.getByRole("link", { name: `View ${name} N.'s profile` })).toHaveAttribute(
      "href",
      `/caregiver/${slugs[name]}`,
    );
  }
  await expect(alma).toContainText("4.8 (5 reviews)");
  await expect(berta).toContainText("New to Tendly");
  // Why the list is in this order.
  await expect(alma.getByText(/^Best match: /)).toContainText("speaks Spanish");
  await expect(berta.getByText(/^(Nearer, but l|L)isted after Alma N\., who /)).toContainText(
    "speaks the language you asked for",
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The profile is one tap away.
  await alma.getByRole("link", { name: "View Alma N.'s profile" }).click();
  await expect(page).toHaveURL(new RegExp(`/caregiver/${slugs.Alma}$`));
  await expect(main(page).getByRole("heading", { level: 1, name: /^Alma N/ })).toBeVisible();
});

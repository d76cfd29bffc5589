import type { Browser, Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { visits } from "~/platform/db/schema";
import { createCaregiver, createClient } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { gotoHydrated } from "./chrome-helpers";
import { e2eDatabase } from "./e2e-database";
import { MOBILE, signIn } from "./fixtures";

// A family with one confirmed visit and its caregiver, booked directly (time off, moving a visit, the late path,
// backups). Each test places them in a city of its own (see tests/e2e/late-visit-helpers.ts).

export const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 24 * 60 }));

/** A caregiver working every hour of the week in `zip`. */
export function caregiverIn(zip: string, firstName: string, lastName: string) {
  return createCaregiver(e2eDatabase(), {
    firstName,
    lastName,
    zipCode: zip,
    services: ["personal-care"],
    languages: ["en", "es"],
    availability: ALL_WEEK,
  });
}

/**
 * A family "Dana <family>" in `zip` with a confirmed one-time visit on `date` for "Ruth <family>", and its
 * caregiver "Jordan <main>"; at 250 Marquette Ave, (612) 555-0177 unless `address` says otherwise.
 */
export async function bookedOneVisit(options: {
  zip: string;
  date: string;
  startTime: string;
  endTime: string;
  family: string;
  main: string;
  address?: { streetAddress: string; phoneNumber: string };
}) {
  const db = e2eDatabase();
  const { zip } = options;
  const client = await createClient(db, { firstName: "Dana", lastName: options.family, zipCode: zip });
  const caregiver = await caregiverIn(zip, "Jordan", options.main);
  const request = {
    careRecipient: "loved-one",
    fullName: `Ruth ${options.family}`,
    age: 84,
    gender: "female",
    phoneNumber: options.address?.phoneNumber ?? "(612) 555-0177",
    streetAddress: options.address?.streetAddress ?? "250 Marquette Ave",
    zipCode: zip,
    serviceTypes: ["personal-care"],
    healthNeeds: [],
    preferredLanguage: "en",
    additionalDetails: "",
    scheduleType: "one-time",
    startDate: options.date,
    startTime: options.startTime,
    endTime: options.endTime,
    weeklySchedule: EMPTY_WEEK,
    promoCode: "",
    termsAccepted: true,
  };
  const actor = { ...client, roles: ["client" as const] };
  const { orderId } = await submitCareRequest({ actor, request });
  await chooseCaregiver({ actor, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
  const [visit] = await db.select().from(visits).where(eq(visits.orderId, orderId));
  return { client, caregiver, orderId, visit: visit! };
}

/** Moves a booked visit to have started `minutesAgo` minutes ago and to last `hours` (the care loop only books ahead). */
export async function startedAgo(visitId: string, minutesAgo: number, hours: number) {
  const startsAt = new Date(Date.now() - minutesAgo * 60_000);
  const [visit] = await e2eDatabase()
    .update(visits)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + hours * 60 * 60_000) })
    .where(eq(visits.id, visitId))
    .returning();
  return visit!;
}

/** Where a family's request (a move, a schedule change) waits for its caregiver: their page and its region's name. */
type RequestPlace = { email: string; path: string; region: string };

/** Signs the caregiver in on `page`, opens `path` (their schedule or home) and gives the region named `region`. */
export async function caregiverRequest(page: Page, { email, path, region }: RequestPlace): Promise<Locator> {
  await signIn(page, email);
  await gotoHydrated(page, path);
  return page.getByRole("main").getByRole("region", { name: region });
}

/**
 * The caregiver answers the family's request beside the family's page: on a browser context of their own (a phone,
 * or a 1280-wide desktop with `desktop`) from client address `address`, `answer` runs on the request's region; the
 * context closes after.
 */
export async function caregiverAnswers(
  browser: Browser,
  { address, desktop = false, ...place }: RequestPlace & { address: string; desktop?: boolean },
  answer: (request: Locator, page: Page) => Promise<void>,
) {
  const side = await browser.newContext({
    ...(desktop ? { viewport: { width: 1280, height: 900 } } : MOBILE),
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  try {
    const page = await side.newPage();
    await answer(await caregiverRequest(page, place), page);
  } finally {
    await side.close();
  }
}

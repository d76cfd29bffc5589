import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { caregiverAvailability, caregiverProfiles, orderOffers, orders } from "~/platform/db/schema";
import { createPricing } from "~/platform/db/seed/factories.server";
import { workProfileSchema, type WorkProfile } from "~/features/caregivers/work-profile.schema";
import { getWorkProfile, updateWorkProfile, workProfileRules } from "~/features/caregivers/work-profile.server";
import { getOrderMatches } from "~/features/orders/client-orders.server";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { EMPTY_WEEK } from "~/features/care-requests/care-request.schema";
import { AppError } from "~/utils/app-error";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";

// An approved caregiver's own answers are what matching reads, from the next request on
// (docs/product-rules.md, "Caregiver profile").

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

/** Saves a caregiver's form as the profile page would: parsed with the rules in force, then stored. */
async function save(caregiverId: string, changes: Partial<Record<keyof WorkProfile, unknown>>) {
  const actor = asCaregiver(caregiverId);
  const view = await getWorkProfile({ actor });
  const form = {
    services: view.services,
    languages: view.languages,
    slots: view.slots,
    travelRadiusMiles: String(view.travelRadiusMiles),
    hourlyRateCents: view.hourlyRateCents === null ? "" : (view.hourlyRateCents / 100).toFixed(2),
    bio: view.bio,
    bioLanguage: view.bioLanguage ?? "en",
    ...changes,
  };
  const values = workProfileSchema(workProfileRules(view)).parse(form);
  await updateWorkProfile({ actor, values });
}

/** The names of the caregivers a new request of `client` is matched with. */
async function matchedFor(client: Awaited<ReturnType<typeof clientActor>>, overrides: Record<string, unknown>) {
  const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput(overrides) });
  const { matches } = await getOrderMatches({ actor: client, orderId });
  return { orderId, matches };
}

const names = (matches: { firstName: string }[]) => matches.map((match) => match.firstName);

// Thursday evenings, 18:00-20:00: only the answers below decide who can take them.
const THURSDAY_EVENINGS = { weeklySchedule: { ...EMPTY_WEEK, 3: [{ start: "18:00", end: "20:00" }] } };

describe("a caregiver's work profile", () => {
  test("a new service, language and availability change who is matched; offers already made stay", async () => {
    await createPricing(setup.db);
    const client = await clientActor(setup.db);
    const BIO = "Caring for older adults at home for several years.";
    const amara = await caregiverNear(setup.db, {
      firstName: "Amara",
      lastName: "Okafor",
      services: ["companionship"],
      languages: ["en"],
      skills: [],
      hourlyRateCents: 2000,
      bio: BIO,
      availability: [{ weekday: 3, startMinute: 17 * 60, endMinute: 22 * 60 }],
    });
    const bruno = await caregiverNear(setup.db, {
      firstName: "Bruno",
      lastName: "Silva",
      services: ["companionship"],
      languages: ["en"],
      skills: [],
      hourlyRateCents: 2000,
      bio: BIO,
      availability: [{ weekday: 3, startMinute: 17 * 60, endMinute: 22 * 60 }],
    });
    const companionship = { serviceTypes: ["companionship"], healthNeeds: [], ...THURSDAY_EVENINGS };

    // An order offered to Bruno before he changes anything.
    const earlier = await matchedFor(client, { ...companionship, preferredLanguage: "pt" });
    await chooseCaregiver({ actor: client, orderId: earlier.orderId, caregiverId: bruno.id });

    // Language: Bruno now speaks Portuguese, so he is the one who speaks the family's language.
    const before = await matchedFor(client, { ...companionship, preferredLanguage: "pt" });
    expect(before.matches.find((match) => match.firstName === "Bruno")?.reasons).not.toContainEqual({
      code: "speaks",
      language: "pt",
    });
    await save(bruno.id, { languages: ["en", "pt"] });
    const afterLanguage = await matchedFor(client, { ...companionship, preferredLanguage: "pt" });
    expect(names(afterLanguage.matches).slice(0, 2)).toEqual(["Bruno", "Amara"]);
    expect(afterLanguage.matches[0]!.reasons).toContainEqual({ code: "speaks", language: "pt" });

    // Service: only a caregiver offering transportation is matched for it.
    const transportation = { ...companionship, serviceTypes: ["transportation"], preferredLanguage: "en" };
    expect(names((await matchedFor(client, transportation)).matches)).not.toContain("Amara");
    await save(amara.id, { services: ["companionship", "transportation"] });
    expect(names((await matchedFor(client, transportation)).matches)).toContain("Amara");
    // And a service dropped is no longer matched.
    await save(bruno.id, { services: ["meal-preparation"] });
    expect(names((await matchedFor(client, { ...companionship, preferredLanguage: "en" })).matches)).not.toContain(
      "Bruno",
    );

    // Availability: Saturday mornings only once Amara ticks them.
    const saturdays = { ...companionship, weeklySchedule: { ...EMPTY_WEEK, 5: [{ start: "09:00", end: "11:00" }] } };
    expect(names((await matchedFor(client, saturdays)).matches)).not.toContain("Amara");
    await save(amara.id, { slots: ["3-evening", "5-morning"] });
    expect(names((await matchedFor(client, saturdays)).matches)).toContain("Amara");
    const rows = await setup.db
      .select({ weekday: caregiverAvailability.weekday, start: caregiverAvailability.startMinute })
      .from(caregiverAvailability)
      .where(eq(caregiverAvailability.caregiverId, amara.id));
    expect(rows.map((row) => `${row.weekday}@${row.start}`).toSorted()).toEqual(["3@1020", "5@420"]);

    // The earlier order keeps its offer to Bruno, who no longer offers companionship.
    const [order] = await setup.db.select().from(orders).where(eq(orders.id, earlier.orderId));
    expect(order?.status).toBe("offered");
    const offers = await setup.db.select().from(orderOffers).where(eq(orderOffers.orderId, earlier.orderId));
    expect(offers).toEqual([expect.objectContaining({ caregiverId: bruno.id, status: "offered" })]);
  });

  test("hours that are no whole part of a day stay until the grid itself changes", async () => {
    const caregiver = await caregiverNear(setup.db, {
      availability: [{ weekday: 0, startMinute: 9 * 60, endMinute: 17 * 60 }],
      bio: "Twenty characters or more about me.",
    });
    const view = await getWorkProfile({ actor: asCaregiver(caregiver.id) });
    // 09:00-17:00 covers the afternoon wholly, not the morning.
    expect(view.slots).toEqual(["0-afternoon"]);
    await save(caregiver.id, { bio: "Una presentación nueva, de veinte caracteres o más.", bioLanguage: "es" });
    const kept = await setup.db
      .select({ start: caregiverAvailability.startMinute, end: caregiverAvailability.endMinute })
      .from(caregiverAvailability)
      .where(eq(caregiverAvailability.caregiverId, caregiver.id));
    expect(kept).toEqual([{ start: 540, end: 1020 }]);
    const [profile] = await setup.db
      .select({ bio: caregiverProfiles.bio, bioLanguage: caregiverProfiles.bioLanguage })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, caregiver.id));
    // The bio is kept with the language it is written in (docs/product-rules.md, "Languages").
    expect(profile).toEqual({ bio: "Una presentación nueva, de veinte caracteres o más.", bioLanguage: "es" });
  });

  test("the rate must lie within the pay band in force; a rate kept from before the band moved stays", async () => {
    await createPricing(setup.db);
    // Out of today's band (18.90-23.80 with the default pricing), set before it moved.
    const caregiver = await caregiverNear(setup.db, {
      hourlyRateCents: 3000,
      bio: "Twenty characters or more about me.",
    });
    const actor = asCaregiver(caregiver.id);
    const view = await getWorkProfile({ actor });
    expect(view.band).toEqual({ minCents: 1890, maxCents: 2380 });
    const schema = workProfileSchema(workProfileRules(view));
    const form = {
      services: view.services,
      languages: view.languages,
      slots: view.slots,
      travelRadiusMiles: "20",
      bio: view.bio,
      bioLanguage: "en",
    };
    expect(schema.safeParse({ ...form, hourlyRateCents: "30.00" }).data?.hourlyRateCents).toBe(3000);
    expect(schema.safeParse({ ...form, hourlyRateCents: "24.00" }).error?.issues[0]?.message).toBe(
      "validation:onboarding.rateOutsideBand",
    );
    expect(schema.safeParse({ ...form, hourlyRateCents: "18.89" }).success).toBe(false);
    expect(schema.safeParse({ ...form, hourlyRateCents: "" }).error?.issues[0]?.message).toBe(
      "validation:onboarding.rateRequired",
    );
    expect(schema.safeParse({ ...form, hourlyRateCents: "twenty" }).error?.issues[0]?.message).toBe(
      "validation:onboarding.rateFormat",
    );
    await save(caregiver.id, { travelRadiusMiles: "20" });
    await save(caregiver.id, { hourlyRateCents: "23.80" });
    expect((await getWorkProfile({ actor })).hourlyRateCents).toBe(2380);

    // The server checks again: a rate outside the band that slipped past the form is refused, nothing saved.
    const values = schema.parse({ ...form, hourlyRateCents: "30.00" });
    const refused = updateWorkProfile({ actor, values: { ...values, hourlyRateCents: 9900 } });
    await expect(refused).rejects.toThrow(AppError);
    await expect(refused).rejects.toMatchObject({
      field: "hourlyRateCents",
      ref: { key: "validation:onboarding.rateOutsideBand" },
    });
    expect((await getWorkProfile({ actor })).hourlyRateCents).toBe(2380);

    // An admin raising the prices moves the band.
    await createPricing(setup.db, { caregiverPayPercent: 90 });
    await save(caregiver.id, { hourlyRateCents: "30.00" });
    expect((await getWorkProfile({ actor })).hourlyRateCents).toBe(3000);
  });

  test("only caregivers have one", async () => {
    const client = await clientActor(setup.db);
    await expect(getWorkProfile({ actor: client })).rejects.toMatchObject({ code: "forbidden" });
  });
});

import { readFile } from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { caregiverProfiles, careRequests, visits } from "~/platform/db/schema";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { matchesForRequest } from "~/features/orders/order-matches.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { leaveReview } from "~/features/reviews/leave-review.server";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";

// The family's caregiver preferences in matching (docs/product-rules.md, "Orders and offers"): required
// ones filter in SQL, preferred ones rank and are told as gaps; "cared for you before" takes a completed
// visit; and ratings come only from reviews (migration 0014 and the seed).

const setup = useAuthTestSetup();
type Client = Awaited<ReturnType<typeof clientActor>>;

const names = (matches: { firstName: string }[]) => matches.map((match) => match.firstName).toSorted();

describe("required and preferred preferences", () => {
  let client: Client;
  beforeAll(async () => {
    client = await clientActor(setup.db);
    // Three caregivers who pass every other filter, each missing something else.
    await caregiverNear(setup.db, {
      firstName: "Ana",
      gender: "female",
      languages: ["en", "es"],
      cultures: ["latino"],
    });
    await caregiverNear(setup.db, { firstName: "Beto", gender: "male", languages: ["en", "es"], cultures: ["latino"] });
    await caregiverNear(setup.db, { firstName: "Cora", gender: "female", languages: ["en"], cultures: [] });
    // Dee has not said her gender.
    await caregiverNear(setup.db, { firstName: "Dee", languages: ["es"] });
  });

  async function matchesFor(preferences: Record<string, unknown>) {
    const { matches } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(upcomingMonday(2), "09:00", "11:00", preferences),
    });
    return matches;
  }

  test("preferred: everyone who passes the hard filters, each gap told, those who meet them first", async () => {
    const matches = await matchesFor({ preferredLanguage: "es", caregiverGender: "female", culture: "latino" });
    expect(names(matches)).toEqual(["Ana", "Beto", "Cora", "Dee"]);
    expect(matches[0]!.firstName).toBe("Ana");
    const gaps = Object.fromEntries(matches.map((match) => [match.firstName, match.gaps]));
    expect(gaps).toEqual({
      Ana: [],
      Beto: [{ code: "gender", gender: "female" }],
      Cora: [
        { code: "language", language: "es" },
        { code: "culture", culture: "latino" },
      ],
      // A caregiver who has not said their gender does not meet a gender preference.
      Dee: [
        { code: "gender", gender: "female" },
        { code: "culture", culture: "latino" },
      ],
    });
  });

  test("a required gender leaves out the others, and those whose gender we do not know", async () => {
    const matches = await matchesFor({
      caregiverGender: "female",
      caregiverGenderRequired: true,
      preferredLanguage: "es",
    });
    expect(names(matches)).toEqual(["Ana", "Cora"]);
    expect(matches.find((match) => match.firstName === "Cora")!.gaps).toEqual([{ code: "language", language: "es" }]);
  });

  test("a required language, and a required culture, each filter on their own", async () => {
    expect(names(await matchesFor({ preferredLanguage: "es", languageRequired: true }))).toEqual([
      "Ana",
      "Beto",
      "Dee",
    ]);
    expect(names(await matchesFor({ culture: "latino", cultureRequired: true, preferredLanguage: "en" }))).toEqual([
      "Ana",
      "Beto",
    ]);
    const all = await matchesFor({
      preferredLanguage: "es",
      languageRequired: true,
      caregiverGender: "male",
      caregiverGenderRequired: true,
      culture: "latino",
      cultureRequired: true,
    });
    expect(names(all)).toEqual(["Beto"]);
    expect(all[0]!.gaps).toEqual([]);
  });

  test("a required 'no preference' asks for nothing", async () => {
    const matches = await matchesFor({
      caregiverGender: "no-preference",
      caregiverGenderRequired: true,
      cultureRequired: true,
    });
    expect(names(matches)).toEqual(["Ana", "Beto", "Cora", "Dee"]);
  });

  test("a request stored before preferences could be required ranks as before", async () => {
    await submitCareRequest({
      actor: client,
      request: oneTimeRequest(upcomingMonday(3), "09:00", "11:00", {
        caregiverGender: "male",
        caregiverGenderRequired: true,
      }),
    });
    const [row] = await setup.db
      .select()
      .from(careRequests)
      .where(eq(careRequests.clientId, client.id))
      .orderBy(desc(careRequests.createdAt))
      .limit(1);
    expect(names(await matchesForRequest(row!))).toEqual(["Beto"]);
    // The same request as it was stored before: without the flag.
    const { caregiverGenderRequired: _dropped, ...older } = row!.request as Record<string, unknown>;
    const matches = await matchesForRequest({ ...row!, request: older });
    expect(names(matches)).toEqual(["Ana", "Beto", "Cora", "Dee"]);
  });
});

describe("has cared for you before", () => {
  test("takes a visit this caregiver completed for this family; a booking alone is not care", async () => {
    const client = await clientActor(setup.db);
    const other = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db, { firstName: "Eve", zipCode: "60614" });
    const caredBefore = async (actor: Client) => {
      const { matches } = await submitCareRequest({
        actor,
        request: oneTimeRequest(upcomingMonday(6), "14:00", "16:00"),
      });
      const eve = matches.find((match) => match.caregiverId === caregiver.id)!;
      return eve.reasons.some((reason) => reason.code === "cared-before");
    };

    const { orderId } = await submitCareRequest({ actor: client, request: oneTimeRequest(upcomingMonday(5)) });
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
    await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
    expect(await caredBefore(client)).toBe(false);

    const [visit] = await setup.db.select().from(visits).where(eq(visits.orderId, orderId));
    await setup.db
      .update(visits)
      .set({ status: "completed", checkedInAt: visit!.startsAt, checkedOutAt: visit!.endsAt })
      .where(eq(visits.id, visit!.id));
    expect(await caredBefore(client)).toBe(true);
    // Another family's care is not this family's.
    expect(await caredBefore(other)).toBe(false);
  });
});

describe("ratings from reviews only", () => {
  test("migration 0014 makes every rating what the caregiver's reviews say", async () => {
    const client = await clientActor(setup.db);
    const seeded = await caregiverNear(setup.db, {
      firstName: "Fay",
      zipCode: "60614",
      ratingAvg: 4.9,
      ratingCount: 27,
    });
    const reviewed = await caregiverNear(setup.db, { firstName: "Gus", zipCode: "60614" });
    const { orderId, orderNumber } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(upcomingMonday(8)),
    });
    await chooseCaregiver({ actor: client, orderId, caregiverId: reviewed.id });
    await respondToOffer({ actor: { id: reviewed.id, roles: ["caregiver"] }, orderId, accept: true });
    await setup.db.update(visits).set({ status: "completed" }).where(eq(visits.orderId, orderId));
    await leaveReview({ actor: client, orderNumber, input: { rating: 4, comment: "", tags: [] } });
    // A rating written over by hand, as an old seed or an edit could leave it.
    await setup.db
      .update(caregiverProfiles)
      .set({ ratingAvg: 5, ratingCount: 12 })
      .where(eq(caregiverProfiles.userId, reviewed.id));

    const migration = await readFile(
      path.resolve(import.meta.dirname, "../../app/platform/db/migrations/0014_ratings_from_reviews.sql"),
      "utf8",
    );
    await setup.db.$client.query(migration);

    const rating = async (id: string) => {
      const [row] = await setup.db
        .select({ ratingAvg: caregiverProfiles.ratingAvg, ratingCount: caregiverProfiles.ratingCount })
        .from(caregiverProfiles)
        .where(eq(caregiverProfiles.userId, id));
      return { ratingAvg: row!.ratingAvg === null ? null : Number(row!.ratingAvg), ratingCount: row!.ratingCount };
    };
    expect(await rating(seeded.id)).toEqual({ ratingAvg: null, ratingCount: 0 });
    expect(await rating(reviewed.id)).toEqual({ ratingAvg: 4, ratingCount: 1 });
  });
});

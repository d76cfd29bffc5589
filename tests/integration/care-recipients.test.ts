import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRecipients, careRequests, orders } from "~/platform/db/schema";
import {
  getCareRecipient,
  listCareRecipients,
  removeCareRecipient,
  updateCareRecipient,
} from "~/features/care-requests/recipients.server";
import { draftForRecipient } from "~/features/care-requests/recipients";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { AppError } from "~/utils/app-error";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, clientActor } from "./care-loop-helpers";

const setup = useAuthTestSetup();

async function requestOf(orderId: string) {
  const [row] = await setup.db
    .select({ careRecipientId: careRequests.careRecipientId, request: careRequests.request })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row!;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("a family's care recipients", () => {
  let family: Awaited<ReturnType<typeof clientActor>>;
  let otherFamily: Awaited<ReturnType<typeof clientActor>>;
  beforeAll(async () => {
    family = await clientActor(setup.db);
    otherFamily = await clientActor(setup.db);
  });

  test("a sent request keeps the person it was for: name, address, needs and preferences", async () => {
    const sent = await submitCareRequest({
      actor: family,
      request: careRequestInput({ caregiverGender: "female", caregiverGenderRequired: true, culture: "latino" }),
    });
    const saved = await listCareRecipients({ actor: family });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      fullName: "Rosa Diaz",
      streetAddress: "2400 N Clark St, Apt 5",
      zipCode: "60614",
      details: {
        careRecipient: "loved-one",
        age: 82,
        gender: "female",
        phoneNumber: "(312) 555-0142",
        serviceTypes: ["personal-care"],
        healthNeeds: ["dementia"],
        preferredLanguage: "es",
        caregiverGender: "female",
        caregiverGenderRequired: true,
        culture: "latino",
        additionalDetails: "Mild dementia; needs help with bathing.",
      },
    });
    // Nothing about the schedule, the code or the terms is kept with the person.
    expect(saved[0]!.details).not.toHaveProperty("startDate");
    expect(saved[0]!.details).not.toHaveProperty("promoCode");
    expect((await requestOf(sent.orderId)).careRecipientId).toBe(saved[0]!.id);
  });

  test("the same name, typed with other case and spacing, is the same person, kept with the newest answers", async () => {
    const sent = await submitCareRequest({
      actor: family,
      request: careRequestInput({
        fullName: "  rosa   DIAZ ",
        healthNeeds: ["dementia", "mobility-transfers"],
        age: 83,
      }),
    });
    const saved = await listCareRecipients({ actor: family });
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      fullName: "rosa   DIAZ",
      details: { age: 83, healthNeeds: ["dementia", "mobility-transfers"] },
    });
    expect((await requestOf(sent.orderId)).careRecipientId).toBe(saved[0]!.id);
  });

  test("a person chosen in the wizard and renamed stays one person; another name is another person", async () => {
    const [rosa] = await listCareRecipients({ actor: family });
    await submitCareRequest({
      actor: family,
      request: careRequestInput({ careRecipientId: rosa!.id, fullName: "Rosa M. Diaz" }),
    });
    await submitCareRequest({
      actor: family,
      request: careRequestInput({ fullName: "Luis Diaz", gender: "male", healthNeeds: [] }),
    });
    const saved = await listCareRecipients({ actor: family });
    expect(saved.map((person) => person.fullName).toSorted()).toEqual(["Luis Diaz", "Rosa M. Diaz"]);
    expect(saved.find((person) => person.fullName === "Rosa M. Diaz")!.id).toBe(rosa!.id);
  });

  test("request again: the draft holds everything about the person and no date or time", async () => {
    const [luis] = await listCareRecipients({ actor: family });
    expect(luis!.fullName).toBe("Luis Diaz"); // the one asked for last comes first
    const draft = draftForRecipient(await getCareRecipient({ actor: family, recipientId: luis!.id }));
    expect(draft.data).toMatchObject({
      careRecipientId: luis!.id,
      fullName: "Luis Diaz",
      streetAddress: "2400 N Clark St, Apt 5",
      zipCode: "60614",
      gender: "male",
      serviceTypes: ["personal-care"],
      preferredLanguage: "es",
    });
    for (const field of ["scheduleType", "startDate", "endDate", "startTime", "endTime", "weeklySchedule"]) {
      expect(draft.data).not.toHaveProperty(field);
    }
    expect(draft.completedSteps).toEqual([]);
  });

  test("another family cannot read, edit or remove them, nor send a request under them", async () => {
    const [person] = await listCareRecipients({ actor: family });
    expect(await listCareRecipients({ actor: otherFamily })).toEqual([]);
    expect((await refusal(getCareRecipient({ actor: otherFamily, recipientId: person!.id }))).code).toBe("not_found");
    expect((await refusal(getCareRecipient({ actor: otherFamily, recipientId: "not-a-uuid" }))).code).toBe("not_found");
    const edit = refusal(
      updateCareRecipient({
        actor: otherFamily,
        recipientId: person!.id,
        details: { ...careRequestInput(), fullName: "Taken Over" },
      }),
    );
    expect((await edit).code).toBe("not_found");
    expect((await refusal(removeCareRecipient({ actor: otherFamily, recipientId: person!.id }))).code).toBe(
      "not_found",
    );
    // Their request naming the first family's person is saved as their own person, and changes nothing of the other.
    const sent = await submitCareRequest({
      actor: otherFamily,
      request: careRequestInput({ careRecipientId: person!.id, fullName: "Someone Else" }),
    });
    const theirs = await listCareRecipients({ actor: otherFamily });
    expect(theirs.map((saved) => saved.fullName)).toEqual(["Someone Else"]);
    expect((await requestOf(sent.orderId)).careRecipientId).toBe(theirs[0]!.id);
    expect((await getCareRecipient({ actor: family, recipientId: person!.id })).fullName).toBe(person!.fullName);
    // Only clients have care recipients.
    const caregiverActor = { id: family.id, roles: ["caregiver" as const] };
    expect((await refusal(listCareRecipients({ actor: caregiverActor }))).code).toBe("forbidden");
  });

  test("the family edits a person with the wizard's rules; a name already saved is refused", async () => {
    const [luis, rosa] = await listCareRecipients({ actor: family });
    const details = { ...luis!.details, fullName: "Luis A. Diaz", healthNeeds: ["diabetes"], zipCode: "60657" };
    const updated = await updateCareRecipient({ actor: family, recipientId: luis!.id, details });
    expect(updated).toMatchObject({
      fullName: "Luis A. Diaz",
      zipCode: "60657",
      details: { healthNeeds: ["diabetes"] },
    });
    const invalid = await refusal(
      updateCareRecipient({ actor: family, recipientId: luis!.id, details: { ...details, zipCode: "60a57" } }),
    );
    expect(invalid).toMatchObject({ code: "invalid", field: "zipCode", ref: { key: "validation:request.zipDigits" } });
    const clash = await refusal(
      updateCareRecipient({ actor: family, recipientId: luis!.id, details: { ...details, fullName: rosa!.fullName } }),
    );
    expect(clash).toMatchObject({ code: "conflict", field: "fullName" });
  });

  test("a removed person is gone from the list; the requests sent for them keep their answers", async () => {
    const [luis] = await listCareRecipients({ actor: family });
    const linked = await setup.db
      .select({ id: careRequests.id })
      .from(careRequests)
      .where(eq(careRequests.careRecipientId, luis!.id));
    expect(linked.length).toBeGreaterThan(0);
    expect(await removeCareRecipient({ actor: family, recipientId: luis!.id })).toEqual({ fullName: "Luis A. Diaz" });
    expect((await listCareRecipients({ actor: family })).map((person) => person.fullName)).toEqual(["Rosa M. Diaz"]);
    const [kept] = await setup.db.select().from(careRequests).where(eq(careRequests.id, linked[0]!.id));
    expect(kept).toMatchObject({ careRecipientId: null, request: { fullName: "Luis Diaz" } });
  });

  test("the migration saves the people of requests sent before it, one per name, with their newest answers", async () => {
    const statements = readFileSync("app/platform/db/migrations/0029_care_recipients.sql", "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => /INSERT INTO "care_recipients"|UPDATE "care_requests"/.test(statement));
    expect(statements).toHaveLength(2);
    // As before the migration: requests with no saved people.
    await setup.db.update(careRequests).set({ careRecipientId: null });
    await setup.db.delete(careRecipients);
    for (const statement of statements) await setup.db.execute(sql.raw(statement));
    const saved = await listCareRecipients({ actor: family });
    // Rosa's requests under three spellings of two names (the newest spelling of each), Luis's under one.
    expect(saved.map((person) => person.fullName).toSorted()).toEqual(["Luis Diaz", "Rosa M. Diaz", "rosa   DIAZ"]);
    const rosa = saved.find((person) => person.fullName === "rosa   DIAZ")!;
    expect(rosa.details).toMatchObject({
      age: 83,
      healthNeeds: ["dementia", "mobility-transfers"],
      preferredLanguage: "es",
    });
    const unlinked = await setup.db
      .select({ id: careRequests.id })
      .from(careRequests)
      .where(sql`${careRequests.careRecipientId} is null`);
    expect(unlinked).toEqual([]);
  });
});

import { addDays, format, parseISO } from "date-fns";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { careRequests, orderEvents, orders, promoCodes } from "~/platform/db/schema";
import { createCaregiver, createPromoCode } from "~/platform/db/seed/factories.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { AppError } from "~/utils/app-error";
import { zonedInstant } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();

describe("submitCareRequest", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    client = await clientActor(setup.db);
    ids.best = (
      await caregiverNear(setup.db, {
        firstName: "Maria",
        lastName: "Gonzalez",
        ratingAvg: 4.9,
        ratingCount: 30,
        cultures: ["latino"],
      })
    ).id;
    ids.englishOnly = (
      await caregiverNear(setup.db, { firstName: "James", lastName: "Carter", languages: ["en"], skills: [] })
    ).id;
    ids.pending = (await caregiverNear(setup.db, { status: "pending" })).id;
    ids.uncleared = (await caregiverNear(setup.db, { backgroundCheckStatus: "consider" })).id;
    ids.noPersonalCare = (await caregiverNear(setup.db, { services: ["companionship"] })).id;
    ids.tooFar = (
      await createCaregiver(setup.db, { zipCode: "60540", services: ["personal-care"], travelRadiusMiles: 10 })
    ).id;
    ids.weekendsOnly = (
      await caregiverNear(setup.db, { availability: [{ weekday: 5, startMinute: 480, endMinute: 1080 }] })
    ).id;
  });
  afterAll(async () => undefined);

  test("stores the request and a submitted order with the server's quote, and ranks only eligible caregivers", async () => {
    const result = await submitCareRequest({ actor: client, request: careRequestInput() });
    expect(result.orderNumber).toMatch(/^TN-\d{4}-\d{6}$/);
    expect(result.matches.map((match) => match.caregiverId)).toEqual([ids.best, ids.englishOnly]);
    const [best] = result.matches;
    expect(best).toMatchObject({ firstName: "Maria", lastInitial: "G", ratingAvg: 4.9, languages: ["en", "es"] });
    expect(best?.reasons).toEqual(
      expect.arrayContaining([
        { code: "speaks", language: "es" },
        { code: "skill", skill: "dementia" },
      ]),
    );
    expect(best?.reasons.some((reason) => reason.code === "distance")).toBe(true);
    expect(best!.score).toBeGreaterThan(result.matches[1]!.score);

    const [order] = await setup.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({ status: "submitted", clientId: client.id, caregiverId: null });
    // Two 4-hour weekday visits a week at $34/h plus the 5% fee.
    expect(order?.quote).toMatchObject({ period: "week", subtotalCents: 27_200, totalCents: 28_560 });
    const [request] = await setup.db.select().from(careRequests).where(eq(careRequests.id, order!.careRequestId));
    expect(request).toMatchObject({
      zipCode: "60614",
      city: "Chicago",
      state: "IL",
      timeZone: "America/Chicago",
      language: "es",
    });
    const events = await setup.db.select().from(orderEvents).where(eq(orderEvents.orderId, result.orderId));
    expect(events).toMatchObject([{ fromStatus: null, toStatus: "submitted", actorRole: "client" }]);
    const mail = (await deliveredOutbox()).find(
      (entry) => entry.subject === `We received your care request ${result.orderNumber}`,
    );
    expect(mail?.to).toBe(client.email);
  });

  test("a weekend visit finds the weekend-only caregiver and not the weekday ones", async () => {
    // The Saturday after that Monday, also across the end of a month (the day's number plus 5 was no date then).
    const saturday = format(addDays(parseISO(upcomingMonday(2)), 5), "yyyy-MM-dd");
    const result = await submitCareRequest({ actor: client, request: oneTimeRequest(saturday, "10:00", "14:00") });
    expect(result.matches.map((match) => match.caregiverId)).toEqual([ids.weekendsOnly]);
  });

  test("a promo code is counted once used; a bad one is refused with its reason and nothing is stored", async () => {
    const promo = await createPromoCode(setup.db, { code: "ONCEONLY", usageCap: 1 });
    const result = await submitCareRequest({ actor: client, request: careRequestInput({ promoCode: "onceonly" }) });
    const [order] = await setup.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order?.quote).toMatchObject({ discountCents: 2720, promo: { code: "ONCEONLY" } });
    const [used] = await setup.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(used?.timesUsed).toBe(1);
    const before = (await setup.db.select().from(orders)).length;
    await expect(
      submitCareRequest({ actor: client, request: careRequestInput({ promoCode: "ONCEONLY" }) }),
    ).rejects.toMatchObject({ message: "request:refusals.promoUsedUp", field: "promoCode" });
    expect((await setup.db.select().from(orders)).length).toBe(before);
  });

  test("refuses a visit that has already started where care happens, with the field it is about", async () => {
    const monday = upcomingMonday(2);
    // 10:30 in Chicago (60614) on that Monday: the server's clock at the moment of sending.
    const now = zonedInstant(monday, "10:30", "America/Chicago");
    const before = (await setup.db.select().from(orders)).length;
    const refusal = (request: Record<string, unknown>) =>
      submitCareRequest({ actor: client, request, now }).then(
        () => null,
        (error: unknown) => error,
      );

    const started = await refusal(oneTimeRequest(monday, "09:00", "13:00"));
    expect(started).toBeInstanceOf(AppError);
    expect(started).toMatchObject({
      code: "invalid",
      field: "startTime",
      reason: "start-passed",
      message: "validation:request.startTimeInPast",
    });
    // Weekly care whose first visit is that morning.
    expect(await refusal(careRequestInput({ startDate: monday }))).toMatchObject({
      code: "invalid",
      field: "startDate",
      reason: "start-passed",
      message: "validation:request.firstVisitInPast",
    });
    // The place's clock, not the server's: 10:00 in Los Angeles is still ahead at that instant.
    expect(await refusal(oneTimeRequest(monday, "10:00", "13:00", { zipCode: "90012" }))).toBeNull();
    expect((await setup.db.select().from(orders)).length).toBe(before + 1);
    // Later that day in Chicago is booked.
    const later = await submitCareRequest({ actor: client, request: oneTimeRequest(monday, "11:00", "13:00"), now });
    expect(later.orderNumber).toMatch(/^TN-/);
  });

  test("refuses an invalid request with the schema's message, and users who are not clients", async () => {
    await expect(submitCareRequest({ actor: client, request: careRequestInput({ serviceTypes: [] }) })).rejects.toThrow(
      "validation:request.serviceRequired",
    );
    await expect(
      submitCareRequest({ actor: { id: ids.best!, roles: ["caregiver"] }, request: careRequestInput() }),
    ).rejects.toThrow("common:access.denied");
  });
});

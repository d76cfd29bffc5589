import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { auditEvents, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { getAdminOrder, listAdminOrders } from "~/features/orders/admin-orders.server";
import { getCaregiverOrder, listCaregiverOrders } from "~/features/orders/caregiver-orders.server";
import { getClientOrder, getOrderMatches, listClientOrders } from "~/features/orders/client-orders.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

describe("what each side sees of an order", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  let admin: { id: string; roles: "admin"[] };
  let caregiver: string;
  let bystander: string;
  let orderId: string;
  let orderNumber: string;
  beforeAll(async () => {
    client = await clientActor(setup.db);
    admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
    caregiver = (await caregiverNear(setup.db, { firstName: "Maria", lastName: "Gonzalez" })).id;
    bystander = (await caregiverNear(setup.db, { languages: ["en"] })).id;
    ({ orderId, orderNumber } = await submitCareRequest({ actor: client, request: careRequestInput() }));
  });

  test("the family sees its matches, then who it was offered to; nobody else sees them", async () => {
    const before = await getOrderMatches({ actor: client, orderId });
    expect(before).toMatchObject({ orderNumber, status: "submitted", offeredTo: null });
    expect(before.matches.map((match) => match.caregiverId)).toEqual([caregiver, bystander]);
    await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver });
    expect(await getOrderMatches({ actor: client, orderId })).toMatchObject({
      status: "offered",
      offeredTo: "Maria G.",
      matches: [],
    });
    const stranger = await clientActor(setup.db);
    await expect(getOrderMatches({ actor: stranger, orderId })).rejects.toThrow("orders:error.notFound");
    await expect(getClientOrder({ actor: stranger, orderId, locale: "en" })).rejects.toThrow("orders:error.notFound");
  });

  test("a caregiver sees the area and the pay, but health details and the address only once they accepted", async () => {
    const offered = await getCaregiverOrder({ actor: asCaregiver(caregiver), orderId });
    expect(offered).toMatchObject({ isOffered: true, accepted: false, address: null, recipient: null });
    expect(offered.area).toMatchObject({ zip: "60614", city: "Chicago", state: "IL" });
    expect(offered.payCents).toBe(19_040); // 70% of two 4-hour visits at $34
    expect(JSON.stringify(offered)).not.toContain("dementia");
    expect(JSON.stringify(offered)).not.toContain("2400 N Clark");
    await expect(getCaregiverOrder({ actor: asCaregiver(bystander), orderId })).rejects.toThrow(
      "orders:error.notFound",
    );
    const list = await listCaregiverOrders({ actor: asCaregiver(caregiver) });
    expect(list.offers.map((offer) => offer.orderNumber)).toEqual([orderNumber]);

    await respondToOffer({ actor: asCaregiver(caregiver), orderId, accept: true });
    const accepted = await getCaregiverOrder({ actor: asCaregiver(caregiver), orderId });
    expect(accepted).toMatchObject({
      accepted: true,
      isOffered: false,
      address: { streetAddress: "2400 N Clark St, Apt 5", zipCode: "60614" },
      recipient: { fullName: "Rosa Diaz", healthNeeds: ["dementia"] },
    });
    expect(accepted.visits).toHaveLength(16);
    const after = await listCaregiverOrders({ actor: asCaregiver(caregiver) });
    expect(after.offers).toEqual([]);
    expect(after.orders[0]).toMatchObject({ orderNumber, status: "confirmed" });
    // The next visit is the first scheduled one not over yet: not one over, not a cancelled one.
    const booked = accepted.visits.toSorted((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    expect(after.orders[0]?.nextVisit).toEqual({ startsAt: booked[0]!.startsAt, endsAt: booked[0]!.endsAt });
    await setup.db.update(visits).set({ status: "cancelled" }).where(eq(visits.id, booked[0]!.id));
    const later = await listCaregiverOrders({ actor: asCaregiver(caregiver), now: booked[1]!.endsAt });
    expect(later.orders[0]?.nextVisit).toEqual({ startsAt: booked[2]!.startsAt, endsAt: booked[2]!.endsAt });
    await setup.db.update(visits).set({ status: "scheduled" }).where(eq(visits.id, booked[0]!.id));
  });

  test("the family's order: timeline, caregiver card, quote, visits and whether it can cancel", async () => {
    const detail = await getClientOrder({ actor: client, orderId, locale: "en" });
    expect(detail.timeline.map((entry) => entry.status)).toEqual(["submitted", "offered", "confirmed"]);
    expect(detail.caregiver).toMatchObject({ firstName: "Maria", lastInitial: "G" });
    expect(detail.quote.totalCents).toBe(28_560);
    expect(detail.canCancel).toBe(true);
    expect(detail.scheduleSummary).toMatch(/^Weekly: Mon 9:00 AM–1:00 PM, Wed 9:00 AM–1:00 PM/);
    const list = await listClientOrders({ actor: client });
    expect(list.orders[0]).toMatchObject({ orderNumber, status: "confirmed", caregiverName: "Maria G." });
    expect(list.upcomingVisits).toHaveLength(16);

    // Completed or missed before the booked end: past (docs/product-rules.md, "Times on screen").
    const [done, missed] = list.upcomingVisits;
    await setup.db.update(visits).set({ status: "completed" }).where(eq(visits.id, done!.id));
    await setup.db.update(visits).set({ status: "missed" }).where(eq(visits.id, missed!.id));
    try {
      const split = await listClientOrders({ actor: client });
      expect(split.upcomingVisits).toHaveLength(14);
      expect(split.pastVisits.map((visit) => [visit.id, visit.status])).toEqual([
        [missed!.id, "missed"],
        [done!.id, "completed"],
      ]);
    } finally {
      await setup.db
        .update(visits)
        .set({ status: "scheduled" })
        .where(inArray(visits.id, [done!.id, missed!.id]));
    }
  });

  test("admins filter and search orders, and each read of an order's health details is audited", async () => {
    const other = await submitCareRequest({
      actor: client,
      request: careRequestInput({ serviceTypes: ["companionship"] }),
    });
    expect((await listAdminOrders({ actor: admin })).total).toBe(2);
    expect(
      (await listAdminOrders({ actor: admin, filters: { status: "confirmed" } })).orders.map((o) => o.orderNumber),
    ).toEqual([orderNumber]);
    expect(
      (await listAdminOrders({ actor: admin, filters: { search: other.orderNumber.slice(-6) } })).orders.map(
        (o) => o.id,
      ),
    ).toEqual([other.orderId]);
    expect((await listAdminOrders({ actor: admin, filters: { caregiver: "gonzalez" } })).total).toBe(1);
    expect((await listAdminOrders({ actor: admin, filters: { client: client.email } })).total).toBe(2);
    await expect(listAdminOrders({ actor: client })).rejects.toThrow("common:access.denied");

    const detail = await getAdminOrder({ actor: admin, orderId, locale: "en" });
    expect(detail.request.healthNeeds).toEqual(["dementia"]);
    expect(detail.offers).toMatchObject([{ caregiverName: "Maria Gonzalez", status: "accepted", rank: 1 }]);
    expect(detail.canAssign).toBe(false);
    const audits = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "admin_data_access"), eq(auditEvents.userId, admin.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.metadata).toMatchObject({ orderId, orderNumber });
    const waiting = await getAdminOrder({ actor: admin, orderId: other.orderId, locale: "en" });
    expect(waiting.canAssign).toBe(true);
    expect(waiting.candidates.length).toBeGreaterThan(0);
    expect(waiting.candidates.some((candidate) => candidate.misses.length === 0)).toBe(true);
  });
});

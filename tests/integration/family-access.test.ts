import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, familyMembers, orders, type FamilyRole } from "~/platform/db/schema";
import { familyOfOrder, orderAccess, recipientAccess } from "~/features/family/access.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { getClientOrder, getOrderMatches, listClientOrders } from "~/features/orders/client-orders.server";
import { startAdjustedRequest } from "~/features/orders/adjust-request.server";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { useAuthTestSetup } from "./auth-env";
import { refusal } from "./family-helpers";
import { bookedOneTimeOrder, caregiverNear, careRequestInput, clientActor } from "./care-loop-helpers";

// The family circle's one access decision (docs/decisions/0050-family-circle.md): the holder and manage members
// book, change, cancel and pay; follow members read the order page and its timeline; alerts-only members and
// strangers open nothing. Every scoped order action is tried by each.

const setup = useAuthTestSetup();

type Person = Awaited<ReturnType<typeof clientActor>>;

async function recipientOf(orderId: string) {
  const [row] = await setup.db
    .select({ careRecipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row!.careRecipientId!;
}

/** The ids of the orders on a person's list. */
const ids = async (person: Person) => (await listClientOrders({ actor: person })).orders.map((order) => order.id);

describe("family circle access", () => {
  let holder: Person;
  let members: Record<FamilyRole, Person>;
  let stranger: Person;
  let recipientId: string;

  async function join(person: Person, role: FamilyRole) {
    await setup.db
      .insert(familyMembers)
      .values({ careRecipientId: recipientId, userId: person.id, role, addedBy: holder.id });
  }

  beforeAll(async () => {
    holder = await clientActor(setup.db);
    stranger = await clientActor(setup.db);
    members = {
      manage: await clientActor(setup.db),
      follow: await clientActor(setup.db),
      alerts: await clientActor(setup.db),
    };
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    recipientId = await recipientOf(orderId);
    for (const role of ["manage", "follow", "alerts"] as const) await join(members[role], role);
  });

  test("the holder, each member's role, and nothing for anyone else", async () => {
    expect(await recipientAccess(holder.id, recipientId)).toBe("holder");
    expect(await recipientAccess(members.manage.id, recipientId)).toBe("manage");
    expect(await recipientAccess(members.follow.id, recipientId)).toBe("follow");
    expect(await recipientAccess(members.alerts.id, recipientId)).toBe("alerts");
    expect(await recipientAccess(stranger.id, recipientId)).toBeNull();
    expect(await recipientAccess(holder.id, "not-a-uuid")).toBeNull();

    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    expect(await orderAccess(holder, orderId)).toBe("holder");
    expect(await orderAccess(members.follow, orderId)).toBe("follow");
    expect(await orderAccess(stranger, orderId)).toBeNull();
    expect(await orderAccess(holder, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  test("a follow member reads the order and its timeline, without the cancel control", async () => {
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    const page = await getClientOrder({ actor: members.follow, orderId, locale: "en" });
    expect(page).toMatchObject({ access: "follow", canCancel: false });
    expect((await getClientOrder({ actor: holder, orderId, locale: "en" })).canCancel).toBe(true);
    expect((await getClientOrder({ actor: members.manage, orderId, locale: "en" })).canCancel).toBe(true);
    await expect(getOrderTimeline({ actor: members.follow, orderId })).resolves.toBeDefined();
  });

  test("the orders list of manage and follow members holds the person's orders; alerts and strangers' does not", async () => {
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    expect(await ids(members.follow)).toContain(orderId);
    expect(await ids(members.manage)).toContain(orderId);
    expect(await ids(members.alerts)).not.toContain(orderId);
    expect(await ids(stranger)).not.toContain(orderId);
  });

  test("alerts-only members and strangers open neither the order page nor its timeline", async () => {
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    for (const person of [members.alerts, stranger]) {
      expect((await refusal(getClientOrder({ actor: person, orderId, locale: "en" }))).code).toBe("not_found");
      expect((await refusal(getOrderTimeline({ actor: person, orderId }))).code).toBe("not_found");
      // The access the order page found, handed on, is held to the same rule.
      const access = person === stranger ? null : "alerts";
      expect((await refusal(getOrderTimeline({ actor: person, orderId, access }))).code).toBe("not_found");
    }
  });

  test("cancelling: refused to follow (forbidden) and alerts or strangers (not found), allowed to manage", async () => {
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    const cancel = (person: Person) => cancelOrder({ actor: person, orderId, reason: "No longer needed" });
    expect((await refusal(cancel(members.follow))).code).toBe("forbidden");
    expect((await refusal(cancel(members.alerts))).code).toBe("not_found");
    expect((await refusal(cancel(stranger))).code).toBe("not_found");
    const [still] = await setup.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(still!.status).toBe("submitted");
    await cancelOrder({ actor: members.manage, orderId, reason: "No longer needed" });
    const [row] = await setup.db
      .select({ status: orders.status, cancelledBy: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ status: "cancelled", cancelledBy: members.manage.id });
  });

  test("choosing a caregiver and starting an adjusted request: manage only", async () => {
    const caregiver = await caregiverNear(setup.db, { zipCode: "60614", firstName: "Circle" });
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    for (const [person, code] of [
      [members.follow, "forbidden"],
      [members.alerts, "not_found"],
      [stranger, "not_found"],
    ] as const) {
      expect((await refusal(chooseCaregiver({ actor: person, orderId, caregiverId: caregiver.id }))).code).toBe(code);
      expect((await refusal(getOrderMatches({ actor: person, orderId }))).code).toBe(code);
      expect((await refusal(startAdjustedRequest({ actor: person, orderId }))).code).toBe(code);
    }
    await expect(getOrderMatches({ actor: members.manage, orderId })).resolves.toMatchObject({ orderId });
    await expect(startAdjustedRequest({ actor: members.manage, orderId })).resolves.toBeUndefined();
  });

  test("the caregiver is told who is who: the holder, then each member by first name and role", async () => {
    const { orderId } = await submitCareRequest({ actor: holder, request: careRequestInput() });
    const family = await familyOfOrder(orderId);
    expect(family.map((person) => person.role)).toEqual(["holder", "manage", "follow", "alerts"]);
    expect(family[0]!.firstName).toBe(holder.firstName);
    expect(family[2]!.firstName).toBe(members.follow.firstName);
  });

  test("a removed member loses access at once", async () => {
    const caregiver = await caregiverNear(setup.db, { zipCode: "60614", firstName: "Removal" });
    const { orderId } = await bookedOneTimeOrder(setup.db, holder, caregiver.id, { complete: false });
    const leaving = await clientActor(setup.db);
    await join(leaving, "follow");
    await expect(getClientOrder({ actor: leaving, orderId, locale: "en" })).resolves.toBeDefined();
    await setup.db.delete(familyMembers).where(eq(familyMembers.userId, leaving.id));
    expect((await refusal(getClientOrder({ actor: leaving, orderId, locale: "en" }))).code).toBe("not_found");
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  careRecipients,
  careRequests,
  conversationMemberMarks,
  conversations,
  familyMembers,
  jobs,
  orders,
  realtimeEvents,
  type FamilyRole,
} from "~/platform/db/schema";
import { accessConversation } from "~/features/messaging/conversation-access.server";
import { countUnreadMessages } from "~/features/messaging/count-unread.server";
import {
  getConversation,
  listConversations,
  listEarlierMessages,
} from "~/features/messaging/list-conversations.server";
import { markAllDelivered, markMessages } from "~/features/messaging/mark-messages.server";
import { sendMessage } from "~/features/messaging/send-message.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { useAuthTestSetup } from "./auth-env";
import { clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { refusal } from "./family-helpers";
import { asCaregiver, asClient, bookedConversation } from "./messaging-helpers";

// The family circle in the care conversation (docs/decisions/0053-circle-messages.md): manage and follow members
// read and write the holder's conversation with the caregiver, each message names its writer, each person keeps
// their own read marks, and new messages reach everyone in it but the writer. Alerts-only members, strangers and
// removed members open nothing.

const setup = useAuthTestSetup();

type Person = Awaited<ReturnType<typeof clientActor>>;

/** A booked care with its conversation, and a circle: one member of each role, and a stranger. */
async function circleCare(lastName: string) {
  const care = await bookedConversation(setup.db, lastName);
  const [recipient] = await setup.db
    .select({ id: careRecipients.id, fullName: careRecipients.fullName })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(careRecipients, eq(careRecipients.id, careRequests.careRecipientId))
    .where(eq(orders.id, care.orderId));
  const members = {} as Record<FamilyRole, Person>;
  for (const role of ["manage", "follow", "alerts"] as const) {
    members[role] = await clientActor(setup.db);
    await setup.db
      .insert(familyMembers)
      .values({ careRecipientId: recipient!.id, userId: members[role].id, role, addedBy: care.client.id });
  }
  const stranger = await clientActor(setup.db);
  return { ...care, recipient: recipient!, members, stranger };
}

const send = (actor: { id: string; role: "client" | "caregiver" }, conversationId: string, body: string) =>
  sendMessage({ actor, input: { conversationId, clientKey: randomUUID(), body } });

/** Who was notified of a message (a notification waiting to be delivered, in the recipient's language). */
async function notifiedOf(messageId: number) {
  const rows = await setup.db.select().from(jobs).where(eq(jobs.name, "notifications.deliver"));
  return rows
    .map((row) => row.payload as Record<string, unknown>)
    .filter((payload) => (payload.metadata as { messageId?: number } | undefined)?.messageId === messageId)
    .map((payload) => ({ userId: payload.userId as string, params: payload.params, actionUrl: payload.actionUrl }));
}

/** Who received a realtime event of a conversation. */
async function eventUsers(kind: string, conversationId: string) {
  const rows = await setup.db.select().from(realtimeEvents).where(eq(realtimeEvents.kind, kind));
  return rows.filter((row) => row.payload.conversationId === conversationId).map((row) => row.userId);
}

/** Every way to read or write a conversation by id, each refused as "not found". */
async function expectRefused(actor: { id: string; role: "client" }, conversationId: string) {
  expect((await refusal(send(actor, conversationId, "Hello"))).code).toBe("not_found");
  expect((await refusal(getConversation({ actor, conversationId }))).code).toBe("not_found");
  expect((await refusal(markMessages({ actor, conversationId, mark: "read", upTo: 1 }))).code).toBe("not_found");
  expect((await refusal(listEarlierMessages({ actor, conversationId, before: 1000 }))).code).toBe("not_found");
  expect((await listConversations({ actor })).map((row) => row.id)).not.toContain(conversationId);
}

describe("the family circle in the care conversation", () => {
  test("follow and manage members read and write it, listed with whose care it is; alerts-only and strangers do not", async () => {
    const care = await circleCare("CircleRead");
    const { follow, manage, alerts } = care.members;
    for (const member of [follow, manage]) {
      const [listed] = await listConversations({ actor: asClient(member.id) });
      expect(listed).toMatchObject({
        id: care.conversationId,
        side: "a",
        isWritable: true,
        careOf: [care.recipient.fullName],
        title: { kind: "person", name: `${care.caregiver.firstName} ${care.caregiver.lastName.charAt(0)}.` },
      });
    }
    // The holder's own list names no one's care: it is their conversation.
    expect((await listConversations({ actor: asClient(care.client.id) }))[0]!.careOf).toEqual([]);

    const { message } = await send(asClient(follow.id), care.conversationId, "How was Mum today?");
    expect(message.author).toEqual({ userId: follow.id, firstName: follow.firstName, role: "follow" });
    await send(asClient(care.client.id), care.conversationId, "Thank you!");
    await send(asCaregiver(care.caregiver.id), care.conversationId, "She did well.");

    // The caregiver sees who wrote each of the family's messages; everyone reads the same history.
    const seen = await getConversation({ actor: asCaregiver(care.caregiver.id), conversationId: care.conversationId });
    expect(seen.messages.map((row) => [row.body, row.author?.firstName ?? null, row.author?.role ?? null])).toEqual([
      ["How was Mum today?", follow.firstName, "follow"],
      ["Thank you!", care.client.firstName, "holder"],
      ["She did well.", null, null],
    ]);
    const bySon = await getConversation({ actor: asClient(follow.id), conversationId: care.conversationId });
    expect(bySon).toMatchObject({ side: "a", viewerId: follow.id, careOf: [care.recipient.fullName] });
    expect(bySon.messages).toEqual(seen.messages);

    await expectRefused(asClient(alerts.id), care.conversationId);
    await expectRefused(asClient(care.stranger.id), care.conversationId);
    expect(await countUnreadMessages(alerts.id, ["client"])).toBe(0);
    expect(await countUnreadMessages(care.stranger.id, ["client"])).toBe(0);
  });

  test("a member removed from the circle loses the conversation at once", async () => {
    const care = await circleCare("CircleRemoved");
    const { follow } = care.members;
    await send(asClient(follow.id), care.conversationId, "Before");
    await setup.db.delete(familyMembers).where(eq(familyMembers.userId, follow.id));
    await expectRefused(asClient(follow.id), care.conversationId);
    const { message } = await send(asCaregiver(care.caregiver.id), care.conversationId, "After");
    expect((await notifiedOf(message.id)).map((job) => job.userId)).toEqual([care.client.id, care.members.manage.id]);
    expect(await countUnreadMessages(follow.id, ["client"])).toBe(0);
    // What they wrote stays, by first name, no longer with a role.
    const seen = await getConversation({ actor: asCaregiver(care.caregiver.id), conversationId: care.conversationId });
    expect(seen.messages[0]!.author).toEqual({ userId: follow.id, firstName: follow.firstName, role: null });
  });

  test("a member of the circles of two people the pair's orders are for reads it with the better of their roles", async () => {
    const care = await circleCare("CircleTwoPeople");
    const son = care.members.follow;
    expect((await accessConversation(setup.db, asClient(son.id), care.conversationId)).member).toEqual({
      role: "follow",
    });
    // The family books the same caregiver for a second person, whose circle the son manages.
    const { orderId } = await submitCareRequest({
      actor: care.client,
      request: oneTimeRequest(upcomingMonday(4), "09:00", "13:00", { fullName: "Pedro Diaz" }),
    });
    await chooseCaregiver({ actor: care.client, orderId, caregiverId: care.caregiver.id });
    await respondToOffer({ actor: care.caregiver, orderId, accept: true });
    const [second] = await setup.db
      .select({ recipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, orderId));
    expect(second!.recipientId).not.toBe(care.recipient.id);
    await setup.db
      .insert(familyMembers)
      .values({ careRecipientId: second!.recipientId!, userId: son.id, role: "manage", addedBy: care.client.id });

    const access = await accessConversation(setup.db, asClient(son.id), care.conversationId);
    expect(access).toMatchObject({ side: "a", member: { role: "manage" } });
    // Alerts-only in both circles still opens nothing.
    const alerts = care.members.alerts;
    await setup.db
      .insert(familyMembers)
      .values({ careRecipientId: second!.recipientId!, userId: alerts.id, role: "alerts", addedBy: care.client.id });
    await expectRefused(asClient(alerts.id), care.conversationId);
  });

  test("each person's read marks are their own", async () => {
    const care = await circleCare("CircleMarks");
    const son = asClient(care.members.follow.id);
    const holder = asClient(care.client.id);
    await send(asCaregiver(care.caregiver.id), care.conversationId, "One");
    const { message: latest } = await send(asCaregiver(care.caregiver.id), care.conversationId, "Two");
    expect(await countUnreadMessages(son.id, ["client"])).toBe(2);
    expect(await countUnreadMessages(holder.id, ["client"])).toBe(2);

    // The son's page delivers, then he reads: his marks move, the holder's and the conversation's do not.
    await markAllDelivered({ actor: son });
    const marksEventsBefore = (await eventUsers("message-marks", care.conversationId)).length;
    expect(
      await markMessages({ actor: son, conversationId: care.conversationId, mark: "read", upTo: latest.id }),
    ).toEqual({ side: "a", marks: { deliveredUpTo: latest.id, readUpTo: latest.id } });
    expect((await eventUsers("message-marks", care.conversationId)).slice(marksEventsBefore)).toEqual([son.id]);
    expect(await countUnreadMessages(son.id, ["client"])).toBe(0);
    expect(await countUnreadMessages(holder.id, ["client"])).toBe(2);
    const [row] = await setup.db.select().from(conversations).where(eq(conversations.id, care.conversationId));
    expect(row).toMatchObject({ aReadUpTo: 0, aDeliveredUpTo: 0 });
    expect((await listConversations({ actor: holder }))[0]!.unreadCount).toBe(2);
    expect((await listConversations({ actor: son }))[0]!.unreadCount).toBe(0);

    // The holder reading moves the side's marks (the caregiver's receipts), not the son's.
    await send(asCaregiver(care.caregiver.id), care.conversationId, "Three");
    await markMessages({ actor: holder, conversationId: care.conversationId, mark: "read", upTo: latest.id + 100 });
    expect(await countUnreadMessages(holder.id, ["client"])).toBe(0);
    expect(await countUnreadMessages(son.id, ["client"])).toBe(1);
    const [own] = await setup.db
      .select()
      .from(conversationMemberMarks)
      .where(eq(conversationMemberMarks.userId, son.id));
    expect(own).toMatchObject({ conversationId: care.conversationId, readUpTo: latest.id });
    expect((await getConversation({ actor: son, conversationId: care.conversationId })).mine.readUpTo).toBe(latest.id);
  });

  test("a new message reaches everyone in the conversation but its writer, and never alerts-only members", async () => {
    const care = await circleCare("CircleNotify");
    const { follow, manage, alerts } = care.members;
    const { message: fromCaregiver } = await send(asCaregiver(care.caregiver.id), care.conversationId, "On my way");
    const first = await notifiedOf(fromCaregiver.id);
    expect(first.map((job) => job.userId).toSorted()).toEqual([care.client.id, manage.id, follow.id].toSorted());
    for (const job of first) expect(job.actionUrl).toBe(`/dashboard/messages?c=${care.conversationId}`);
    expect((await eventUsers("message", care.conversationId)).toSorted()).toEqual(
      [care.client.id, manage.id, follow.id, care.caregiver.id].toSorted(),
    );

    const { message: fromSon } = await send(asClient(follow.id), care.conversationId, "Thanks!");
    const second = await notifiedOf(fromSon.id);
    expect(second.map((job) => job.userId).toSorted()).toEqual(
      [care.client.id, manage.id, care.caregiver.id].toSorted(),
    );
    const toCaregiver = second.find((job) => job.userId === care.caregiver.id)!;
    expect(toCaregiver).toMatchObject({
      actionUrl: `/caregiver/messages?c=${care.conversationId}`,
      params: { name: `${follow.firstName} ${follow.lastName.charAt(0)}.` },
    });
    expect(await eventUsers("message", care.conversationId)).not.toContain(alerts.id);
  });
});

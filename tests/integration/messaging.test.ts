import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { conversations, jobs, messages, orders, realtimeEvents, userProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { countUnreadMessages } from "~/features/messaging/count-unread.server";
import {
  getConversation,
  listConversations,
  listEarlierMessages,
} from "~/features/messaging/list-conversations.server";
import { markAllDelivered, markMessages } from "~/features/messaging/mark-messages.server";
import { MESSAGE_ERRORS, MESSAGE_LIMITS, MESSAGE_MAX } from "~/features/messaging/message-rules";
import { openSupportConversation } from "~/features/messaging/open-support-conversation.server";
import { sendMessage } from "~/features/messaging/send-message.server";
import { isAppError } from "~/utils/app-error";
import { useAuthTestSetup } from "./auth-env";
import { asAdmin, asCaregiver, asClient, bookedConversation } from "./messaging-helpers";
import { bookCare } from "./visit-helpers";

// Conversations end to end through the feature functions
// (docs/product-rules.md, "Messages"): opening, sending once, refusals,
// read-only after the care, marks, unread counts, paging, support.

const setup = useAuthTestSetup();

const careConversation = (lastName: string) => bookedConversation(setup.db, lastName);

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function eventsOf(userId: string, kind: string) {
  return setup.db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.userId, userId), eq(realtimeEvents.kind, kind)))
    .orderBy(realtimeEvents.id);
}

async function messageJobs(userId: string) {
  const rows = await setup.db.select().from(jobs).where(eq(jobs.name, "notifications.deliver"));
  return rows
    .map((row) => row.payload as Record<string, unknown>)
    .filter((payload) => payload.userId === userId && payload.type === "message");
}

describe("care conversations", () => {
  test("a confirmed order opens one conversation for the pair, named for each side", async () => {
    const care = await careConversation("Opening");
    const family = await listConversations({ actor: asClient(care.client.id) });
    expect(family).toHaveLength(1);
    expect(family[0]).toMatchObject({
      id: care.conversationId,
      kind: "care",
      side: "a",
      isWritable: true,
      unreadCount: 0,
      lastMessage: null,
      title: { kind: "person", name: `${care.caregiver.firstName} ${care.caregiver.lastName.charAt(0)}.` },
    });
    const caregiver = await listConversations({ actor: asCaregiver(care.caregiver.id) });
    expect(caregiver.map((row) => [row.id, row.side, row.title])).toEqual([
      [
        care.conversationId,
        "b",
        { kind: "person", name: `${care.client.firstName} ${care.client.lastName.charAt(0)}.` },
      ],
    ]);
    // Listing again opens nothing more.
    await listConversations({ actor: asClient(care.client.id) });
    const rows = await setup.db.select().from(conversations).where(eq(conversations.userAId, care.client.id));
    expect(rows).toHaveLength(1);
  });

  test("an order confirmed before conversations existed gets its conversation when the page lists them", async () => {
    const care = await careConversation("Backfill");
    await setup.db.delete(conversations).where(eq(conversations.id, care.conversationId));
    const listed = await listConversations({ actor: asCaregiver(care.caregiver.id) });
    expect(listed).toHaveLength(1);
    expect(listed[0]!.isWritable).toBe(true);
    const [row] = await setup.db.select().from(conversations).where(eq(conversations.id, listed[0]!.id));
    expect(row).toMatchObject({ userAId: care.client.id, userBId: care.caregiver.id, orderId: care.orderId });
  });

  test("a message is stored once, sent live to both sides and notifies the recipient", async () => {
    const care = await careConversation("Sending");
    const clientKey = randomUUID();
    const body = `  Hello! Call me at (312) 555-0177. ${"More text. ".repeat(20)} `;
    const sent = await sendMessage({
      actor: asClient(care.client.id),
      input: { conversationId: care.conversationId, clientKey, body },
    });
    expect(sent.isRepeat).toBe(false);
    expect(sent.message).toMatchObject({
      side: "a",
      body: body.trim(),
      clientKey,
      conversationId: care.conversationId,
    });

    // A retry with the same key (the outbox after a lost answer) returns the same message.
    const retry = await sendMessage({
      actor: asClient(care.client.id),
      input: { conversationId: care.conversationId, clientKey, body },
    });
    expect(retry).toEqual({ message: sent.message, isRepeat: true });
    const stored = await setup.db.select().from(messages).where(eq(messages.conversationId, care.conversationId));
    expect(stored).toHaveLength(1);

    const [toCaregiver] = await eventsOf(care.caregiver.id, "message");
    expect(toCaregiver?.payload).toEqual({ conversationId: care.conversationId, message: sent.message });
    expect(await eventsOf(care.client.id, "message")).toHaveLength(1);

    const jobsForCaregiver = await messageJobs(care.caregiver.id);
    expect(jobsForCaregiver).toHaveLength(1);
    expect(jobsForCaregiver[0]).toMatchObject({
      subtype: "new_message",
      key: "newMessage",
      params: { name: `${care.client.firstName} ${care.client.lastName.charAt(0)}.` },
      actionUrl: `/caregiver/messages?c=${care.conversationId}`,
    });
    const preview = (jobsForCaregiver[0]!.params as { preview: string }).preview;
    expect(preview).toHaveLength(140);
    expect(preview.startsWith("Hello! Call me at (312) 555-0177.")).toBe(true);
    expect(await messageJobs(care.client.id)).toEqual([]);

    // The caregiver's reply links the family to their own page.
    await sendMessage({
      actor: asCaregiver(care.caregiver.id),
      input: { conversationId: care.conversationId, clientKey: randomUUID(), body: "Hi!" },
    });
    const [toFamily] = await messageJobs(care.client.id);
    expect(toFamily).toMatchObject({
      actionUrl: `/dashboard/messages?c=${care.conversationId}`,
      params: { preview: "Hi!", name: `${care.caregiver.firstName} ${care.caregiver.lastName.charAt(0)}.` },
    });
  });

  test("only the pair can read or write, each from their own area", async () => {
    const care = await careConversation("Private");
    const stranger = await createUser(setup.db, { roles: ["client"] });
    const otherCaregiver = await createUser(setup.db, { roles: ["caregiver"] });
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const input = { conversationId: care.conversationId, clientKey: randomUUID(), body: "Hi" };
    for (const actor of [
      asClient(stranger.id),
      asCaregiver(otherCaregiver.id),
      asAdmin(admin.id),
      // The caregiver's side is the caregiver area, not the client area.
      asClient(care.caregiver.id),
      asCaregiver(care.client.id),
    ]) {
      expect(await refusal(sendMessage({ actor, input }))).toEqual({
        code: "not_found",
        message: MESSAGE_ERRORS.notFound,
      });
      expect((await refusal(getConversation({ actor, conversationId: care.conversationId }))).code).toBe("not_found");
      expect(
        (await refusal(markMessages({ actor, conversationId: care.conversationId, mark: "read", upTo: 1 }))).code,
      ).toBe("not_found");
      expect(
        (await refusal(listEarlierMessages({ actor, conversationId: care.conversationId, before: 100 }))).code,
      ).toBe("not_found");
    }
    expect(await listConversations({ actor: asAdmin(admin.id) })).toEqual([]);
    expect(await setup.db.select().from(messages).where(eq(messages.conversationId, care.conversationId))).toEqual([]);
    expect((await refusal(getConversation({ actor: asClient(care.client.id), conversationId: "nope" }))).code).toBe(
      "not_found",
    );
  });

  test("the text must be 1 to 10,000 characters once trimmed", async () => {
    const care = await careConversation("Length");
    const actor = asClient(care.client.id);
    const send = (body: string) =>
      sendMessage({ actor, input: { conversationId: care.conversationId, clientKey: randomUUID(), body } });
    expect(await refusal(send(" \n\t "))).toEqual({ code: "invalid", message: MESSAGE_ERRORS.empty });
    expect(await refusal(send("x".repeat(MESSAGE_MAX + 1)))).toEqual({
      code: "invalid",
      message: MESSAGE_ERRORS.tooLong,
    });
    expect((await send("x".repeat(MESSAGE_MAX))).message.body).toHaveLength(MESSAGE_MAX);
  });

  test("once the care has ended the conversation is kept, read-only", async () => {
    const care = await careConversation("Ended");
    await sendMessage({
      actor: asClient(care.client.id),
      input: { conversationId: care.conversationId, clientKey: randomUUID(), body: "Thank you for today" },
    });
    await setup.db.update(orders).set({ status: "completed" }).where(eq(orders.id, care.orderId));
    for (const actor of [asClient(care.client.id), asCaregiver(care.caregiver.id)]) {
      expect(
        await refusal(
          sendMessage({ actor, input: { conversationId: care.conversationId, clientKey: randomUUID(), body: "Hi" } }),
        ),
      ).toEqual({ code: "conflict", message: MESSAGE_ERRORS.readOnly });
      const detail = await getConversation({ actor, conversationId: care.conversationId });
      expect(detail.isWritable).toBe(false);
      expect(detail.messages.map((message) => message.body)).toEqual(["Thank you for today"]);
      expect((await listConversations({ actor }))[0]!.isWritable).toBe(false);
    }
  });

  test("delivered and read marks move forward only, up to the other side's latest message, announced to both", async () => {
    const care = await careConversation("Marks");
    const family = asClient(care.client.id);
    const caregiver = asCaregiver(care.caregiver.id);
    const send = (actor: typeof family | typeof caregiver, body: string) =>
      sendMessage({ actor, input: { conversationId: care.conversationId, clientKey: randomUUID(), body } });
    const first = (await send(family, "One")).message;
    const second = (await send(family, "Two")).message;
    const own = (await send(caregiver, "Mine")).message;

    expect(await countUnreadMessages(care.caregiver.id, ["caregiver"])).toBe(2);
    expect((await listConversations({ actor: caregiver }))[0]!.unreadCount).toBe(2);
    expect(await countUnreadMessages(care.client.id, ["client"])).toBe(1);

    // Loading the page delivers everything waiting.
    await markAllDelivered({ actor: caregiver });
    let detail = await getConversation({ actor: family, conversationId: care.conversationId });
    expect(detail.theirs).toEqual({ deliveredUpTo: second.id, readUpTo: 0 });
    const marksToFamily = await eventsOf(care.client.id, "message-marks");
    expect(marksToFamily.at(-1)?.payload).toEqual({
      conversationId: care.conversationId,
      side: "b",
      deliveredUpTo: second.id,
      readUpTo: 0,
    });
    expect(await eventsOf(care.caregiver.id, "message-marks")).toHaveLength(1);

    // Read up to the first; a mark past the family's latest message stops there.
    await markMessages({ actor: caregiver, conversationId: care.conversationId, mark: "read", upTo: first.id });
    expect(await countUnreadMessages(care.caregiver.id, ["caregiver"])).toBe(1);
    const result = await markMessages({
      actor: caregiver,
      conversationId: care.conversationId,
      mark: "read",
      upTo: own.id + 1000,
    });
    expect(result).toEqual({ side: "b", marks: { deliveredUpTo: second.id, readUpTo: second.id } });
    // Going back changes nothing and announces nothing.
    const eventCount = (await eventsOf(care.client.id, "message-marks")).length;
    await markMessages({ actor: caregiver, conversationId: care.conversationId, mark: "read", upTo: first.id });
    await markMessages({ actor: caregiver, conversationId: care.conversationId, mark: "delivered", upTo: first.id });
    expect(await eventsOf(care.client.id, "message-marks")).toHaveLength(eventCount);

    detail = await getConversation({ actor: family, conversationId: care.conversationId });
    expect(detail.theirs).toEqual({ deliveredUpTo: second.id, readUpTo: second.id });
    expect(await countUnreadMessages(care.caregiver.id, ["caregiver"])).toBe(0);
    expect((await listConversations({ actor: caregiver }))[0]!.unreadCount).toBe(0);
    expect(
      (await refusal(markMessages({ actor: caregiver, conversationId: care.conversationId, mark: "read", upTo: -1 })))
        .code,
    ).toBe("invalid");
  });

  test("history comes newest 30 first, earlier ones page by page", async () => {
    const care = await careConversation("Paging");
    const family = asClient(care.client.id);
    // Written over the last few minutes, within the sending limits.
    const start = Date.now() - 35 * 5_000;
    for (let index = 1; index <= 35; index += 1) {
      await sendMessage({
        actor: family,
        input: { conversationId: care.conversationId, clientKey: randomUUID(), body: `Message ${index}` },
        now: new Date(start + index * 5_000),
      });
    }
    const detail = await getConversation({
      actor: asCaregiver(care.caregiver.id),
      conversationId: care.conversationId,
    });
    expect(detail.hasEarlier).toBe(true);
    expect(detail.messages).toHaveLength(30);
    expect(detail.messages[0]!.body).toBe("Message 6");
    expect(detail.messages.at(-1)!.body).toBe("Message 35");
    const earlier = await listEarlierMessages({
      actor: asCaregiver(care.caregiver.id),
      conversationId: care.conversationId,
      before: detail.messages[0]!.id,
    });
    expect(earlier.hasEarlier).toBe(false);
    expect(earlier.messages.map((message) => message.body)).toEqual([1, 2, 3, 4, 5].map((n) => `Message ${n}`));
    const list = await listConversations({ actor: asCaregiver(care.caregiver.id) });
    expect(list[0]).toMatchObject({ unreadCount: 35, lastMessage: { side: "a", preview: "Message 35" } });
  });
});

describe("support conversations", () => {
  test("a user opens theirs once; every administrator sees it and any of them answers", async () => {
    const care = await bookCare(setup.db, { lastName: "Support" });
    const admin = await createUser(setup.db, { roles: ["admin"], firstName: "Ada", lastName: "Admin" });
    const otherAdmin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = asCaregiver(care.caregiver.id);

    const id = await openSupportConversation({ actor: caregiver });
    expect(await openSupportConversation({ actor: caregiver })).toBe(id);
    // The same conversation on the person's client page, if they had one.
    expect((await listConversations({ actor: caregiver })).find((row) => row.id === id)).toMatchObject({
      kind: "support",
      side: "a",
      title: { kind: "support" },
      isWritable: true,
    });
    // Nobody has written yet: not in the inbox.
    expect(await listConversations({ actor: asAdmin(admin.id) })).toEqual([]);

    const question = await sendMessage({
      actor: caregiver,
      input: { conversationId: id, clientKey: randomUUID(), body: "How do I change my availability?" },
    });
    const inbox = await listConversations({ actor: asAdmin(admin.id) });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      id,
      side: "b",
      unreadCount: 1,
      title: { kind: "person", name: `${care.caregiver.firstName} ${care.caregiver.lastName}`, role: "caregiver" },
    });
    expect(await countUnreadMessages(admin.id, ["admin"])).toBe(1);
    // Every administrator is told, and sees it live.
    for (const adminId of [admin.id, otherAdmin.id]) {
      expect(await messageJobs(adminId)).toEqual([
        expect.objectContaining({ actionUrl: `/admin/support?c=${id}`, key: "newMessage" }),
      ]);
      expect((await eventsOf(adminId, "message"))[0]?.payload).toMatchObject({ message: { id: question.message.id } });
    }

    const answer = await sendMessage({
      actor: asAdmin(admin.id),
      input: { conversationId: id, clientKey: randomUUID(), body: "Open Profile, then Availability." },
    });
    expect(answer.message.side).toBe("b");
    expect(await messageJobs(care.caregiver.id)).toEqual([
      expect.objectContaining({
        actionUrl: `/caregiver/messages?c=${id}`,
        params: { name: "Tendly Support", preview: "Open Profile, then Availability." },
      }),
    ]);
    // The other administrator's inbox shows the answer live too; the one who wrote is not notified.
    expect(await eventsOf(otherAdmin.id, "message")).toHaveLength(2);
    expect(await messageJobs(admin.id)).toHaveLength(1);
    expect(await countUnreadMessages(care.caregiver.id, ["caregiver"])).toBe(1);

    // One read mark for the whole team.
    await markMessages({ actor: asAdmin(otherAdmin.id), conversationId: id, mark: "read", upTo: question.message.id });
    expect(await countUnreadMessages(admin.id, ["admin"])).toBe(0);
    const userView = await getConversation({ actor: caregiver, conversationId: id });
    expect(userView.theirs.readUpTo).toBe(question.message.id);
    expect(userView.messages.map((message) => message.side)).toEqual(["a", "b"]);
  });

  test("administrators see support conversations only, never their own as the team", async () => {
    const adminClient = await createUser(setup.db, { roles: ["client", "admin"] });
    const id = await openSupportConversation({ actor: asClient(adminClient.id) });
    await sendMessage({
      actor: asClient(adminClient.id),
      input: { conversationId: id, clientKey: randomUUID(), body: "Testing" },
    });
    expect((await listConversations({ actor: asAdmin(adminClient.id) })).map((row) => row.id)).not.toContain(id);
    expect((await refusal(openSupportConversation({ actor: asAdmin(adminClient.id) }))).code).toBe("not_found");
    const familyView = await listConversations({ actor: asClient(adminClient.id) });
    expect(familyView.map((row) => row.id)).toEqual([id]);
  });

  test("a family writes to support in Spanish and is answered as Soporte de Tendly", async () => {
    const family = await createUser(setup.db, { roles: ["client"] });
    const admin = await createUser(setup.db, { roles: ["admin"] });
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, family.id));
    const id = await openSupportConversation({ actor: asClient(family.id) });
    await sendMessage({
      actor: asAdmin(admin.id),
      input: { conversationId: id, clientKey: randomUUID(), body: "Hola" },
    });
    expect(await messageJobs(family.id)).toEqual([
      expect.objectContaining({
        params: { name: "Soporte de Tendly", preview: "Hola" },
        actionUrl: `/dashboard/messages?c=${id}`,
      }),
    ]);
  });
});

/** A message from `actor` at `now` (the sending limits' tests). */
function sendAt(
  actor: { id: string; role: "client" | "caregiver" },
  conversationId: string,
  now: Date,
  clientKey: string = randomUUID(),
) {
  return sendMessage({ actor, input: { conversationId, clientKey, body: "Are you coming today?" }, now });
}

async function storedIn(conversationId: string) {
  return setup.db.select().from(messages).where(eq(messages.conversationId, conversationId));
}

describe("sending limits", () => {
  test("20 messages a minute in a conversation; the next waits for the oldest to leave the minute, a retry is still answered", async () => {
    const care = await careConversation("Hasty");
    const family = asClient(care.client.id);
    const start = new Date(Date.now() - 10 * 60_000);
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const keys: string[] = [];
    for (let index = 0; index < MESSAGE_LIMITS.perConversation.max; index += 1) {
      const key = randomUUID();
      keys.push(key);
      await sendAt(family, care.conversationId, at(index), key);
    }
    const refused = await sendAt(family, care.conversationId, at(30)).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: "rate_limited", reason: "too-fast", message: MESSAGE_ERRORS.tooFast });
    expect((refused as { retryAt: Date }).retryAt.getTime()).toBe(at(60).getTime());
    expect(await storedIn(care.conversationId)).toHaveLength(MESSAGE_LIMITS.perConversation.max);
    // What was acknowledged stays so: the outbox's retry of a stored message is answered with it.
    expect(await sendAt(family, care.conversationId, at(31), keys[4])).toMatchObject({ isRepeat: true });
    // The other side is not held back by the family's pace.
    await sendAt(asCaregiver(care.caregiver.id), care.conversationId, at(32));
    // Once the oldest has left the minute, the next one goes.
    await sendAt(family, care.conversationId, at(61));
    expect(await storedIn(care.conversationId)).toHaveLength(MESSAGE_LIMITS.perConversation.max + 2);
  });

  test("forty sends at once store twenty: the count holds under a burst", async () => {
    const care = await careConversation("Burst");
    const family = asClient(care.client.id);
    const now = new Date();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        sendAt(family, care.conversationId, now).then(
          () => "stored",
          (error: { reason?: string }) => error.reason,
        ),
      ),
    );
    expect(answers.filter((answer) => answer === "stored")).toHaveLength(MESSAGE_LIMITS.perConversation.max);
    expect(answers.filter((answer) => answer === "too-fast")).toHaveLength(40 - MESSAGE_LIMITS.perConversation.max);
    expect(await storedIn(care.conversationId)).toHaveLength(MESSAGE_LIMITS.perConversation.max);
    // The recipient was notified of the stored ones only.
    const notices = await setup.db.select().from(jobs).where(eq(jobs.name, "notifications.deliver"));
    const toCaregiver = notices
      .map((job) => job.payload as { userId?: string; metadata?: { conversationId?: string } })
      .filter(
        (payload) => payload.userId === care.caregiver.id && payload.metadata?.conversationId === care.conversationId,
      );
    expect(toCaregiver).toHaveLength(MESSAGE_LIMITS.perConversation.max);
  });

  test("200 messages an hour across all of a sender's conversations, support included", async () => {
    const care = await careConversation("Prolific");
    const caregiver = asCaregiver(care.caregiver.id);
    const support = await openSupportConversation({ actor: caregiver });
    const now = new Date();
    // 199 sent over the last hour in the care conversation, never 20 in one minute.
    const oldest = new Date(now.getTime() - 59 * 60_000);
    await setup.db.insert(messages).values(
      Array.from({ length: MESSAGE_LIMITS.perSender.max - 1 }, (_, index) => ({
        conversationId: care.conversationId,
        senderId: caregiver.id,
        side: "b" as const,
        body: `Earlier ${index}`,
        clientKey: randomUUID(),
        createdAt: new Date(oldest.getTime() + index * 17_000),
      })),
    );
    await sendAt(caregiver, support, now);
    await expect(sendAt(caregiver, support, now)).rejects.toMatchObject({
      code: "rate_limited",
      retryAt: new Date(oldest.getTime() + 60 * 60_000),
    });
    await expect(sendAt(caregiver, care.conversationId, now)).rejects.toMatchObject({ reason: "too-fast" });
  });
});

describe("a clientKey belongs to one message", () => {
  test("reusing it in another conversation is refused", async () => {
    const care = await careConversation("Reuse");
    const supportId = await openSupportConversation({ actor: asClient(care.client.id) });
    const clientKey = randomUUID();
    await sendMessage({
      actor: asClient(care.client.id),
      input: { conversationId: care.conversationId, clientKey, body: "First" },
    });
    expect(
      await refusal(
        sendMessage({
          actor: asClient(care.client.id),
          input: { conversationId: supportId, clientKey, body: "First" },
        }),
      ),
    ).toEqual({ code: "conflict", message: MESSAGE_ERRORS.keyReused });
  });
});

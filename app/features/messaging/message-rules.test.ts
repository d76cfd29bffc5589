import { describe, expect, test } from "vitest";
import {
  conversationUrl,
  MESSAGE_ERRORS,
  MESSAGE_MAX,
  mergeMessages,
  messagePreview,
  messageStatus,
  SendMessageSchema,
  isOwnMessage,
  sideInArea,
  type MessageView,
} from "./message-rules";

const KEY = "3f0c7a52-8a4e-4c1e-9a55-0d5b8c1f2a10";
const CONVERSATION = "9b1f4c2e-6d7a-4e3b-8f21-5a6c7d8e9f01";

const parse = (body: string) => SendMessageSchema.safeParse({ conversationId: CONVERSATION, clientKey: KEY, body });

const message = (id: number, body = "x"): MessageView => ({
  id,
  conversationId: CONVERSATION,
  side: "a",
  body,
  clientKey: KEY,
  createdAt: "2026-01-01T00:00:00.000Z",
  author: null,
});

describe("SendMessageSchema", () => {
  test("trims the text and accepts 1 to 10,000 characters", () => {
    expect(parse("  hello \n").data?.body).toBe("hello");
    expect(parse("x".repeat(MESSAGE_MAX)).success).toBe(true);
  });

  test("refuses an empty or too long text with a clear message", () => {
    expect(parse("   \n ").error?.issues[0]?.message).toBe(MESSAGE_ERRORS.empty);
    expect(parse("x".repeat(MESSAGE_MAX + 1)).error?.issues[0]?.message).toBe(MESSAGE_ERRORS.tooLong);
  });

  test("needs a UUID client key", () => {
    expect(SendMessageSchema.safeParse({ conversationId: CONVERSATION, clientKey: "1", body: "hi" }).success).toBe(
      false,
    );
  });
});

describe("messageStatus", () => {
  test("sent, delivered, then read by the other side's marks", () => {
    expect(messageStatus(5, { deliveredUpTo: 4, readUpTo: 0 })).toBe("sent");
    expect(messageStatus(5, { deliveredUpTo: 5, readUpTo: 4 })).toBe("delivered");
    expect(messageStatus(5, { deliveredUpTo: 9, readUpTo: 7 })).toBe("read");
  });
});

describe("sideInArea", () => {
  const care = { kind: "care" as const, userAId: "family", userBId: "caregiver" };
  const support = { kind: "support" as const, userAId: "family", userBId: null };

  test("families and caregivers see their care conversations from their side", () => {
    expect(sideInArea(care, "family", "client")).toBe("a");
    expect(sideInArea(care, "caregiver", "caregiver")).toBe("b");
    expect(sideInArea(care, "caregiver", "client")).toBeNull();
    expect(sideInArea(care, "stranger", "client")).toBeNull();
  });

  test("administrators see support conversations only, and not their own as support", () => {
    expect(sideInArea(care, "admin", "admin")).toBeNull();
    expect(sideInArea(support, "admin", "admin")).toBe("b");
    expect(sideInArea(support, "family", "admin")).toBeNull();
    expect(sideInArea(support, "family", "caregiver")).toBe("a");
    expect(sideInArea(support, "someone-else", "client")).toBeNull();
  });
});

describe("small helpers", () => {
  test("preview and URLs", () => {
    expect(messagePreview("a".repeat(200))).toHaveLength(140);
    expect(messagePreview(" Hello\n\nthere ")).toBe("Hello there");
    expect(conversationUrl("caregiver", "abc")).toBe("/caregiver/messages?c=abc");
  });

  test("mergeMessages keeps one of each id, oldest first", () => {
    expect(mergeMessages([message(3), message(1)], [message(2), message(3, "y")]).map((m) => [m.id, m.body])).toEqual([
      [1, "x"],
      [2, "x"],
      [3, "y"],
    ]);
  });
});

describe("isOwnMessage", () => {
  test("on the family's side of a care conversation, by who wrote it; elsewhere, by side", () => {
    const bySon = { ...message(1), author: { userId: "son", firstName: "Ana", role: "follow" as const } };
    expect(isOwnMessage(bySon, { id: "son", side: "a" })).toBe(true);
    expect(isOwnMessage(bySon, { id: "holder", side: "a" })).toBe(false);
    expect(isOwnMessage(bySon, { id: "caregiver", side: "b" })).toBe(false);
    expect(isOwnMessage(message(2), { id: "anyone", side: "a" })).toBe(true);
    expect(isOwnMessage(message(2), { id: "anyone", side: "b" })).toBe(false);
  });
});

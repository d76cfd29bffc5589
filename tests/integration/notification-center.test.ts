import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createClient } from "~/platform/db/seed/factories.server";
import { loadNotificationCenter } from "~/features/home/notification-center.server";
import { changeNotifications, loadNotificationPanel } from "~/features/notifications/notifications.server";
import { latestEventId } from "~/platform/realtime/hub.server";
import { createNotificationForTest } from "./notifications-helpers";
import { createTestDatabase, type TestDatabase } from "./db";

// The notification states and the duplicate rule, kept on the server
// (docs/product-rules.md, "Notifications").

describe("the notification center", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("an identical unread notification is not added twice; it moves to the top with the new message", async () => {
    const ana = await createClient(testDb.db);
    const first = await createNotificationForTest(testDb.db, { userId: ana.id, title: "New message from Jordan R." });
    await createNotificationForTest(testDb.db, { userId: ana.id, title: "Order TN-1 confirmed" });
    const again = await createNotificationForTest(testDb.db, {
      userId: ana.id,
      title: "New message from Jordan R.",
      message: "Second text",
    });
    expect(first.isNew).toBe(true);
    expect(again).toMatchObject({ isNew: false, notification: { id: first.notification.id, message: "Second text" } });
    const { notifications, counts } = await loadNotificationPanel(ana.id, "en");
    expect(notifications.map((item) => item.title)).toEqual(["New message from Jordan R.", "Order TN-1 confirmed"]);
    expect(counts).toMatchObject({ all: 2, unread: 2, order: 2, message: 0 });
    // Same title under another subtype is another notification.
    const other = await createNotificationForTest(testDb.db, {
      userId: ana.id,
      title: "New message from Jordan R.",
      subtype: "order_completed",
    });
    expect(other.isNew).toBe(true);
  });

  test("once read, an identical notification is added again as unread, on top", async () => {
    const ana = await createClient(testDb.db);
    const first = await createNotificationForTest(testDb.db, { userId: ana.id, title: "Visit reminder" });
    expect(await changeNotifications(ana.id, { action: "read", ids: [first.notification.id] })).toBe(1);
    const second = await createNotificationForTest(testDb.db, { userId: ana.id, title: "Visit reminder" });
    expect(second.isNew).toBe(true);
    const { notifications, counts } = await loadNotificationPanel(ana.id, "en");
    expect(notifications.map((item) => [item.id, item.status])).toEqual([
      [second.notification.id, "unread"],
      [first.notification.id, "read"],
    ]);
    expect(counts.unread).toBe(1);
  });

  test("the states: unread <-> read, archived leaves the list, deleted is gone; read-all; the unread count follows", async () => {
    const ana = await createClient(testDb.db);
    const ids: string[] = [];
    for (const title of ["A", "B", "C", "D"])
      ids.push((await createNotificationForTest(testDb.db, { userId: ana.id, title })).notification.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    await changeNotifications(ana.id, { action: "read", ids: [a] });
    expect((await loadNotificationPanel(ana.id, "en")).counts.unread).toBe(3);
    // Reading a read one changes nothing; unread brings it back.
    expect(await changeNotifications(ana.id, { action: "read", ids: [a] })).toBe(0);
    await changeNotifications(ana.id, { action: "unread", ids: [a] });
    expect((await loadNotificationPanel(ana.id, "en")).counts.unread).toBe(4);
    await changeNotifications(ana.id, { action: "archive", ids: [b] });
    await changeNotifications(ana.id, { action: "delete", ids: [c] });
    let panel = await loadNotificationPanel(ana.id, "en");
    expect(panel.notifications.map((item) => item.title).toSorted()).toEqual(["A", "D"]);
    expect(panel.counts).toMatchObject({ all: 2, unread: 2 });
    // An archived one cannot be brought back to unread.
    expect(await changeNotifications(ana.id, { action: "unread", ids: [b] })).toBe(0);
    expect(await changeNotifications(ana.id, { action: "read-all" })).toBe(2);
    panel = await loadNotificationPanel(ana.id, "en");
    expect(panel.counts.unread).toBe(0);
    expect(panel.notifications.every((item) => item.status === "read")).toBe(true);
    expect(d).toBeTruthy();
  });

  test("unread again: not beside an identical unread one, and of identical ones asked only the newest", async () => {
    const ana = await createClient(testDb.db);
    const older = await createNotificationForTest(testDb.db, { userId: ana.id, title: "New message from Jordan R." });
    await changeNotifications(ana.id, { action: "read", ids: [older.notification.id] });
    const middle = await createNotificationForTest(testDb.db, { userId: ana.id, title: "New message from Jordan R." });
    expect(middle.isNew).toBe(true);
    // The newer one is unread: it stands for the older, which stays read.
    expect(await changeNotifications(ana.id, { action: "unread", ids: [older.notification.id] })).toBe(0);
    // Both read, both asked back: the newest comes back alone.
    await changeNotifications(ana.id, { action: "read", ids: [middle.notification.id] });
    expect(
      await changeNotifications(ana.id, { action: "unread", ids: [older.notification.id, middle.notification.id] }),
    ).toBe(1);
    const { notifications, counts } = await loadNotificationPanel(ana.id, "en");
    expect(notifications.map((item) => [item.id, item.status])).toEqual([
      [middle.notification.id, "unread"],
      [older.notification.id, "read"],
    ]);
    expect(counts.unread).toBe(1);
  });

  test("nobody changes another person's notifications", async () => {
    const [ana, ben] = [await createClient(testDb.db), await createClient(testDb.db)];
    const anas = await createNotificationForTest(testDb.db, { userId: ana.id, title: "Private" });
    expect(await changeNotifications(ben.id, { action: "delete", ids: [anas.notification.id] })).toBe(0);
    expect(await changeNotifications(ben.id, { action: "read", ids: [anas.notification.id] })).toBe(0);
    expect(await changeNotifications(ben.id, { action: "read-all" })).toBe(0);
    const panel = await loadNotificationPanel(ana.id, "en");
    expect(panel.notifications).toMatchObject([{ id: anas.notification.id, status: "unread" }]);
    expect((await loadNotificationPanel(ben.id, "en")).notifications).toEqual([]);
  });

  test("chip counts cover every notification; each type's newest 100 are listed, and the newest 100 unread", async () => {
    const ana = await createClient(testDb.db);
    for (let n = 0; n < 230; n += 1)
      await createNotificationForTest(testDb.db, {
        userId: ana.id,
        type: n < 115 ? "message" : "schedule",
        title: `N${n}`,
      });
    // The oldest, read, is still listed: one of its type's newest 100.
    const oldest = await createNotificationForTest(testDb.db, { userId: ana.id, type: "order", title: "Oldest" });
    await testDb.db.execute(
      sql`update notifications set created_at = now() - interval '90 days' where id = ${oldest.notification.id}`,
    );
    await changeNotifications(ana.id, { action: "read", ids: [oldest.notification.id] });
    const center = await loadNotificationCenter({ id: ana.id, roles: ["client"] }, "en", { withList: true });
    expect(center.counts).toMatchObject({ all: 231, unread: 230, message: 115, schedule: 115, order: 1 });
    const listed = center.notifications ?? [];
    const byType = (type: string) => listed.filter((item) => item.type === type);
    expect(byType("message")).toHaveLength(100);
    expect(byType("schedule")).toHaveLength(100);
    expect(listed.at(-1)?.title).toBe("Oldest");
    expect(center.realtimeAfter).toBeGreaterThan(0);
    // What every page carries (the root loader): the same counts, no list (docs/decisions/0061-the-notification-list-on-demand.md).
    const everyPage = await loadNotificationCenter({ id: ana.id, roles: ["client"] }, "en", { withList: false });
    expect(everyPage.notifications).toBeNull();
    expect(everyPage.counts).toEqual(center.counts);
    expect(everyPage.unreadMessages).toBe(center.unreadMessages);
    expect(everyPage.realtimeAfter).toBe(center.realtimeAfter);
  });

  test("every page's chrome: an archived notification is not counted, and the stream starts after the newest event", async () => {
    const ana = await createClient(testDb.db);
    const nobody = { id: ana.id, roles: ["client" as const] };
    const empty = await loadNotificationCenter(nobody, "en", { withList: false });
    expect(empty).toMatchObject({ notifications: null, unreadMessages: 0 });
    expect(Object.values(empty.counts).every((count) => count === 0)).toBe(true);
    expect(empty.realtimeAfter).toBe(await latestEventId(ana.id));

    const kept = await createNotificationForTest(testDb.db, { userId: ana.id, type: "order", title: "Kept" });
    const archived = await createNotificationForTest(testDb.db, { userId: ana.id, type: "order", title: "Archived" });
    await changeNotifications(ana.id, { action: "read", ids: [kept.notification.id] });
    await changeNotifications(ana.id, { action: "archive", ids: [archived.notification.id] });
    const everyPage = await loadNotificationCenter(nobody, "en", { withList: false });
    expect(everyPage.counts).toMatchObject({ all: 1, unread: 0, order: 1 });
    expect(everyPage.realtimeAfter).toBe(await latestEventId(ana.id));
    expect(everyPage.realtimeAfter).toBeGreaterThan(empty.realtimeAfter);
  });
});

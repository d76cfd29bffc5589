import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { initAuth } from "~/platform/auth/auth.server";
import { notificationPreferences } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { changeNotifications, loadNotificationPanel } from "~/features/notifications/notifications.server";
import { queueNotification, type NotificationRequest } from "~/features/notifications/notify.server";
import { createTestDatabase, type TestDatabase } from "./db";
import { createDataDir, randomSecret, useTestEnv } from "./env";
import { notificationsOf, queuedNotificationJobs, setLocale } from "./notifications-helpers";

// The rules every notification follows (docs/product-rules.md,
// "Notifications"), whatever event queues it: it exists only if its cause
// committed, in its reader's language; an identical unread one is not added
// twice; the unread count drops only when an unread one leaves unread; a
// person who turned a type off in the app is not shown it there.

/** A new message from Ana B., as messaging queues it. */
const message = (userId: string, preview: string): NotificationRequest => ({
  userId,
  type: "message",
  subtype: "new_message",
  key: "newMessage",
  params: { name: "Ana B.", preview },
  actionUrl: "/dashboard/messages",
});

describe("notification rules", () => {
  let testDb: TestDatabase;
  let removeDataDir: () => Promise<void>;
  beforeAll(async () => {
    const dataDir = await createDataDir();
    removeDataDir = dataDir.remove;
    useTestEnv({ DATA_DIR: dataDir.dir });
    testDb = await createTestDatabase();
    // Emails carry an unsubscribe link signed with the auth secret.
    initAuth(randomSecret());
  });
  afterAll(async () => {
    await testDb?.drop();
    await removeDataDir?.();
  });

  test("queued in a transaction that rolls back, a notification never exists", async () => {
    const user = await createUser(testDb.db);
    await expect(
      testDb.db.transaction(async (tx) => {
        await queueNotification(tx, message(user.id, "Hello"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await queuedNotificationJobs(user.id)).toEqual([]);
    expect(await notificationsOf(user.id)).toEqual([]);

    await testDb.db.transaction((tx) => queueNotification(tx, message(user.id, "Hello")));
    expect(await notificationsOf(user.id)).toHaveLength(1);
  });

  test("the text is written in the reader's language", async () => {
    const english = await createUser(testDb.db);
    const spanish = await createUser(testDb.db);
    await setLocale(spanish.id, "es");
    for (const user of [english, spanish]) await queueNotification(testDb.db, message(user.id, "¿Viene mañana?"));
    expect((await notificationsOf(english.id))[0]).toMatchObject({
      title: "New message from Ana B.",
      message: "¿Viene mañana?",
      actionText: "Reply",
    });
    expect((await notificationsOf(spanish.id))[0]).toMatchObject({
      title: "Nuevo mensaje de Ana B.",
      message: "¿Viene mañana?",
      actionText: "Responder",
    });
  });

  test("the panel words each notification in the language of the page that lists it, the old ones too", async () => {
    const switcher = await createUser(testDb.db);
    await setLocale(switcher.id, "es");
    // A visit reminder: its time is written on the clock where care happens, in the reader's words.
    await queueNotification(testDb.db, {
      userId: switcher.id,
      type: "schedule",
      subtype: "visit_late",
      key: "visitLateFamily",
      params: { caregiverName: "Rosa M.", area: "Austin" },
      times: { when: { at: "2026-12-01T22:38:00.000Z", timeZone: "America/Chicago" } },
      actionUrl: "/dashboard",
    });
    await queueNotification(testDb.db, message(switcher.id, "¿Viene mañana?"));
    expect(await notificationsOf(switcher.id)).toHaveLength(2);
    const titles = async (locale: "en" | "es") =>
      (await loadNotificationPanel(switcher.id, locale)).notifications.map((item) => [item.title, item.actionText]);
    expect(await titles("es")).toEqual([
      ["Nuevo mensaje de Ana B.", "Responder"],
      [expect.stringContaining("4:38 p."), expect.any(String)],
    ]);
    // The same notifications, listed from an English page.
    const english = await titles("en");
    expect(english[0]).toEqual(["New message from Ana B.", "Reply"]);
    expect(english[1]![0]).toContain("4:38 PM CST");
    expect(english[1]![0]).not.toMatch(/p\. ?m\./);

    // One stored before notifications kept their key and values reads as it was stored.
    const [stored] = await notificationsOf(switcher.id);
    await testDb.db.execute(
      sql`update notifications set wording = null, title = 'Texto guardado' where id = ${stored!.id}`,
    );
    expect((await titles("en")).map(([title]) => title)).toContain("Texto guardado");
  });

  test("an identical unread one is not added twice; once read, a new one is; the unread count drops only when an unread one leaves unread", async () => {
    const user = await createUser(testDb.db);
    const unread = async () => (await loadNotificationPanel(user.id, "en")).counts.unread;

    await queueNotification(testDb.db, message(user.id, "First"));
    await queueNotification(testDb.db, message(user.id, "Second"));
    const [only, ...more] = await notificationsOf(user.id);
    expect(more).toEqual([]);
    // The newer message replaces the older one's text and moves it to the top.
    expect(only).toMatchObject({ status: "unread", message: "Second" });
    expect(await unread()).toBe(1);

    expect(await changeNotifications(user.id, { action: "read", ids: [only!.id] })).toBe(1);
    expect(await unread()).toBe(0);
    await queueNotification(testDb.db, message(user.id, "Third"));
    const both = await notificationsOf(user.id);
    expect(both.map((item) => [item.status, item.message])).toEqual([
      ["read", "Second"],
      ["unread", "Third"],
    ]);
    expect(await unread()).toBe(1);
    const fresh = both[1]!;

    // Archiving or deleting a read one, or reading it again, leaves the count alone.
    expect(await changeNotifications(user.id, { action: "read", ids: [only!.id] })).toBe(0);
    expect(await changeNotifications(user.id, { action: "archive", ids: [only!.id] })).toBe(1);
    expect(await unread()).toBe(1);
    expect(await changeNotifications(user.id, { action: "delete", ids: [only!.id] })).toBe(1);
    expect(await unread()).toBe(1);
    // The unread one leaving unread (read, or archived) is what lowers it.
    await changeNotifications(user.id, { action: "read", ids: [fresh.id] });
    expect(await unread()).toBe(0);
    await changeNotifications(user.id, { action: "unread", ids: [fresh.id] });
    expect(await unread()).toBe(1);
    await changeNotifications(user.id, { action: "archive", ids: [fresh.id] });
    expect(await unread()).toBe(0);
  });

  test("a person who turned a type off in the app gets no stored notification of it; other types still arrive", async () => {
    const user = await createUser(testDb.db);
    await testDb.db
      .insert(notificationPreferences)
      .values({ userId: user.id, type: "message", inApp: false, email: false, push: false });
    await queueNotification(testDb.db, message(user.id, "Hello"));
    await queueNotification(testDb.db, {
      userId: user.id,
      type: "system",
      subtype: "welcome",
      key: "welcomeFamily",
      actionUrl: "/request",
    });
    const stored = await notificationsOf(user.id);
    expect(stored.map((item) => item.type)).toEqual(["system"]);
    expect(stored[0]).toMatchObject({ title: "Welcome to Tendly", actionText: "Find care", actionUrl: "/request" });

    await testDb.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    await queueNotification(testDb.db, message(user.id, "Hello again"));
    expect((await notificationsOf(user.id)).map((item) => item.type)).toEqual(["system", "message"]);
  });
});

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import { jobs, userProfiles } from "~/platform/db/schema";
import { createClient } from "~/platform/db/seed/factories.server";
import { SEND_EMAIL_JOB } from "~/platform/email/mailer.server";
import {
  loadDeliverySettings,
  loadQuietHours,
  saveDeliveryPreferences,
  saveQuietHours,
} from "~/features/notifications/delivery-preferences.server";
import { preferencesFromForm, quietHoursFromForm } from "~/features/notifications/delivery-settings.schema";
import { deliverBeyondApp, type Delivery } from "~/features/notifications/delivery.server";
import { loadDeliveryPreferences } from "~/features/notifications/notifications.server";
import { defaultPreferences } from "~/features/notifications/preferences";
import {
  emailUnsubscribeUrl,
  readUnsubscribeLink,
  unsubscribeFromEmails,
} from "~/features/notifications/unsubscribe.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import type { Notification } from "~/utils/notifications";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, clientActor } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

// Notification delivery beyond the app (docs/product-rules.md, "Notification
// delivery"): preferences, the email channel with its unsubscribe link, quiet
// hours, and the dedicated care emails following the email preference.

const setup = useAuthTestSetup();

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: crypto.randomUUID(),
    type: "order",
    title: "Care confirmed",
    message: "Jordan R. confirmed order TN-2026-000123.",
    status: "unread",
    priority: "normal",
    createdAt: new Date().toISOString(),
    actionText: "View order",
    actionUrl: "/dashboard/appointments",
    ...overrides,
  };
}

function delivery(userId: string, overrides: Partial<Delivery> = {}): Delivery {
  return {
    userId,
    locale: "en",
    notification: notification(),
    channels: { inApp: true, email: true, push: true, sms: false },
    emailedSeparately: false,
    ...overrides,
  };
}

/** The email jobs queued for an address, with when they are due. */
async function emailJobsTo(address: string) {
  const rows = await setup.db
    .select({ runAt: jobs.runAt, payload: jobs.payload })
    .from(jobs)
    .where(eq(jobs.name, SEND_EMAIL_JOB));
  return rows.filter((row) => row.payload.to === address);
}

/** The quiet-hours form's issues: each field with its message key. */
const issues = (entries: Record<string, string>) =>
  quietHoursFromForm(entries).error?.issues.map((issue) => [issue.path[0], issue.message]);

describe("delivery preferences", () => {
  test("are saved for every type and read back; untouched people have the defaults", async () => {
    const user = await createClient(setup.db);
    expect(await loadDeliveryPreferences(user.id)).toEqual(defaultPreferences());

    // The form sends ticked boxes only ("order.inApp" read as order: { inApp }): everything else is off.
    const chosen = preferencesFromForm({ order: { inApp: "on", email: "on" }, schedule: { push: "on" } });
    await saveDeliveryPreferences({ actor: user, preferences: chosen });
    const read = await loadDeliveryPreferences(user.id);
    expect(read.order).toEqual({ inApp: true, email: true, push: false, sms: false });
    expect(read.schedule).toEqual({ inApp: false, email: false, push: true, sms: false });
    expect(read.message).toEqual({ inApp: false, email: false, push: false, sms: false });

    // Saving again replaces the choice.
    await saveDeliveryPreferences({ actor: user, preferences: defaultPreferences() });
    expect(await loadDeliveryPreferences(user.id)).toEqual(defaultPreferences());
  });

  test("quiet hours are saved on the person's clock, turned off, and refused when invalid", async () => {
    const user = await createClient(setup.db);
    expect((await loadDeliverySettings({ actor: user })).quietHours).toEqual({
      isOn: false,
      start: "22:00",
      end: "07:00",
      timeZone: null,
    });
    const on = quietHoursFromForm({ quietHours: "on", start: "21:30", end: "06:45", timeZone: "America/Denver" });
    expect(on.success).toBe(true);
    await saveQuietHours({ actor: user, quietHours: on.data! });
    expect((await loadDeliverySettings({ actor: user })).quietHours).toEqual({
      isOn: true,
      start: "21:30",
      end: "06:45",
      timeZone: "America/Denver",
    });

    const off = quietHoursFromForm({ quietHours: "off", timeZone: "America/Denver" });
    await saveQuietHours({ actor: user, quietHours: off.data! });
    expect(await loadQuietHours(user.id)).toEqual({ isOn: false, timeZone: "America/Denver" });

    expect(issues({ quietHours: "on", start: "22:00", end: "22:00", timeZone: "UTC" })).toEqual([
      ["end", "delivery:errors.sameTimes"],
    ]);
    expect(issues({ quietHours: "on", start: "25:00", end: "07:00", timeZone: "UTC" })).toEqual([
      ["start", "delivery:errors.time"],
    ]);
    expect(issues({ quietHours: "off", timeZone: "Mars/Olympus_Mons" })).toEqual([
      ["timeZone", "delivery:errors.timeZone"],
    ]);
  });
});

describe("the email channel", () => {
  let user: Awaited<ReturnType<typeof createClient>>;
  beforeEach(async () => {
    user = await createClient(setup.db);
  });

  test("a notification is emailed in the person's language, with its button and an unsubscribe link", async () => {
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, user.id));
    await deliverBeyondApp(
      delivery(user.id, { locale: "es", notification: notification({ title: "Cuidado confirmado", actionText: "" }) }),
    );
    const email = (await deliveredOutbox()).find((mail) => mail.to === user.email);
    expect(email?.subject).toBe("Cuidado confirmado");
    expect(email?.html).toContain('<html lang="es">');
    expect(email?.text).toContain(`Abrir Tendly: ${setup.env.appUrl}/dashboard/appointments`);
    const link = await emailUnsubscribeUrl(user.id, "order");
    expect(email?.text).toContain(`Cancelar la suscripción: ${link}`);
    expect(email?.html).toContain(link.replace(/&/g, "&amp;"));
    expect(email?.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  test("no email when the person turned email off for the type, or a dedicated email went out", async () => {
    await deliverBeyondApp(delivery(user.id, { channels: { inApp: true, email: false, push: false, sms: false } }));
    await deliverBeyondApp(delivery(user.id, { emailedSeparately: true }));
    expect(await emailJobsTo(user.email)).toEqual([]);
  });

  test("during quiet hours the email waits for their end; an urgent one goes at once", async () => {
    // 23:30 in Chicago (CST): quiet from 22:00 to 07:00, which is 13:00 UTC.
    await saveQuietHours({
      actor: user,
      quietHours: { quietHours: "on", start: "22:00", end: "07:00", timeZone: "America/Chicago" },
    });
    const lateEvening = new Date("2026-01-15T05:30:00Z");
    await deliverBeyondApp(delivery(user.id), lateEvening);
    await deliverBeyondApp(
      delivery(user.id, { notification: notification({ title: "Your caregiver is late", priority: "urgent" }) }),
      lateEvening,
    );
    const queued = await emailJobsTo(user.email);
    const dueOf = (subject: string) => queued.find((job) => job.payload.subject === subject)?.runAt;
    expect(queued).toHaveLength(2);
    expect(dueOf("Care confirmed")?.toISOString()).toBe("2026-01-15T13:00:00.000Z");
    // Urgent: due when it was queued, not at the end of quiet hours.
    expect(Math.abs(dueOf("Your caregiver is late")!.getTime() - Date.now())).toBeLessThan(60_000);

    // Outside quiet hours (noon in Chicago) nothing waits.
    await deliverBeyondApp(
      delivery(user.id, { notification: notification({ title: "At noon" }) }),
      new Date("2026-01-15T18:00:00Z"),
    );
    const noon = (await emailJobsTo(user.email)).find((job) => job.payload.subject === "At noon")!;
    expect(Math.abs(noon.runAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe("unsubscribe links", () => {
  test("a type's link turns email off for that type only, keeping the other channels", async () => {
    const user = await createClient(setup.db);
    const link = new URL(await emailUnsubscribeUrl(user.id, "schedule"));
    const params = Object.fromEntries(link.searchParams);
    expect(link.pathname).toBe("/notifications/unsubscribe");
    expect(params).toEqual({ u: user.id, t: expect.any(String), type: "schedule" });

    // Reading the link changes nothing.
    expect(await readUnsubscribeLink(params)).toMatchObject({ userId: user.id, email: user.email, type: "schedule" });
    expect((await loadDeliveryPreferences(user.id)).schedule.email).toBe(true);

    expect(await unsubscribeFromEmails(params)).toMatchObject({ type: "schedule" });
    const after = await loadDeliveryPreferences(user.id);
    expect(after.schedule).toEqual({ inApp: true, email: false, push: true, sms: false });
    expect(after.order.email).toBe(true);
  });

  test("the link without a type turns off every notification email", async () => {
    const user = await createClient(setup.db);
    await unsubscribeFromEmails(Object.fromEntries(new URL(await emailUnsubscribeUrl(user.id)).searchParams));
    const after = await loadDeliveryPreferences(user.id);
    expect(Object.values(after).map((channels) => channels.email)).toEqual([false, false, false, false, false, false]);
    expect(Object.values(after).every((channels) => channels.inApp && channels.push)).toBe(true);
  });

  test("a tampered, foreign or incomplete link does nothing", async () => {
    const [user, other] = [await createClient(setup.db), await createClient(setup.db)];
    const params = Object.fromEntries(new URL(await emailUnsubscribeUrl(user.id, "order")).searchParams);
    const tries = [
      // Another type with the order link's token.
      { ...params, type: "payment" },
      // Dropping the type would widen the link to every type.
      { u: params.u, t: params.t },
      // Another account with this account's token.
      { ...params, u: other.id },
      // A changed token.
      { ...params, t: `${params.t!.slice(0, -2)}AA` },
      { ...params, t: "" },
      { ...params, type: "everything" },
      {},
    ];
    const read = await Promise.all(tries.map((attempt) => readUnsubscribeLink(attempt)));
    const used = await Promise.all(tries.map((attempt) => unsubscribeFromEmails(attempt)));
    expect(read).toEqual(tries.map(() => null));
    expect(used).toEqual(tries.map(() => null));
    expect(await loadDeliveryPreferences(user.id)).toEqual(defaultPreferences());
    expect(await loadDeliveryPreferences(other.id)).toEqual(defaultPreferences());
  });
});

describe("dedicated care emails follow the email preference", () => {
  test("a family that turned order emails off gets no 'request received' email; others get it with the link", async () => {
    const quiet = await clientActor(setup.db);
    const loud = await clientActor(setup.db);
    await saveDeliveryPreferences({
      actor: quiet,
      preferences: { ...defaultPreferences(), order: { inApp: true, email: false, push: true, sms: false } },
    });
    const [{ orderNumber: quietOrder }, { orderNumber: loudOrder }] = [
      await submitCareRequest({ actor: quiet, request: careRequestInput() }),
      await submitCareRequest({ actor: loud, request: careRequestInput() }),
    ];
    const outbox = await deliveredOutbox();
    expect(outbox.filter((mail) => mail.to === quiet.email)).toEqual([]);
    const received = outbox.find((mail) => mail.to === loud.email && mail.subject.includes(loudOrder));
    expect(received, "request received email").toBeDefined();
    expect(quietOrder).not.toBe(loudOrder);
    const link = await emailUnsubscribeUrl(loud.id, "order");
    expect(received!.text).toContain(link);
    expect(received!.headers?.["List-Unsubscribe"]).toBe(`<${link}>`);
  });
});

/** What React Router hands a route's loader or action. */
function routeArgs(url: string, init?: RequestInit) {
  return { request: new Request(url, init), url: new URL(url), params: {}, context: {} };
}

describe("the unsubscribe page", () => {
  test("opening the link changes nothing; a mail client's one-click POST (RFC 8058) unsubscribes", async () => {
    const { action, loader } = await import("~/routes/public/notifications-unsubscribe");
    const user = await createClient(setup.db);
    const link = await emailUnsubscribeUrl(user.id, "payment");
    const shown = await loader(routeArgs(link) as never);
    expect(shown).toMatchObject({
      link: { email: user.email, type: "payment" },
      settingsPath: "/dashboard/settings?tab=notifications",
    });
    expect((await loadDeliveryPreferences(user.id)).payment.email).toBe(true);

    const oneClick = await action(
      routeArgs(link, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }) as never,
    );
    expect(oneClick).toEqual({ ok: true });
    expect((await loadDeliveryPreferences(user.id)).payment.email).toBe(false);

    const forged = await action(
      routeArgs(link.replace("type=payment", "type=order"), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      }) as never,
    );
    expect(forged).toEqual({ ok: false });
    expect((await loadDeliveryPreferences(user.id)).order.email).toBe(true);
  });
});

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { caregiverEarnings, invoiceLines, invoices, orders, visitEvents, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import { quoteSnapshotOf } from "~/features/billing/invoice-math";
import { editVisitTimes } from "~/features/evv/edit-visit-times.server";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { getCareSettings, updateCareSettings } from "~/features/visits/care-settings.server";
import { recordCheck, type CheckInput } from "~/features/visits/check-in.server";
import type { Verification } from "~/features/visits/visit-rules";
import { roundCents } from "~/utils/money";
import { formatInZone } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { bookCare, minutesAfter, type BookedCare } from "./visit-helpers";

// A visit cannot be faked short (docs/product-rules.md, "Visits: time worked, short visits and the minimum
// charge"): a check-out before the start or far short of the booked time needs the caregiver's reason, is an EVV
// exception with it, and is invoiced and paid for the time worked with the minimum charge.

const setup = useAuthTestSetup();
const GPS_OFF: Verification = { method: "reason", reason: "GPS is off" };

let admin: { id: string; roles: "admin"[] };
beforeAll(async () => {
  admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
});

/** A check by the booked caregiver `minutes` after the visit's start (negative: before), heard at once. */
function check(care: BookedCare, kind: CheckInput["kind"], minutes: number, shortReason?: string): CheckInput {
  const occurredAt = minutesAfter(care.visit.startsAt, minutes);
  return {
    actor: { id: care.caregiver.id },
    visitId: care.visit.id,
    kind,
    clientEventId: randomUUID(),
    occurredAt,
    verification: GPS_OFF,
    shortReason,
    now: occurredAt,
  };
}

async function visitRow(visitId: string) {
  const [row] = await setup.db.select().from(visits).where(eq(visits.id, visitId));
  return row!;
}

/** The order's hourly rate and the caregiver's share, from the quote it was booked at. */
async function pricingOf(orderId: string) {
  const [order] = await setup.db.select({ quote: orders.quote }).from(orders).where(eq(orders.id, orderId));
  const snapshot = quoteSnapshotOf(order!.quote);
  return { rateCents: snapshot.hourlyRateCents, payPercent: snapshot.pricing.caregiverPayPercent };
}

async function invoicedVisit(care: BookedCare) {
  const [invoice] = await setup.db.select().from(invoices).where(eq(invoices.orderId, care.orderId));
  const [line] = await setup.db.select().from(invoiceLines).where(eq(invoiceLines.visitId, care.visit.id));
  const [earning] = await setup.db.select().from(caregiverEarnings).where(eq(caregiverEarnings.visitId, care.visit.id));
  return { invoice: invoice!, line: line!, earning: earning! };
}

describe("a check-out before the start (the one-minute visit)", () => {
  let care: BookedCare;
  beforeAll(async () => {
    care = await bookCare(setup.db, { lastName: "Short" });
    // Checked in 13 minutes before a 4-hour visit's start, as the check-in window allows.
    await recordCheck(check(care, "check_in", -13));
  });

  test("is refused without a reason, saying why, and changes nothing", async () => {
    await expect(recordCheck(check(care, "check_out", -12))).rejects.toMatchObject({
      code: "invalid",
      reason: "short-reason-needed",
      field: "shortReason",
      ref: { key: "visits:refusal.shortBeforeStart" },
    });
    await expect(recordCheck(check(care, "check_out", -12, "   "))).rejects.toMatchObject({
      reason: "short-reason-needed",
    });
    expect(await visitRow(care.visit.id)).toMatchObject({ status: "checked_in", checkedOutAt: null });
  });

  test("is accepted with a reason, which is kept and makes it a short-visit exception for admins", async () => {
    const result = await recordCheck(check(care, "check_out", -12, "The family sent me home: a relative came."));
    expect(result.visitStatus).toBe("completed");
    const [event] = await setup.db
      .select()
      .from(visitEvents)
      .where(eq(visitEvents.visitId, care.visit.id))
      .orderBy(visitEvents.id)
      .offset(1);
    expect(event).toMatchObject({ kind: "check_out", shortReason: "The family sent me home: a relative came." });

    const list = await listVisitExceptions({ actor: admin, kind: "short_visit" });
    expect(list.exceptions.find((row) => row.visitId === care.visit.id)).toMatchObject({
      kinds: ["short_visit"],
      shortReason: "The family sent me home: a relative came.",
      workedMinutes: 1,
      bookedMinutes: 240,
    });
    const all = await listVisitExceptions({ actor: admin });
    expect(all.exceptions.some((row) => row.visitId === care.visit.id)).toBe(true);
  });

  test("is invoiced and paid the minimum charge, not the booked hours", async () => {
    const settings = await getCareSettings();
    expect(settings.minimumChargeMinutes).toBe(60);
    await issueInvoices({ orderId: care.orderId });
    const { invoice, line, earning } = await invoicedVisit(care);
    const { rateCents, payPercent } = await pricingOf(care.orderId);
    expect(line.amountCents).toBe(rateCents);
    expect(invoice.subtotalCents).toBe(rateCents);
    expect(line.figures).toMatchObject({ minutes: 1, billedMinutes: 60, isShort: true, workedMinutes: 1 });
    expect(earning).toMatchObject({ minutes: 60, amountCents: roundCents((rateCents * payPercent) / 100) });
  });
});

describe("a visit far shorter than booked", () => {
  test("needs a reason under the threshold's share of the booked time, and is billed the minutes worked", async () => {
    const care = await bookCare(setup.db, { lastName: "Early" });
    await recordCheck(check(care, "check_in", 0));
    // 150 of 240 minutes (62 %) is under the 75 % threshold.
    await expect(recordCheck(check(care, "check_out", 150))).rejects.toMatchObject({
      reason: "short-reason-needed",
      ref: { key: "visits:refusal.shortReasonNeeded" },
    });
    await recordCheck(check(care, "check_out", 150, "Client went to the hospital."));
    await issueInvoices({ orderId: care.orderId });
    const { line, earning } = await invoicedVisit(care);
    const { rateCents, payPercent } = await pricingOf(care.orderId);
    expect(line.amountCents).toBe(roundCents((rateCents * 150) / 60));
    expect(earning).toMatchObject({ minutes: 150, amountCents: roundCents((line.amountCents * payPercent) / 100) });
  });

  test("a check-out at the threshold or later needs no reason and is no exception", async () => {
    const care = await bookCare(setup.db, { lastName: "Full" });
    await recordCheck(check(care, "check_in", 0));
    const result = await recordCheck(check(care, "check_out", 180));
    expect(result.visitStatus).toBe("completed");
    const list = await listVisitExceptions({ actor: admin, kind: "short_visit" });
    expect(list.exceptions.some((row) => row.visitId === care.visit.id)).toBe(false);
  });

  test("the threshold is the admin's setting", async () => {
    const saved = await getCareSettings();
    await updateCareSettings({ actor: admin, values: { ...saved, shortVisitPercent: 90 } });
    try {
      const care = await bookCare(setup.db, { lastName: "Strict" });
      await recordCheck(check(care, "check_in", 0));
      await expect(recordCheck(check(care, "check_out", 200))).rejects.toMatchObject({
        reason: "short-reason-needed",
      });
    } finally {
      await updateCareSettings({ actor: admin, values: saved });
    }
  });
});

describe("an admin's corrected times", () => {
  test("are what a short visit is billed for", async () => {
    const care = await bookCare(setup.db, { lastName: "Corrected" });
    await recordCheck(check(care, "check_in", 0));
    await recordCheck(check(care, "check_out", 5, "Phone died, I stayed until the end."));
    const local = (minutes: number) =>
      formatInZone(minutesAfter(care.visit.startsAt, minutes), "America/Chicago", "yyyy-MM-dd'T'HH:mm");
    await editVisitTimes({
      actor: admin,
      visitId: care.visit.id,
      checkedInAt: local(0),
      checkedOutAt: local(240),
      reason: "The family confirmed the caregiver stayed four hours.",
      now: minutesAfter(care.visit.startsAt, 300),
    });
    await issueInvoices({ orderId: care.orderId });
    const { line, earning } = await invoicedVisit(care);
    const { rateCents } = await pricingOf(care.orderId);
    expect(line.amountCents).toBe(rateCents * 4);
    expect(line.figures).toMatchObject({ isShort: false, isTimesEdited: true });
    expect(earning.minutes).toBe(240);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import {
  caregiverApplicationDrafts,
  caregiverCredentials,
  caregiverEarnings,
  caregiverProfiles,
  invoices,
  invoiceLines,
  payouts,
  reviews,
  supportTickets,
  visits,
} from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { AuditQuerySchema, listAuditEvents } from "~/features/audit/audit-log.server";
import { inviteAdmin, listPendingInvites, revokeAdminInvite } from "~/features/admin/invites.server";
import { giveCredit } from "~/features/billing/credits.server";
import { savePaymentInstructions } from "~/features/billing/payment-instructions.server";
import { recordPayment, voidInvoice } from "~/features/billing/record-payment.server";
import { refundInvoice } from "~/features/billing/refunds.server";
import {
  applyDecision,
  saveReferenceNotes,
  sendPreAdverseNotice,
  setBackgroundCheck,
} from "~/features/caregiver-vetting/vetting.server";
import { createPayoutBatch, markBatchPaid, markPayoutFailed, markPayoutPaid } from "~/features/earnings/payouts.server";
import { editVisitTimes } from "~/features/evv/edit-visit-times.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { createPromoCode, deactivatePromoCode, updatePricing } from "~/features/pricing/admin-pricing.server";
import { PricingFormSchema, PromoFormSchema } from "~/features/pricing/pricing.schema";
import { hideReview, unhideReview } from "~/features/reviews/hide-review.server";
import { closeSupportTicket } from "~/features/support/contact.server";
import { getCareSettings } from "~/features/visits/public.server";
import { updateCareSettings } from "~/features/visits/care-settings.server";
import {
  createTrainingModule,
  requireModuleByDate,
  updateTrainingModule,
} from "~/features/training/admin-training.server";
import { ModuleFormSchema } from "~/features/training/training.schema";
import { verifyCredential } from "~/features/credentials/credentials.server";
import { ADMIN_ACTIONS } from "../support/admin-actions";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { bookedVisit } from "./evv-helpers";

// Every admin action of tests/support/admin-actions.ts, performed through the feature function its route
// action calls, then found in the audit log viewer's query by its event type and the admin who acted
// (docs/product-rules.md, "Audit log").

const setup = useAuthTestSetup();
type Admin = { id: string; email: string; name: string; roles: "admin"[] };
let admin: Admin;
const request = (path: string) => appRequest(path, { headers: { "user-agent": "Audit walk" } });

let counter = 0;
/** A caregiver whose application is submitted, pending review, with two references. */
async function applicant() {
  counter += 1;
  const user = await createUser(setup.db, { roles: ["caregiver"], firstName: "Walk", lastName: `Applicant${counter}` });
  await setup.db.insert(caregiverProfiles).values({
    userId: user.id,
    slug: `walk-applicant-${counter}-${user.id.slice(0, 6)}`,
    firstName: "Walk",
    lastName: `Applicant${counter}`,
    city: "Chicago",
    state: "IL",
    caregiverStatus: "pending",
  });
  await setup.db.insert(caregiverApplicationDrafts).values({
    userId: user.id,
    currentStep: 6,
    submittedAt: new Date(),
    data: {
      background: {
        backgroundCheckConsent: true,
        informationConfirmation: true,
        references: [{ name: "Dana Hill", relationship: "Former employer", contact: "dana@example.test" }],
      },
    },
  });
  return { actor: admin, caregiverId: user.id, request: request(`/admin/caregivers/${user.id}`) };
}

/** A due invoice of $200 on a freshly booked order, as issuing would leave it. */
async function dueInvoice() {
  const booked = await bookedVisit(setup.db);
  const [invoice] = await setup.db
    .insert(invoices)
    .values({
      orderId: booked.orderId,
      clientId: booked.client.id,
      periodStart: "2026-12-07",
      periodEnd: "2026-12-07",
      subtotalCents: 20_000,
      totalCents: 20_000,
      dueAt: new Date(Date.now() + 14 * 86_400_000),
    })
    .returning();
  await setup.db
    .insert(invoiceLines)
    .values({ invoiceId: invoice!.id, position: 1, kind: "visit", visitId: booked.visitId, amountCents: 20_000 });
  return { ...booked, invoice: invoice! };
}

/** A payout batch of three caregivers' completed visits (worked 2026-11-02). */
async function payoutBatch() {
  for (let index = 0; index < 3; index++) {
    const booked = await bookedVisit(setup.db);
    const endsAt = new Date("2026-11-02T19:00:00Z");
    await setup.db
      .update(visits)
      .set({
        status: "completed",
        startsAt: new Date(endsAt.getTime() - 4 * 3_600_000),
        endsAt,
        checkedInAt: new Date(endsAt.getTime() - 4 * 3_600_000),
        checkedOutAt: endsAt,
      })
      .where(eq(visits.id, booked.visitId));
    await setup.db.insert(caregiverEarnings).values({
      caregiverId: booked.caregiver.id,
      visitId: booked.visitId,
      orderId: booked.orderId,
      workedAt: endsAt,
      workedOn: "2026-11-02",
      minutes: 240,
      payRateCents: 2000,
      amountCents: 8000,
    });
  }
}

/** Each admin action, as its route action performs it. */
const STEPS: Record<string, () => Promise<unknown>> = {
  "caregiver:background-check": async () => setBackgroundCheck({ ...(await applicant()), status: "clear" }),
  "caregiver:decision": async () => {
    const change = await applicant();
    await setBackgroundCheck({ ...change, status: "clear" });
    return applyDecision({ ...change, decision: "approve", reason: "" });
  },
  "caregiver:pre-adverse-notice": async () => {
    const change = await applicant();
    await setBackgroundCheck({ ...change, status: "consider" });
    return sendPreAdverseNotice(change);
  },
  "caregiver:reference-notes": async () =>
    saveReferenceNotes({ ...(await applicant()), referenceIndex: 0, notes: "Reached by phone." }),
  "caregiver:hide-review": async () => {
    const booked = await bookedVisit(setup.db);
    const [review] = await setup.db
      .insert(reviews)
      .values({ orderId: booked.orderId, clientId: booked.client.id, caregiverId: booked.caregiver.id, rating: 5 })
      .returning();
    const moderation = {
      actor: admin,
      caregiverId: booked.caregiver.id,
      reviewId: review!.id,
      request: request(`/admin/caregivers/${booked.caregiver.id}`),
    };
    await hideReview({ ...moderation, reason: "Shares a phone number" });
    reviewToShow = moderation;
  },
  "caregiver:show-review": async () => unhideReview(reviewToShow!),
  "invoice:payment": async () => {
    const { invoice } = await dueInvoice();
    paidInvoice = invoice.invoiceNumber;
    return recordPayment({
      actor: admin,
      invoiceNumber: invoice.invoiceNumber,
      amountCents: 5000,
      method: "check",
      request: request(`/admin/billing/${invoice.invoiceNumber}`),
    });
  },
  "invoice:refund": async () =>
    refundInvoice({
      actor: admin,
      invoiceNumber: paidInvoice!,
      amountCents: 1000,
      method: "check",
      reason: "Charged twice for parking",
      request: request(`/admin/billing/${paidInvoice}`),
    }),
  "invoice:credit": async () => {
    const { client } = await bookedVisit(setup.db);
    return giveCredit({
      actor: admin,
      clientId: client.id,
      amountCents: 500,
      reason: "Goodwill",
      request: request("/admin/billing"),
    });
  },
  "invoice:void": async () => {
    const { invoice } = await dueInvoice();
    return voidInvoice({
      actor: admin,
      invoiceNumber: invoice.invoiceNumber,
      reason: "Issued twice",
      request: request("/admin/billing"),
    });
  },
  "billing:payment-instructions": async () =>
    savePaymentInstructions({
      actor: admin,
      values: {
        payeeName: "Tendly Care LLC",
        bankName: "First Bank",
        accountNumber: "000123456789",
        routingNumber: "071000013",
        mailingAddress: "",
        note: "",
      },
      request: request("/admin/billing"),
    }),
  "order:cancel": async () => {
    const client = await clientActor(setup.db);
    const { orderId } = await submitCareRequest({ actor: client, request: oneTimeRequest(upcomingMonday()) });
    return cancelOrder({
      actor: admin,
      orderId,
      reason: "The family called to cancel",
      as: "admin",
      request: request("/admin/orders"),
    });
  },
  "order:assign": async () => {
    const client = await clientActor(setup.db);
    const caregiver = await caregiverNear(setup.db);
    const { orderId } = await submitCareRequest({ actor: client, request: oneTimeRequest(upcomingMonday(2)) });
    return assignCaregiver({
      actor: admin,
      orderId,
      caregiverId: caregiver.id,
      reason: "She knows the family",
      request: request(`/admin/orders/${orderId}`),
    });
  },
  "payouts:create-batch": async () => {
    await payoutBatch();
    const batch = await createPayoutBatch({
      actor: admin,
      throughDate: "2026-11-02",
      request: request("/admin/payouts"),
    });
    batchPayouts = (
      await setup.db.select({ id: payouts.id }).from(payouts).where(eq(payouts.batchId, batch.batchId))
    ).map((row) => row.id);
    batchId = batch.batchId;
  },
  "payouts:mark-paid": async () =>
    markPayoutPaid({ actor: admin, payoutId: batchPayouts[0]!, request: request("/admin/payouts") }),
  "payouts:mark-failed": async () =>
    markPayoutFailed({
      actor: admin,
      payoutId: batchPayouts[1]!,
      reason: "Account closed",
      request: request("/admin/payouts"),
    }),
  "payouts:mark-batch-paid": async () =>
    markBatchPaid({ actor: admin, batchId: batchId!, request: request("/admin/payouts") }),
  "pricing:pricing": async () =>
    updatePricing({
      actor: admin,
      values: PricingFormSchema.parse({
        "rate_personal-care": "34",
        rate_companionship: "34",
        rate_housekeeping: "28",
        "rate_meal-preparation": "29",
        rate_transportation: "30",
        caregiverPayPercent: "70",
        weekendMultiplier: "1.25",
        overnightMultiplier: "1.5",
        minimumHoursPerVisit: "3",
        platformFeePercent: "5",
      }),
      request: request("/admin/pricing"),
    }),
  "credentials:verify": async () => {
    const caregiver = await caregiverNear(setup.db, { lastName: "Credential" });
    const [credential] = await setup.db
      .insert(caregiverCredentials)
      .values({ caregiverId: caregiver.id, kind: "cpr", expiresOn: "2030-01-31" })
      .returning({ id: caregiverCredentials.id });
    return verifyCredential({ actor: admin, credentialId: credential!.id, request: request("/admin/credentials") });
  },
  "pricing:create-promo": async () => {
    const values = PromoFormSchema.parse({
      code: "WALK-10",
      kind: "percent",
      amount: "10",
      validFrom: "",
      validUntil: "",
      usageCap: "",
    });
    promoId = (await createPromoCode({ actor: admin, values, request: request("/admin/pricing") })).id;
  },
  "pricing:deactivate-promo": async () =>
    deactivatePromoCode({ actor: admin, promoId: promoId!, request: request("/admin/pricing") }),
  "settings:care-settings": async () =>
    updateCareSettings({ actor: admin, values: await getCareSettings(), request: request("/admin/settings") }),
  "support:close": async () => {
    const [ticket] = await setup.db
      .insert(supportTickets)
      .values({ name: "Rosa", email: "rosa@example.test", topic: "care", message: "Help, please." })
      .returning();
    return closeSupportTicket({ actor: admin, ticketId: ticket!.id, request: request("/admin/support") });
  },
  "training-module:create": async () => {
    trainingModuleId = (
      await createTrainingModule({ actor: admin, input: trainingModule(), request: request("/admin/training/new") })
    ).id;
  },
  "training-module:update": async () =>
    updateTrainingModule({
      actor: admin,
      moduleId: trainingModuleId!,
      input: trainingModule({ passMark: 50 }),
      request: request(`/admin/training/${trainingModuleId}`),
    }),
  "training:require": async () =>
    requireModuleByDate({
      actor: admin,
      moduleId: trainingModuleId!,
      // Ten days from now, as the form's date field sends it.
      date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      request: request("/admin/training"),
    }),
  "users:invite": async () =>
    inviteAdmin({ email: "walk-invitee@example.test", actor: admin, request: request("/admin/users") }),
  "users:revoke": async () => {
    const [invite] = (await listPendingInvites()).filter((entry) => entry.email === "walk-invitee@example.test");
    return revokeAdminInvite({ inviteId: invite!.id, actor: admin, request: request("/admin/users") });
  },
  "visits:edit-times": async () => {
    const booked = await bookedVisit(setup.db);
    await setup.db
      .update(visits)
      .set({
        status: "checked_in",
        startsAt: new Date("2026-11-02T15:00:00Z"),
        endsAt: new Date("2026-11-02T19:00:00Z"),
        checkedInAt: new Date("2026-11-02T15:05:00Z"),
      })
      .where(eq(visits.id, booked.visitId));
    return editVisitTimes({
      actor: admin,
      visitId: booked.visitId,
      checkedInAt: "2026-11-02T09:00",
      checkedOutAt: "2026-11-02T13:00",
      reason: "Forgot to check out",
      request: request("/admin/visits"),
    });
  },
};

let trainingModuleId: string | undefined;
/** A module written as an admin would in the module form. */
const trainingModule = (changes: { passMark?: number } = {}) =>
  ModuleFormSchema.parse({
    titleEn: "Walk module",
    titleEs: "Módulo del recorrido",
    summaryEn: "A module made by the audit walk.",
    summaryEs: "Un módulo hecho por el recorrido de auditoría.",
    readingEn: "Read this.",
    readingEs: "Lea esto.",
    questionsEn: "Is this a test?\n* Yes\n- No",
    questionsEs: "¿Es una prueba?\n* Sí\n- No",
    passMark: 100,
    ...changes,
  });
let reviewToShow: Parameters<typeof unhideReview>[0] | undefined;
let paidInvoice: string | undefined;
let batchPayouts: string[] = [];
let batchId: string | undefined;
let promoId: string | undefined;

beforeAll(async () => {
  const user = await createUser(setup.db, { roles: ["admin"], firstName: "Walker", lastName: "Admin" });
  admin = { id: user.id, email: user.email, name: "Walker Admin", roles: ["admin"] };
});

const walked = Object.entries(ADMIN_ACTIONS).flatMap(([action, entry]) =>
  "event" in entry && !("walkedIn" in entry) ? [{ action, event: entry.event }] : [],
);

describe("every admin action shows in the audit log", () => {
  test("the walk has a step for every listed action", () => {
    expect(walked.map(({ action }) => action).filter((action) => !STEPS[action])).toEqual([]);
  });

  // In the list's order: some steps use what an earlier one made (the refund, the review, the batch, the promo).
  test.each(walked)("$action writes $event", async ({ action, event }) => {
    const query = AuditQuerySchema.parse({ type: event, user: admin.id });
    const before = (await listAuditEvents({ actor: admin, query })).total;
    await STEPS[action]!();
    const after = await listAuditEvents({ actor: admin, query });
    expect(after.total).toBeGreaterThan(before);
    expect(after.rows[0]).toMatchObject({
      eventType: event,
      userId: admin.id,
      actorName: "Walker Admin",
      userAgent: "Audit walk",
    });
  });
});

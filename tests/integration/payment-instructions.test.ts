import { and, desc, eq, sql } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { describe, expect, test } from "vitest";
import { auditEvents, invoices, paymentInstructions } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { getFamilyInvoice, invoiceForReader } from "~/features/billing/family-billing.server";
import { renderInvoicePdf } from "~/features/billing/invoice-pdf.server";
import { issueInvoices } from "~/features/billing/issue-invoices.server";
import type { PaymentInstructions } from "~/features/billing/payment-instructions";
import {
  getPaymentInstructions,
  getPaymentInstructionsForAdmin,
  savePaymentInstructions,
} from "~/features/billing/payment-instructions.server";
import type { Locale } from "~/i18n/config";
import { validationText } from "~/i18n/i18n.server";
import { paymentInstructionsAction } from "~/routes/admin/billing.server";
import { getEnv, setEnvForTesting } from "~/utils/env.server";
import { useAuthTestSetup } from "./auth-env";
import { bookedVisit, hoursAgo, setVisit } from "./evv-helpers";

// Payment instructions (docs/product-rules.md, "How to pay an invoice"; docs/decisions/0031-payment-instructions.md)
// on real SQL: missing until an admin saves them (the family is told to write to support); saved only by an
// admin, through the form's schema, in both languages; each change audited with who and which fields; part
// of the invoice's read model and written in its PDF; nothing about paying on a settled invoice.

const setup = useAuthTestSetup();

const INSTRUCTIONS: PaymentInstructions = {
  payeeName: "Tendly Care LLC",
  bankName: "First Prairie Bank",
  accountNumber: "000123456789",
  routingNumber: "071000013",
  mailingAddress: "Tendly Care LLC\n200 W Adams St, Suite 500\nChicago, IL 60606",
  note: "Payments are recorded within two business days.",
};

async function adminActor() {
  return { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin" as const] };
}

/** A completed visit's invoice, issued as the job would, for a family of its own. */
async function issuedInvoice() {
  const care = await bookedVisit(setup.db);
  const startsAt = hoursAgo(30);
  await setVisit(setup.db, care.visitId, startsAt, {
    status: "completed",
    checkedInAt: startsAt,
    checkedOutAt: new Date(startsAt.getTime() + 4 * 3_600_000),
  });
  const [issued] = await issueInvoices({ orderId: care.orderId });
  return { care, invoiceNumber: issued!.invoiceNumber, invoiceId: issued!.invoiceId };
}

async function pdfTextOf(invoice: Awaited<ReturnType<typeof getFamilyInvoice>>, locale: Locale) {
  const pdf = await renderInvoicePdf({ invoice, locale, clientName: "Nora Test" });
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    // Lines wrap where the page's width says: read the text as one run of words.
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

const auditRows = () =>
  setup.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.category, "billing"), eq(auditEvents.eventType, "billing_payment_instructions_saved")))
    .orderBy(desc(auditEvents.id));

/** The form posted to /admin/billing with `values`. */
const postOf = (values: Record<string, string>) =>
  new Request("http://localhost/admin/billing", {
    method: "POST",
    headers: { "user-agent": "integration" },
    body: new URLSearchParams({ intent: "payment-instructions", ...values }),
  });

/** The field errors of a refused form (message keys, the page words them), worded in `locale`. */
const wordedErrors = (answer: { result?: { error?: Record<string, string[] | null> | null } } | null, locale: Locale) =>
  Object.fromEntries(
    Object.entries(answer?.result?.error ?? {}).map(([field, messages]) => [
      field,
      validationText(locale, messages![0]!),
    ]),
  );

// The tests share the one row of instructions: they run in order, as written.
describe("payment instructions", () => {
  test("until an admin saves them: missing for the admin, and the family's invoice and PDF say to write to support", async () => {
    const admin = await adminActor();
    expect(await getPaymentInstructionsForAdmin({ actor: admin })).toEqual({ instructions: null, history: [] });
    const { care, invoiceNumber } = await issuedInvoice();
    const view = await getFamilyInvoice({ actor: care.client, invoiceNumber });
    expect(view.howToPay).toEqual({
      kind: "ask-support",
      supportEmail: getEnv().SUPPORT_EMAIL,
      reference: invoiceNumber,
    });
    const text = await pdfTextOf(view, "en");
    expect(text).toContain("How to pay");
    expect(text).toContain(`write to ${getEnv().SUPPORT_EMAIL} with the reference ${invoiceNumber}`);
    expect(await pdfTextOf(view, "es")).toContain(
      `escriba a ${getEnv().SUPPORT_EMAIL} con la referencia ${invoiceNumber}`,
    );
  });

  test("the form's action refuses what is missing or too long, in the admin's language, and saves nothing", async () => {
    const admin = await adminActor();
    const refused = await paymentInstructionsAction(
      admin,
      postOf({ payeeName: " ", accountNumber: "123", note: "x".repeat(501) }),
      "en",
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data?.ok).toBe(false);
    expect(wordedErrors(refused.data, "en")).toEqual({
      payeeName: "Enter the name payments are made out to.",
      bankName: "Enter the name of the bank that holds this account.",
      note: "Keep the note to 500 characters or fewer.",
    });
    const enEspañol = await paymentInstructionsAction(admin, postOf({ payeeName: "Tendly" }), "es");
    expect(enEspañol.data?.ok).toBe(false);
    expect(wordedErrors(enEspañol.data, "es")).toEqual({
      accountNumber: "Indique un número de cuenta para transferencias o una dirección postal para cheques.",
    });
    expect(await getPaymentInstructions()).toBeNull();
    expect(await auditRows()).toHaveLength(0);
  });

  test("only an admin reads or saves them", async () => {
    const { care } = await issuedInvoice();
    await expect(savePaymentInstructions({ actor: care.client, values: INSTRUCTIONS })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(getPaymentInstructionsForAdmin({ actor: care.client })).rejects.toMatchObject({ code: "forbidden" });
    await expect(
      savePaymentInstructions({ actor: { id: care.caregiver.id, roles: ["caregiver"] }, values: INSTRUCTIONS }),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(await getPaymentInstructions()).toBeNull();
  });

  test("an admin saves them: stored, audited with who and which fields; the same again writes nothing; a change names its field and what it was", async () => {
    const admin = await adminActor();
    const saved = await paymentInstructionsAction(admin, postOf({ ...INSTRUCTIONS }), "en");
    expect(saved.data).toEqual({ ok: true, isUnchanged: false });
    expect(await getPaymentInstructions()).toEqual(INSTRUCTIONS);
    const [row] = await setup.db.select().from(paymentInstructions);
    expect(row!.updatedBy).toBe(admin.id);

    const [first] = await auditRows();
    expect(first).toMatchObject({ userId: admin.id, userAgent: "integration" });
    expect(first!.metadata).toMatchObject({ changed: Object.keys(INSTRUCTIONS), previous: null });

    const again = await savePaymentInstructions({ actor: admin, values: INSTRUCTIONS });
    expect(again.changed).toEqual([]);
    expect(await auditRows()).toHaveLength(1);

    const other = await adminActor();
    await savePaymentInstructions({
      actor: other,
      values: { ...INSTRUCTIONS, accountNumber: "GB33BUKB20201555555555" },
    });
    const [latest] = await auditRows();
    expect(latest).toMatchObject({ userId: other.id });
    expect(latest!.metadata).toMatchObject({ changed: ["accountNumber"], previous: { accountNumber: "000123456789" } });

    const forAdmin = await getPaymentInstructionsForAdmin({ actor: admin });
    expect(forAdmin.instructions?.accountNumber).toBe("GB33BUKB20201555555555");
    expect(forAdmin.history.map((change) => change.changed)).toEqual([["accountNumber"], Object.keys(INSTRUCTIONS)]);
    expect(forAdmin.history[0]!.byName).toBeTruthy();
    // Back to the first account for the tests that follow.
    await savePaymentInstructions({ actor: admin, values: INSTRUCTIONS });
  });

  test("the database refuses what the form would: no way to pay, text over its limit", async () => {
    await expect(
      setup.db.update(paymentInstructions).set({ accountNumber: "", mailingAddress: "" }),
    ).rejects.toMatchObject({
      cause: { constraint: "payment_instructions_a_way_to_pay_check" },
    });
    await expect(setup.db.update(paymentInstructions).set({ note: "x".repeat(501) })).rejects.toMatchObject({
      cause: { constraint: "payment_instructions_lengths_check" },
    });
    await expect(
      setup.db.insert(paymentInstructions).values({ id: 2, payeeName: "Other", mailingAddress: "PO Box 1" }),
    ).rejects.toMatchObject({ cause: { constraint: "payment_instructions_single_row" } });
    expect(await getPaymentInstructions()).toEqual(INSTRUCTIONS);
  });

  test("an owed invoice carries them with its number as the reference, on the page's read and in the PDF, both languages", async () => {
    const { care, invoiceNumber } = await issuedInvoice();
    const view = await getFamilyInvoice({ actor: care.client, invoiceNumber });
    expect(view.howToPay).toEqual({ kind: "instructions", instructions: INSTRUCTIONS, reference: invoiceNumber });
    const en = await pdfTextOf(view, "en");
    for (const expected of [
      "How to pay",
      "Pay to: Tendly Care LLC",
      "Bank: First Prairie Bank",
      "Account number: 000123456789",
      "Routing number: 071000013",
      "200 W Adams St, Suite 500",
      "Chicago, IL 60606",
      "Payments are recorded within two business days.",
      `Reference: ${invoiceNumber}`,
    ])
      expect(en).toContain(expected);
    const es = await pdfTextOf(view, "es");
    expect(es).toContain("Cómo pagar");
    expect(es).toContain("Pagar a: Tendly Care LLC");
    expect(es).toContain(`Referencia: ${invoiceNumber}`);
  });

  test("a paid invoice says nothing about paying; with card payments and no instructions, the card", async () => {
    const { care, invoiceNumber, invoiceId } = await issuedInvoice();
    const [invoice] = await setup.db
      .update(invoices)
      .set({ status: "paid", amountPaidCents: sql`${invoices.totalCents}`, paidAt: new Date() })
      .where(eq(invoices.id, invoiceId))
      .returning();
    expect(invoice!.status).toBe("paid");
    const paid = await getFamilyInvoice({ actor: care.client, invoiceNumber });
    expect(paid.howToPay).toEqual({ kind: "settled" });
    expect(await pdfTextOf(paid, "en")).not.toContain("How to pay");

    const owed = await issuedInvoice();
    await setup.db.delete(paymentInstructions);
    const before = getEnv();
    setEnvForTesting({
      ...before,
      STRIPE_SECRET_KEY: "sk_test_instructions",
      STRIPE_PUBLISHABLE_KEY: "pk_test_instructions",
    });
    try {
      const admin = await adminActor();
      const view = await invoiceForReader({ actor: admin, invoiceNumber: owed.invoiceNumber });
      expect(view.howToPay.kind).toBe("card-only");
      expect(await pdfTextOf(view, "en")).toContain("Pay by card on this invoice's page in your Tendly account.");
    } finally {
      setEnvForTesting(before);
    }
  });
});

import { describe, expect, test } from "vitest";
import {
  ADMIN_BILLING_MESSAGES,
  CreditSchema,
  RecordPaymentSchema,
  RefundSchema,
  afterPayment,
  cardRefundTarget,
  cardRefundableCents,
  parseAmountCents,
  refundableCents,
  voidRefusal,
} from "./admin-billing-rules";
import { centsToDecimal } from "~/utils/money";
import { MONEY_REASON_MAX, owedCents } from "./billing-rules";

// The admins' billing rules (docs/product-rules.md, "Billing and pay"): amounts typed in dollars
// become exact cents, a payment is at most what is owed, a refund at most what was paid and not
// refunded, a card refund goes to the card payment that still holds it.

const due = { status: "due" as const, totalCents: 10_000, amountPaidCents: 0, amountRefundedCents: 0 };

describe("amounts typed in dollars", () => {
  test.each([
    ["120", 12_000],
    ["120.5", 12_050],
    ["120.50", 12_050],
    ["0.01", 1],
    ["$1,234.56", 123_456],
    [" 7.05 ", 705],
    // 0.1 + 0.2 style float noise cannot creep in: the digits are read, not multiplied.
    ["0.29", 29],
    ["1.15", 115],
  ])("%s is %i cents", (input, cents) => {
    expect(parseAmountCents(input)).toBe(cents);
  });

  test.each(["", "0", "0.00", "-5", "1.234", "abc", "1e3", "12.", ".5", "1,2,3.4.5"])("%j is refused", (input) => {
    expect(parseAmountCents(input)).toBeNull();
  });

  test("cents back to the form's text", () => {
    expect(centsToDecimal(12_050)).toBe("120.50");
    expect(centsToDecimal(5)).toBe("0.05");
    for (const cents of [1, 99, 100, 12_345, 99_999_999]) expect(parseAmountCents(centsToDecimal(cents))).toBe(cents);
  });
});

describe("what is owed and refundable", () => {
  test("owed is total less paid on a due invoice, nothing on a paid or void one", () => {
    expect(owedCents({ ...due, amountPaidCents: 2_500 })).toBe(7_500);
    expect(owedCents({ ...due, status: "paid", amountPaidCents: 10_000 })).toBe(0);
    expect(owedCents({ ...due, status: "void" })).toBe(0);
  });

  test("refundable is paid less refunded", () => {
    expect(refundableCents({ amountPaidCents: 10_000, amountRefundedCents: 2_500 })).toBe(7_500);
    expect(refundableCents({ amountPaidCents: 0, amountRefundedCents: 0 })).toBe(0);
  });
});

describe("a payment", () => {
  test("partial keeps the invoice due, the rest of it pays it", () => {
    expect(afterPayment(due, 4_000)).toEqual({ ok: true, amountPaidCents: 4_000, isPaid: false });
    expect(afterPayment({ ...due, amountPaidCents: 4_000 }, 6_000)).toEqual({
      ok: true,
      amountPaidCents: 10_000,
      isPaid: true,
    });
  });

  test("more than owed, or on an invoice that is not due, is refused", () => {
    expect(afterPayment({ ...due, amountPaidCents: 4_000 }, 6_001)).toEqual({
      ok: false,
      message: ADMIN_BILLING_MESSAGES.overPayment,
    });
    expect(afterPayment({ ...due, status: "paid", amountPaidCents: 10_000 }, 1)).toMatchObject({ ok: false });
    expect(afterPayment({ ...due, status: "void" }, 1)).toEqual({ ok: false, message: ADMIN_BILLING_MESSAGES.notDue });
  });
});

test("only a due invoice with nothing paid may be voided", () => {
  expect(voidRefusal(due)).toBeNull();
  expect(voidRefusal({ ...due, amountPaidCents: 1 })).toBe(ADMIN_BILLING_MESSAGES.voidPaid);
  expect(voidRefusal({ ...due, status: "paid" })).toBe(ADMIN_BILLING_MESSAGES.notVoidable);
  expect(voidRefusal({ ...due, status: "void" })).toBe(ADMIN_BILLING_MESSAGES.notVoidable);
});

const card = (stripeId: string, amountCents: number) => ({
  kind: "payment" as const,
  method: "card",
  amountCents,
  stripeId,
});
const cardRefund = (amountCents: number) => ({
  kind: "refund" as const,
  method: "card",
  amountCents,
  stripeId: "re_1",
});

describe("card refunds", () => {
  test("go to the newest card payment that still holds the whole amount", () => {
    const rows = [card("pi_old", 3_000), card("pi_new", 5_000)];
    expect(cardRefundTarget(rows, 5_000)).toBe("pi_new");
    expect(cardRefundTarget(rows, 5_001)).toBeNull();
    expect(cardRefundableCents(rows)).toBe(8_000);
  });

  test("earlier card refunds are counted against the oldest payments first", () => {
    const rows = [card("pi_old", 3_000), card("pi_new", 5_000), cardRefund(4_000)];
    // pi_old is used up (3,000), pi_new holds 4,000.
    expect(cardRefundTarget(rows, 4_000)).toBe("pi_new");
    expect(cardRefundTarget(rows, 4_001)).toBeNull();
    expect(cardRefundableCents(rows)).toBe(4_000);
  });

  test("recorded payments and refunds are not the card's", () => {
    const rows = [
      { kind: "payment" as const, method: "check", amountCents: 9_000, stripeId: null },
      { kind: "refund" as const, method: "cash", amountCents: 1_000, stripeId: null },
    ];
    expect(cardRefundTarget(rows, 1)).toBeNull();
    expect(cardRefundableCents(rows)).toBe(0);
  });
});

describe("the forms", () => {
  test("a payment: amount in cents, a recorded method, an optional reference", () => {
    expect(RecordPaymentSchema.parse({ amount: "45.10", method: "check", reference: " 1042 " })).toEqual({
      amount: 4_510,
      method: "check",
      reference: "1042",
    });
    expect(RecordPaymentSchema.parse({ amount: "1", method: "cash", reference: "" }).reference).toBeNull();
    // Card money moves through Stripe, never typed in.
    expect(RecordPaymentSchema.safeParse({ amount: "1", method: "card" }).success).toBe(false);
    const bad = RecordPaymentSchema.safeParse({ amount: "1.999", method: "cash" });
    expect(bad.error?.issues[0]?.message).toBe(ADMIN_BILLING_MESSAGES.amountInvalid);
  });

  test("a refund and a credit need a reason, at most MONEY_REASON_MAX long", () => {
    const blank = RefundSchema.safeParse({ amount: "10", method: "card", reason: "   " });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual([ADMIN_BILLING_MESSAGES.reasonRequired]);
    const long = CreditSchema.safeParse({ amount: "10", reason: "x".repeat(MONEY_REASON_MAX + 1) });
    expect(long.error?.issues[0]?.message).toBe(ADMIN_BILLING_MESSAGES.reasonTooLong);
    expect(CreditSchema.parse({ amount: "25", reason: "Sorry for the mix-up" })).toEqual({
      amount: 2_500,
      reason: "Sorry for the mix-up",
    });
    expect(CreditSchema.safeParse({ amount: "10000000.01", reason: "x" }).error?.issues[0]?.message).toBe(
      ADMIN_BILLING_MESSAGES.amountTooLarge,
    );
  });
});

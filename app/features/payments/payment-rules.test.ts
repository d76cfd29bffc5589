import { describe, expect, test } from "vitest";
import { amountDueCents, needsFamilyConfirmation, nextChargeAt, CHARGE_RETRY_DAYS } from "./payment-rules";

describe("nextChargeAt", () => {
  const first = new Date("2026-03-02T10:00:00Z");

  test("each retry falls CHARGE_RETRY_DAYS after the first try when every try runs on time", () => {
    let at = first;
    const retries: number[] = [];
    for (let failed = 1; ; failed += 1) {
      const next = nextChargeAt(failed, at);
      if (!next) break;
      retries.push(Math.round((next.getTime() - first.getTime()) / 86_400_000));
      at = next;
    }
    expect(retries).toEqual([...CHARGE_RETRY_DAYS]);
  });

  test("no retry after the last one, nor before a failure", () => {
    expect(nextChargeAt(CHARGE_RETRY_DAYS.length + 1, first)).toBeNull();
    expect(nextChargeAt(0, first)).toBeNull();
  });
});

test("amountDueCents is what is left, never below zero", () => {
  expect(amountDueCents({ totalCents: 12_345, amountPaidCents: 2_345 })).toBe(10_000);
  expect(amountDueCents({ totalCents: 100, amountPaidCents: 100 })).toBe(0);
});

test("a payment needs the family when the bank asks for authentication", () => {
  expect(needsFamilyConfirmation({ code: "authentication_required" })).toBe(true);
  expect(needsFamilyConfirmation({ status: "requires_action" })).toBe(true);
  expect(needsFamilyConfirmation({ code: "card_declined", status: "requires_payment_method" })).toBe(false);
});

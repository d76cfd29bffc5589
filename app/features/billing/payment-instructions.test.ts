import { describe, expect, test } from "vitest";
import { howToPay, instructionRows, type PaymentInstructions } from "./payment-instructions";
import { PAYMENT_INSTRUCTION_MESSAGES, PaymentInstructionsSchema } from "./payment-instructions.schema";

const full: PaymentInstructions = {
  payeeName: "Tendly Care LLC",
  bankName: "First Prairie Bank",
  accountNumber: "000123456789",
  routingNumber: "071000013",
  mailingAddress: "Tendly Care LLC\n200 W Adams St, Suite 500\nChicago, IL 60606",
  note: "Payments are recorded within two business days.",
};

const base = { owedCents: 12_000, isVoid: false, hasCardPayments: false, supportEmail: "help@tendly.test" };

describe("how to pay an invoice", () => {
  test("nothing is said on an invoice with nothing owed, or a void one", () => {
    expect(howToPay({ ...base, owedCents: 0, instructions: full, reference: "INV-2026-000001" })).toEqual({
      kind: "settled",
    });
    expect(howToPay({ ...base, isVoid: true, instructions: full, reference: "INV-2026-000001" }).kind).toBe("settled");
  });

  test("the admin's instructions, with the invoice number as the reference, card or no card", () => {
    for (const hasCardPayments of [false, true])
      expect(howToPay({ ...base, hasCardPayments, instructions: full, reference: "INV-2026-000042" })).toEqual({
        kind: "instructions",
        instructions: full,
        reference: "INV-2026-000042",
      });
  });

  test("no instructions: support's address without card payments, the card with them", () => {
    expect(howToPay({ ...base, instructions: null, reference: "INV-2026-000042" })).toEqual({
      kind: "ask-support",
      supportEmail: "help@tendly.test",
      reference: "INV-2026-000042",
    });
    expect(howToPay({ ...base, hasCardPayments: true, instructions: null, reference: "INV-2026-000042" }).kind).toBe(
      "card-only",
    );
  });

  test("rows leave out the fields left empty, in reading order", () => {
    const rows = instructionRows({ ...full, bankName: "", accountNumber: "", routingNumber: "  " }, (f) => f);
    expect(rows.map((row) => row.field)).toEqual(["payeeName", "mailingAddress", "note"]);
  });
});

const errorsOf = (input: Record<string, string>) => {
  const parsed = PaymentInstructionsSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message]));
};

describe("the payment instructions form", () => {
  test("takes full instructions, trimmed, line breaks kept", () => {
    const parsed = PaymentInstructionsSchema.parse({
      ...full,
      payeeName: "  Tendly Care LLC ",
      mailingAddress: "A\r\nB",
    });
    expect(parsed.payeeName).toBe("Tendly Care LLC");
    expect(parsed.mailingAddress).toBe("A\nB");
  });

  test("a check address alone is enough; fields not sent read as empty", () => {
    expect(PaymentInstructionsSchema.parse({ payeeName: "Tendly", mailingAddress: "PO Box 1" })).toEqual({
      payeeName: "Tendly",
      bankName: "",
      accountNumber: "",
      routingNumber: "",
      mailingAddress: "PO Box 1",
      note: "",
    });
  });

  test("needs a payee, a way to pay, and the bank of an account", () => {
    expect(errorsOf({ payeeName: " ", note: "hello" })).toEqual({
      payeeName: PAYMENT_INSTRUCTION_MESSAGES.payeeRequired,
      accountNumber: PAYMENT_INSTRUCTION_MESSAGES.aWayToPay,
    });
    expect(errorsOf({ payeeName: "Tendly", accountNumber: "123" })).toEqual({
      bankName: PAYMENT_INSTRUCTION_MESSAGES.bankNameRequired,
    });
  });

  test("refuses text over each field's limit", () => {
    expect(errorsOf({ ...full, note: "x".repeat(501) })).toEqual({ note: PAYMENT_INSTRUCTION_MESSAGES.note });
    expect(errorsOf({ ...full, accountNumber: "1".repeat(65) })).toEqual({
      accountNumber: PAYMENT_INSTRUCTION_MESSAGES.accountNumber,
    });
    expect(errorsOf({ ...full, note: "x".repeat(500) })).toEqual({});
  });
});

// How a family pays an invoice that is still owed (docs/product-rules.md, "How to pay an invoice").
// Pure: no I/O. The server decides which case applies (payment-instructions.server.ts
// `howToPayFor`); the invoice page, its PDF and the card page word it the same way.

/** What an admin sets on /admin/billing; empty strings for the fields left out. */
export type PaymentInstructions = {
  payeeName: string;
  bankName: string;
  accountNumber: string;
  routingNumber: string;
  mailingAddress: string;
  note: string;
};

/**
 * What a reader of an invoice is told about paying it:
 * - `settled`: nothing is owed (paid, void, or paid by credit);
 * - `instructions`: the admin's instructions, with the reference to write (the invoice number);
 * - `card-only`: no instructions, but card payments are on (the invoice page offers the card, and
 *   support's address where the card cannot be used on this invoice);
 * - `ask-support`: no instructions and no card payments: write to support, never an empty box.
 */
export type HowToPay =
  | { kind: "settled" }
  | { kind: "instructions"; instructions: PaymentInstructions; reference: string }
  | { kind: "card-only"; supportEmail: string; reference: string }
  | { kind: "ask-support"; supportEmail: string; reference: string };

/** Which case applies (see HowToPay). `reference` is what the family writes on a transfer or a check. */
export function howToPay({
  owedCents,
  isVoid,
  instructions,
  hasCardPayments,
  supportEmail,
  reference,
}: {
  owedCents: number;
  isVoid: boolean;
  instructions: PaymentInstructions | null;
  hasCardPayments: boolean;
  supportEmail: string;
  reference: string;
}): HowToPay {
  if (isVoid || owedCents <= 0) return { kind: "settled" };
  if (instructions) return { kind: "instructions", instructions, reference };
  if (hasCardPayments) return { kind: "card-only", supportEmail, reference };
  return { kind: "ask-support", supportEmail, reference };
}

/** The label keys of each instruction field, in reading order (billing:howToPay.fields.*). */
export const INSTRUCTION_ROWS = [
  "payeeName",
  "bankName",
  "accountNumber",
  "routingNumber",
  "mailingAddress",
  "note",
] as const satisfies readonly (keyof PaymentInstructions)[];

/** The instructions as label/value rows, the fields left empty left out (page, PDF, card page alike). */
export function instructionRows(
  instructions: PaymentInstructions,
  label: (field: keyof PaymentInstructions) => string,
): { field: keyof PaymentInstructions; label: string; value: string }[] {
  return INSTRUCTION_ROWS.filter((field) => instructions[field].trim() !== "").map((field) => ({
    field,
    label: label(field),
    value: instructions[field],
  }));
}

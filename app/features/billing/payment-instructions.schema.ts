import { z } from "zod";
import type { MessageKey } from "~/i18n/message-keys";
import type { PaymentInstructions } from "./payment-instructions";

// The payment instructions form on /admin/billing (docs/product-rules.md, "How to pay an invoice").
// Every field is free text as the bank or the office writes it; the limits are the database's
// (payment_instructions_lengths_check). The messages are keys of locales/<lang>/admin-billing.ts
// instructions.errors, worded by the route (docs/decisions/0025-messages-as-keys.md).

/** The longest text each field takes. */
export const PAYMENT_INSTRUCTION_LIMITS = {
  payeeName: 100,
  bankName: 100,
  accountNumber: 64,
  routingNumber: 64,
  mailingAddress: 300,
  note: 500,
} as const satisfies Record<keyof PaymentInstructions, number>;

export type PaymentInstructionField = keyof typeof PAYMENT_INSTRUCTION_LIMITS;
export const PAYMENT_INSTRUCTION_FIELDS = Object.keys(PAYMENT_INSTRUCTION_LIMITS) as PaymentInstructionField[];

export const PAYMENT_INSTRUCTION_MESSAGES = {
  payeeRequired: "admin-billing:instructions.errors.payeeRequired",
  bankNameRequired: "admin-billing:instructions.errors.bankNameRequired",
  aWayToPay: "admin-billing:instructions.errors.aWayToPay",
  payeeName: "admin-billing:instructions.errors.payeeName",
  bankName: "admin-billing:instructions.errors.bankName",
  accountNumber: "admin-billing:instructions.errors.accountNumber",
  routingNumber: "admin-billing:instructions.errors.routingNumber",
  mailingAddress: "admin-billing:instructions.errors.mailingAddress",
  note: "admin-billing:instructions.errors.note",
} as const satisfies Record<string, MessageKey>;

/** Trimmed, inner runs of spaces kept as typed; line breaks kept where a field is several lines. */
const freeText = (field: PaymentInstructionField) =>
  z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= PAYMENT_INSTRUCTION_LIMITS[field], PAYMENT_INSTRUCTION_MESSAGES[field]);

export const PaymentInstructionsSchema = z
  .object(
    Object.fromEntries(PAYMENT_INSTRUCTION_FIELDS.map((field) => [field, freeText(field)])) as Record<
      PaymentInstructionField,
      ReturnType<typeof freeText>
    >,
  )
  .superRefine((values, context) => {
    if (!values.payeeName)
      context.addIssue({ code: "custom", message: PAYMENT_INSTRUCTION_MESSAGES.payeeRequired, path: ["payeeName"] });
    // A family needs somewhere to send the money: an account to transfer to, or an address for checks.
    if (!values.accountNumber && !values.mailingAddress)
      context.addIssue({ code: "custom", message: PAYMENT_INSTRUCTION_MESSAGES.aWayToPay, path: ["accountNumber"] });
    if (values.accountNumber && !values.bankName)
      context.addIssue({ code: "custom", message: PAYMENT_INSTRUCTION_MESSAGES.bankNameRequired, path: ["bankName"] });
  });

import { describe, expect, test } from "vitest";
import { ADMIN_INVOICE_FILTERS } from "./admin-billing-rules";
import { INVOICE_DISPLAY_STATUSES, invoiceDisplayStatus } from "./billing-rules";

// An invoice's status as families, admins and the PDF read it (docs/product-rules.md, "Billing and pay").

describe("an invoice's shown status", () => {
  const now = new Date("2026-12-01T12:00:00Z");

  test("a due invoice past its due date is overdue; at its due date it is still due", () => {
    expect(invoiceDisplayStatus({ status: "due", dueAt: new Date("2026-12-01T11:59:59Z") }, now)).toBe("overdue");
    expect(invoiceDisplayStatus({ status: "due", dueAt: now }, now)).toBe("due");
    expect(invoiceDisplayStatus({ status: "due", dueAt: new Date("2026-12-02T00:00:00Z") }, now)).toBe("due");
  });

  test("a paid or void invoice is never overdue", () => {
    expect(invoiceDisplayStatus({ status: "paid", dueAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("paid");
    expect(invoiceDisplayStatus({ status: "void", dueAt: new Date("2026-11-01T00:00:00Z") }, now)).toBe("void");
  });

  test("the admins filter by the same statuses", () => {
    expect(ADMIN_INVOICE_FILTERS).toEqual(INVOICE_DISPLAY_STATUSES);
  });
});

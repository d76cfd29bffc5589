import { describe, expect, it } from "vitest";
import { RESOURCES } from "~/i18n/resources.server";
import { AUDIT_EVENT_TYPES } from "./audit-log.server";
import { auditDetails } from "./audit-log";

describe("the audit log viewer", () => {
  it("words every event type the product writes, in English and Spanish", () => {
    for (const locale of ["en", "es"] as const) {
      const types = (RESOURCES[locale].audit as { types: Record<string, string> }).types;
      const missing = AUDIT_EVENT_TYPES.filter((type) => !types[type]).map((type) => `${locale}:${type}`);
      expect(missing).toEqual([]);
    }
  });

  it("shows metadata readably and never a secret", () => {
    expect(
      auditDetails({
        url: "/admin/users",
        invoiceNumber: "INV-1",
        amountCents: 500,
        token: "abc",
        newPasswordHash: "x",
        nested: { a: 1 },
      }),
    ).toEqual([
      { key: "url", value: "/admin/users" },
      { key: "invoiceNumber", value: "INV-1" },
      { key: "amountCents", value: "500" },
      { key: "token", value: "•••" },
      { key: "newPasswordHash", value: "•••" },
      { key: "nested", value: '{"a":1}' },
    ]);
  });
});

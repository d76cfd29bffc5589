import { describe, expect, test } from "vitest";
import { DEFAULT_PRICING } from "~/platform/db/seed/pricing-defaults";
import { getTranslate } from "~/i18n/i18n.server";
import { zonedInstant } from "~/utils/datetime";
import { buildInvoice } from "./invoice-math";
import { invoiceWords, type InvoiceForWords } from "./invoice-words";
import { DEFAULT_VISIT_CHARGE_SETTINGS } from "./visit-charge";

const ZONE = "America/Chicago";
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** A Saturday night visit (weekend and overnight), a 10% promo and some credit, as the invoice page reads it. */
function saturdayNight(): InvoiceForWords {
  const draft = buildInvoice({
    visits: [
      {
        visitId: "v1",
        caregiverId: "c1",
        startsAt: zonedInstant("2026-12-05", "20:00", ZONE),
        endsAt: zonedInstant("2026-12-05", "23:00", ZONE),
        checkedInAt: zonedInstant("2026-12-05", "20:00", ZONE),
        checkedOutAt: zonedInstant("2026-12-05", "23:00", ZONE),
        isTimesEdited: false,
      },
    ],
    snapshot: {
      scheduleType: "one-time",
      hourlyRateCents: 3400,
      promo: { code: "TEN", kind: "percent", amount: 10 },
      pricing: DEFAULT_PRICING,
    },
    timeZone: ZONE,
    isFirstInvoice: true,
    creditBalanceCents: 1000,
    chargeSettings: DEFAULT_VISIT_CHARGE_SETTINGS,
  });
  return {
    ...draft,
    timeZone: ZONE,
    amountPaidCents: 0,
    amountRefundedCents: 0,
    balanceCents: draft.totalCents,
    issuedAt: "2026-12-07T12:00:00.000Z",
    dueAt: "2026-12-21T12:00:00.000Z",
    paidAt: null,
    payments: [{ kind: "payment", method: "card", amountCents: 1000, createdAt: "2026-12-08T03:30:00.000Z" }],
    lines: draft.lines.map((line) =>
      line.kind === "visit" ? { ...line, caregiverName: "Iris M." } : { ...line, figures: { ...line.figures } },
    ),
  };
}

describe("invoiceWords", () => {
  test("English: the visit's date and times where care happens, its surcharges, then the summary", () => {
    const words = invoiceWords(saturdayNight(), getTranslate("en", "billing"), "en");
    expect(words.period).toBe("Dec 5, 2026");
    expect(words.visits).toHaveLength(1);
    const [visit] = words.visits;
    expect(plain(visit!.times)).toBe("8:00 PM to 11:00 PM");
    expect(visit!.hours).toBe("3 h");
    expect(visit!.rate).toBe("$34.00/h");
    expect(visit!.notes[0]).toBe("With Iris M.");
    expect(visit!.notes.some((note) => note.startsWith("Weekend ×"))).toBe(true);
    expect(visit!.notes.some((note) => note.startsWith("Overnight ×") && note.includes("on 1 h"))).toBe(true);
    expect(words.summary.map((row) => row.key)).toEqual(["subtotal", "discount", "platform_fee", "credit", "total"]);
    expect(words.summary[1]!.label).toBe("Discount TEN (10%)");
    expect(words.summary[3]!.amount).toBe("-$10.00");
    expect(words.summary.at(-1)!.isTotal).toBe(true);
    expect(words.facts).toEqual([
      ["Period", "Dec 5, 2026"],
      ["Issued", "Dec 7, 2026"],
      ["Due", "Dec 21, 2026"],
    ]);
    // 03:30 UTC on Dec 8 is still Dec 7 in Chicago, where the care happens.
    expect(words.payments).toEqual([{ text: "Dec 7, 2026 · Payment · Card", kind: "payment", amountCents: 1000 }]);
    expect(words.timeZoneNote).toBe("Times are on the clock where care happens (Central Time).");
  });

  test("Spanish: the same invoice in Spanish", () => {
    const words = invoiceWords(saturdayNight(), getTranslate("es", "billing"), "es");
    expect(words.summary[0]!.label).toBe("Subtotal");
    expect(words.summary[2]!.label).toContain("Cargo de la plataforma");
    expect(words.summary[3]!.label).toBe("Crédito aplicado");
    expect(words.visits[0]!.notes[0]).toBe("Con Iris M.");
    expect(words.visits[0]!.notes.some((note) => note.startsWith("Fin de semana ×"))).toBe(true);
    expect(plain(words.visits[0]!.times)).toBe("8:00 p. m. a 11:00 p. m.");
    // The zone by its name, never "America/Chicago".
    expect(words.timeZoneNote).toBe("Los horarios son los del lugar donde se presta el cuidado (hora del Centro).");
  });
});

import { describe, expect, test } from "vitest";
import { RESOURCES } from "~/i18n/resources.server";
import { ORDER_EVENT_NOTE_KEYS, orderEventNote, readOrderEventNote, type OrderEventNote } from "./order-event-note";
import { wordOrderEvent } from "./order-event-wording.server";

// An order's history lines, stored as keys, read in the reader's language
// (docs/product-rules.md, "Languages").

/** Each key as an event writes it: the next match with its rank, the others with no values. */
function noteOf(key: (typeof ORDER_EVENT_NOTE_KEYS)[number]): OrderEventNote {
  return key === "offeredToNextMatch" ? { key, values: { rank: 2 } } : orderEventNote(key);
}

/** The visit lines and the next match's, in `locale`. */
function visitLines(locale: "en" | "es") {
  const keys = [
    "firstVisitCheckedIn",
    "lastVisitCheckedOut",
    "visitTimesCorrected",
    "scheduleEnded",
    "offeredToNextMatch",
  ] as const;
  return keys.map((key) => wordOrderEvent({ wording: noteOf(key), note: null }, locale));
}

describe("wordOrderEvent", () => {
  test.each(ORDER_EVENT_NOTE_KEYS)("%s reads in English and in Spanish, each its own words", (key) => {
    const event = { wording: noteOf(key), note: null };
    const english = wordOrderEvent(event, "en");
    const spanish = wordOrderEvent(event, "es");
    for (const line of [english, spanish]) {
      expect(line).toMatch(/^\p{Lu}/u);
      // Neither the key (a line missing from the catalogue) nor a value left unfilled.
      expect(line).not.toMatch(/timeline\.|\{\{/);
    }
    // A line missing from the Spanish catalogue would fall back to the English.
    expect(spanish).not.toBe(english);
  });

  test("the visit lines, and the next match with its rank", () => {
    expect(visitLines("en")).toEqual([
      "First visit checked in",
      "Last visit checked out",
      "Visit times corrected",
      "Schedule ended",
      "Offered to the next match (offer 2)",
    ]);
    expect(visitLines("es")).toEqual([
      "Primera visita: llegada registrada",
      "Última visita: salida registrada",
      "Horas de la visita corregidas",
      "Terminó el horario",
      "Ofrecido al siguiente cuidador más adecuado (oferta 2)",
    ]);
  });

  test("every key has its line in both catalogues, and the catalogue no line without a key", () => {
    for (const locale of ["en", "es"] as const) {
      const lines = RESOURCES[locale].orders.timeline as Record<string, string>;
      expect(Object.keys(lines).sort()).toEqual([...ORDER_EVENT_NOTE_KEYS].sort());
    }
  });

  test("what a person typed reads as typed, in either language", () => {
    const cancelled = { wording: null, note: "  Mom is moving in with us.  " };
    expect(wordOrderEvent(cancelled, "es")).toBe("Mom is moving in with us.");
    expect(wordOrderEvent(cancelled, "en")).toBe("Mom is moving in with us.");
    expect(wordOrderEvent({ wording: null, note: null }, "es")).toBeNull();
    expect(wordOrderEvent({ wording: orderEventNote("scheduleEnded"), note: "Family asked" }, "es")).toBe(
      "Terminó el horario · Family asked",
    );
  });

  test("a key this version does not know is no line, and its typed note still reads", () => {
    expect(readOrderEventNote({ key: "somethingNew", values: {} })).toBeNull();
    expect(wordOrderEvent({ wording: { key: "somethingNew", values: {} }, note: null }, "es")).toBeNull();
    expect(wordOrderEvent({ wording: { key: "somethingNew", values: {} }, note: "Typed" }, "en")).toBe("Typed");
  });
});

import { describe, expect, test } from "vitest";
import { visitNoteEmail } from "./visit-note-emails";

describe("visitNoteEmail", () => {
  const input = {
    firstName: "Dana",
    orderNumber: "TN-2026-000123",
    visit: "Mon, Dec 7 at 9:00 AM",
    url: "https://tendly.test/dashboard/appointments/order/1",
  };
  test("tells the family a note is waiting, without its text", () => {
    const email = visitNoteEmail(input);
    expect(email.subject).toBe("A note from the visit of Mon, Dec 7 at 9:00 AM (TN-2026-000123)");
    expect(email.text).toContain("Hi Dana, your caregiver wrote a note about the visit of Mon, Dec 7 at 9:00 AM");
    expect(email.html).toContain(input.url);
  });
  test("in Spanish", () => {
    const email = visitNoteEmail({ ...input, visit: "lun, 7 dic, 9:00 a. m.", locale: "es" });
    expect(email.subject).toBe("Una nota de la visita del lun, 7 dic, 9:00 a. m. (TN-2026-000123)");
    expect(email.text).toContain("Leer la nota");
  });
});

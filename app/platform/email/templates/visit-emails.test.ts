import { describe, expect, test } from "vitest";
import {
  backupOfferEmail,
  backupTakenFamilyEmail,
  caregiverCancelledAdminEmail,
  lateFamilyEmail,
  noBackupEmail,
} from "./visit-emails";

describe("visit emails", () => {
  test("the family's late alert names the caregiver and the visit, and escapes what it interpolates", () => {
    const email = lateFamilyEmail({
      firstName: "<Casey>",
      caregiverName: "Jordan R.",
      orderNumber: "TN-2026-000001",
      when: "Mon, Dec 7 at 9:00 AM CST",
      url: "http://x.test/dashboard/appointments/order/1",
    });
    expect(email.subject).toBe("Jordan R. has not checked in yet");
    expect(email.text).toContain("Jordan R. has not checked in for the visit on Mon, Dec 7 at 9:00 AM CST");
    expect(email.html).toContain("&lt;Casey&gt;");
    expect(email.text).toContain("http://x.test/dashboard/appointments/order/1");
  });

  test("the backup offer gives the area and the link to accept, in Spanish too", () => {
    const input = { firstName: "Ana", area: "Chicago, IL 60614", when: "Mon, Dec 7 at 9:00 AM CST", url: "http://x/b" };
    const email = backupOfferEmail(input);
    expect(email.subject).toBe("A family near Chicago, IL 60614 needs a caregiver on Mon, Dec 7 at 9:00 AM CST");
    expect(email.text).toContain("http://x/b");
    const spanish = backupOfferEmail({ ...input, when: "lun, 7 dic a las 9:00 a. m. CST", locale: "es" });
    expect(spanish.subject).toBe(
      "Una familia cerca de Chicago, IL 60614 necesita un cuidador el lun, 7 dic a las 9:00 a. m. CST",
    );
  });

  test("who is coming, nobody free, a late cancellation", () => {
    const base = { orderNumber: "TN-1", when: "Mon, Dec 7 at 9:00 AM CST", url: "u" };
    expect(backupTakenFamilyEmail({ ...base, firstName: "Casey", caregiverName: "Ana B." }).subject).toBe(
      "Ana B. is coming for your visit on Mon, Dec 7 at 9:00 AM CST",
    );
    expect(noBackupEmail(base).subject).toBe("No backup caregiver for TN-1, Mon, Dec 7 at 9:00 AM CST");
    const late = caregiverCancelledAdminEmail({
      ...base,
      caregiverName: "Jordan R.",
      reason: "Car broke down",
      isLate: true,
      lateCancelHours: 24,
    });
    expect(late.subject).toBe("Late cancellation: TN-1 on Mon, Dec 7 at 9:00 AM CST");
    expect(late.text).toContain("less than 24 hours before the start");
    expect(late.text).toContain("Reason given: Car broke down");
    const early = caregiverCancelledAdminEmail({
      ...base,
      caregiverName: "J",
      reason: "r",
      isLate: false,
      lateCancelHours: 24,
    });
    expect(early.subject).toBe("Visit cancelled by the caregiver: TN-1 on Mon, Dec 7 at 9:00 AM CST");
    // Time off with no reason written: stored as none, worded in each admin's language.
    const timeOff = { ...base, caregiverName: "J", reason: null, isLate: false, lateCancelHours: 24 };
    expect(caregiverCancelledAdminEmail(timeOff).text).toContain("Reason given: time off");
    const spanish = caregiverCancelledAdminEmail({ ...timeOff, locale: "es" }).text;
    expect(spanish).toContain("Motivo indicado: días libres");
    expect(spanish).not.toContain("Time off");
    expect(early.text).not.toContain("late cancellation");
  });
});

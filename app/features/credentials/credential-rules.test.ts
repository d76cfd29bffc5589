import { describe, expect, test } from "vitest";
import { credentialStanding, daysLeft, expiryDateProblem, isCalendarDate, reminderDue } from "./credential-rules";

// The rules of credentials that expire (docs/product-rules.md, "Credentials that expire").

describe("credential rules", () => {
  test("a credential is valid through its expiry date and expired the day after", () => {
    expect(credentialStanding("2026-12-05", "2026-12-05")).toBe("expiring");
    expect(credentialStanding("2026-12-04", "2026-12-05")).toBe("expired");
    expect(credentialStanding("2027-01-04", "2026-12-05")).toBe("expiring");
    expect(credentialStanding("2027-01-05", "2026-12-05")).toBe("valid");
    expect(daysLeft("2027-03-01", "2027-02-28")).toBe(1);
  });

  test("the reminders come at 30 and 7 days, once each; a late upload gets the 7-day one only", () => {
    const fresh = { reminded30At: null, reminded7At: null };
    expect(reminderDue({ expiresOn: "2027-01-05", ...fresh }, "2026-12-05")).toBeNull();
    expect(reminderDue({ expiresOn: "2027-01-04", ...fresh }, "2026-12-05")).toBe(30);
    expect(
      reminderDue({ expiresOn: "2027-01-04", reminded30At: new Date(), reminded7At: null }, "2026-12-05"),
    ).toBeNull();
    expect(reminderDue({ expiresOn: "2026-12-12", reminded30At: new Date(), reminded7At: null }, "2026-12-05")).toBe(7);
    expect(reminderDue({ expiresOn: "2026-12-10", ...fresh }, "2026-12-05")).toBe(7);
    expect(
      reminderDue({ expiresOn: "2026-12-12", reminded30At: new Date(), reminded7At: new Date() }, "2026-12-05"),
    ).toBeNull();
    expect(reminderDue({ expiresOn: "2026-12-01", ...fresh }, "2026-12-05")).toBeNull();
  });

  test("a new expiry date must be a real date and not past", () => {
    expect(isCalendarDate("2027-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(expiryDateProblem("tomorrow", "2026-12-05")).toBe("credentials:errors.date");
    expect(expiryDateProblem("2026-12-04", "2026-12-05")).toBe("credentials:errors.past");
    expect(expiryDateProblem("2026-12-05", "2026-12-05")).toBeNull();
  });
});

import { describe, expect, test } from "vitest";
import { caregiverConfirmedEmail, offerEmail, orderCancelledEmail, requestReceivedEmail } from "./care-emails";

describe("care loop emails", () => {
  test("request received names the order and links to it", () => {
    const email = requestReceivedEmail({ firstName: "Casey", orderNumber: "TN-2026-000001", url: "http://x.test/o/1" });
    expect(email.subject).toBe("We received your care request TN-2026-000001");
    expect(email.text).toContain("http://x.test/o/1");
  });

  test("the offer says where and until when, and escapes what it interpolates", () => {
    const email = offerEmail({
      firstName: "<Jordan>",
      orderNumber: "TN-2026-000002",
      area: "Chicago, IL 60614",
      expiresAt: "Nov 24, 10:00 AM",
      url: "http://x.test/caregiver/orders/2",
    });
    expect(email.subject).toBe("New care offer TN-2026-000002 near Chicago, IL 60614");
    expect(email.html).toContain("&lt;Jordan&gt;");
    expect(email.text).toContain("Nov 24, 10:00 AM");
  });

  test("confirmed and cancelled", () => {
    expect(
      caregiverConfirmedEmail({
        firstName: "Casey",
        orderNumber: "TN-1",
        caregiverName: "Jordan R.",
        firstVisit: "Mon, Dec 7 at 9:00 AM",
        url: "u",
      }).text,
    ).toContain("The first visit is Mon, Dec 7 at 9:00 AM.");
    const cancelled = orderCancelledEmail({
      firstName: "Jordan",
      orderNumber: "TN-1",
      byWhom: "the family",
      reason: "Moved to a care home",
      url: "u",
    });
    expect(cancelled.subject).toBe("Care order TN-1 was cancelled");
    expect(cancelled.text).toContain("Reason given: Moved to a care home");
  });
});

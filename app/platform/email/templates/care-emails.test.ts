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
      cancelledBy: "family",
      reason: "Moved to a care home",
      url: "u",
    });
    expect(cancelled.subject).toBe("Care order TN-1 was cancelled");
    expect(cancelled.text).toContain("Reason given: Moved to a care home");
  });

  test("cancelled by the Tendly team", () => {
    const cancelled = orderCancelledEmail({
      firstName: "Casey",
      orderNumber: "TN-1",
      cancelledBy: "team",
      reason: "No caregiver",
      url: "u",
    });
    expect(cancelled.text).toContain("Hi Casey, order TN-1 was cancelled by the Tendly team.");
  });

  test("in the recipient's language, English when none is given", () => {
    const offer = offerEmail({
      firstName: "Jordan",
      orderNumber: "TN-2026-000002",
      area: "Chicago, IL 60614",
      expiresAt: "lun, 24 nov, 10:00 a. m. CST",
      url: "http://x.test/caregiver/orders/2",
      locale: "es",
    });
    expect(offer.subject).toBe("Nueva oferta de cuidado TN-2026-000002 cerca de Chicago, IL 60614");
    expect(offer.html).toContain('<html lang="es">');
    expect(offer.text).toContain("lun, 24 nov, 10:00 a. m. CST");
    const received = requestReceivedEmail({ firstName: "Casey", orderNumber: "TN-1", url: "u", locale: "es" });
    expect(received.subject).toBe("Recibimos su solicitud de cuidado TN-1");
    const cancelled = orderCancelledEmail({
      firstName: "Casey",
      orderNumber: "TN-1",
      cancelledBy: "team",
      reason: "Se mudó",
      url: "u",
      locale: "es",
    });
    expect(cancelled.text).toContain("El pedido TN-1 fue cancelado por el equipo de Tendly.");
    expect(cancelled.text).toContain("Motivo: Se mudó");
    const confirmed = caregiverConfirmedEmail({
      firstName: "Casey",
      orderNumber: "TN-1",
      caregiverName: "Jordan R.",
      firstVisit: null,
      url: "u",
    });
    expect(confirmed.subject).toBe("Jordan R. confirmed your care TN-1");
    expect(confirmed.text).toContain("Your visits are on your appointments page.");
  });
});

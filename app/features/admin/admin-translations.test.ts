import { describe, expect, test } from "vitest";
import { adminInviteEmail } from "~/platform/email/templates/admin-invite";
import { flattenMessages } from "~/i18n/completeness";
import { messageText } from "~/i18n/i18n.server";
import { RESOURCES } from "~/i18n/resources.server";
import { PricingFormSchema, PromoFormSchema } from "~/features/pricing/public";
import { AcceptInviteSchema, AcceptInviteWithAccountSchema, InviteAdminSchema } from "./admin.schema";

// The admin area in English and Spanish (docs/architecture.md, "Translations").

describe("the admin forms' messages are keys of the validation messages", () => {
  test("invitation, pricing and promo code forms", () => {
    const known = new Set([...flattenMessages(RESOURCES.en.validation).keys()].map((key) => `validation:${key}`));
    const messages = [
      ...InviteAdminSchema.safeParse({ email: "nope" }).error!.issues,
      ...AcceptInviteSchema.safeParse({
        token: "bad",
        firstName: "a",
        lastName: "b",
        password: "short",
        confirmPassword: "other",
      }).error!.issues,
      ...AcceptInviteWithAccountSchema.safeParse({ token: "x".repeat(43), password: "" }).error!.issues,
      ...PricingFormSchema.safeParse({}).error!.issues,
      ...PricingFormSchema.safeParse({
        "rate_personal-care": "0",
        rate_companionship: "0",
        rate_housekeeping: "0",
        "rate_meal-preparation": "0",
        rate_transportation: "0",
        caregiverPayPercent: "0",
        weekendMultiplier: "9",
        overnightMultiplier: "9",
        minimumHoursPerVisit: "99",
        platformFeePercent: "99",
      }).error!.issues,
      ...PromoFormSchema.safeParse({
        code: "x",
        kind: "other",
        amount: "",
        validFrom: "soon",
        validUntil: "",
        usageCap: "x",
      }).error!.issues,
      ...PromoFormSchema.safeParse({
        code: "OK-CODE",
        kind: "percent",
        amount: "120",
        validFrom: "2027-02-01",
        validUntil: "2027-01-01",
        usageCap: "0",
      }).error!.issues,
      ...PromoFormSchema.safeParse({
        code: "OK-CODE",
        kind: "fixed",
        amount: "0.5",
        validFrom: "",
        validUntil: "",
        usageCap: "",
      }).error!.issues,
    ]
      .map((issue) => issue.message)
      .filter((message) => !message.startsWith("Invalid input"));
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.filter((message) => !known.has(message))).toEqual([]);
  });
});

describe("the invitation email", () => {
  const url = "https://tendly.test/admin/invite?token=abc";

  test("is written in the inviting administrator's language", () => {
    const email = adminInviteEmail({ inviterName: "Avery Admin", url, locale: "es" });
    expect(email.subject).toBe("Le invitamos a administrar Tendly");
    expect(email.text).toContain("Avery Admin le invitó a ser administrador de Tendly.");
    expect(email.html).toContain('lang="es"');
  });

  test("in English by default, from the Tendly team when nobody invited (the command line)", () => {
    const email = adminInviteEmail({ inviterName: null, url });
    expect(email.subject).toBe("You are invited to administer Tendly");
    expect(email.text).toContain("The Tendly team invited you to become a Tendly administrator.");
  });
});

describe("the features' refusals and results on admin pages", () => {
  test("read in Spanish, and word for word in English", () => {
    expect(messageText("es", { key: "admin:refusals.inviteExpired" })).toBe("Esta invitación venció.");
    expect(messageText("es", { key: "admin:refusals.approved" })).toBe("Cuidador aprobado. Le avisamos por correo.");
    expect(messageText("en", { key: "admin:refusals.inviteExpired" })).toBe("This invitation has expired.");
  });
});

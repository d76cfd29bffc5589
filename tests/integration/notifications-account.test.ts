import { describe, expect, test } from "vitest";
import { caregiverApplicationDrafts, caregiverProfiles } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { RegistrationSchema } from "~/features/accounts/accounts.schema";
import { verifyEmailToken } from "~/features/accounts/email-verification.server";
import { registerClient } from "~/features/accounts/registration.server";
import { slugBase } from "~/features/caregiver-onboarding/application";
import { applyDecision, setBackgroundCheck } from "~/features/caregiver-vetting/vetting.server";
import { SAMPLE_REGISTRATION } from "../fixtures/registration";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";
import { notificationsOf, queuedNotificationJobs, setLocale } from "./notifications-helpers";

// System notifications (docs/product-rules.md, "Notifications"): a caregiver
// application approved or declined, and the welcome of a newly verified family.

const setup = useAuthTestSetup();

let counter = 0;
/** A caregiver whose application is submitted and pending review. */
async function applicant(firstName = "Ada") {
  counter += 1;
  const lastName = `Applicant${counter}`;
  const user = await createUser(setup.db, { roles: ["caregiver"], firstName, lastName });
  await setup.db.insert(caregiverProfiles).values({
    userId: user.id,
    slug: `${slugBase(firstName, lastName)}-${counter}`,
    firstName,
    lastName,
    city: "Chicago",
    state: "IL",
    caregiverStatus: "pending",
  });
  await setup.db
    .insert(caregiverApplicationDrafts)
    .values({ userId: user.id, currentStep: 6, submittedAt: new Date() });
  return user;
}

/** A form POST, each from an address of its own (the auth rate limits count per address). */
const form = () => appRequest("/register", { method: "POST" });

describe("caregiver application decisions", () => {
  test("an approval notifies the caregiver once, in their language, leading to their dashboard", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = await applicant();
    await setLocale(caregiver.id, "es");
    const change = { actor: admin, caregiverId: caregiver.id, request: appRequest("/admin/caregivers/x") };
    await setBackgroundCheck({ ...change, status: "clear" });
    await applyDecision({ ...change, decision: "approve", reason: "" });
    // Its own email already went: the notification's email channel sends no second one.
    expect((await queuedNotificationJobs(caregiver.id)).map((job) => job.payload.emailedSeparately)).toEqual([true]);

    const sent = await notificationsOf(caregiver.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "system",
      subtype: "application_approved",
      title: "Su solicitud fue aprobada",
      actionText: "Abrir su panel",
      actionUrl: "/caregiver",
    });
    // Suspending and reinstating are emailed only.
    await applyDecision({ ...change, decision: "suspend", reason: "Missed visits" });
    await applyDecision({ ...change, decision: "reinstate", reason: "" });
    expect(await notificationsOf(caregiver.id)).toHaveLength(1);
  });

  test("a refusal notifies the caregiver once, without a button", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = await applicant("Bo");
    const change = { actor: admin, caregiverId: caregiver.id, request: appRequest("/admin/caregivers/x") };
    await applyDecision({ ...change, decision: "reject", reason: "References could not be reached" });

    const sent = await notificationsOf(caregiver.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "system",
      subtype: "application_declined",
      title: "Your application was not approved",
      message: "We sent you an email with the details.",
      actionText: null,
      actionUrl: null,
    });
  });
});

describe("the welcome", () => {
  test("verifying a family's email welcomes them once; the link used again adds nothing", async () => {
    const email = `welcome-${Date.now().toString(36)}@example.test`;
    const registration = RegistrationSchema.parse({ ...SAMPLE_REGISTRATION, email, marketingConsent: "on" });
    await registerClient({ registration, request: form() });
    const mail = (await deliveredOutbox()).find((entry) => entry.to === email);
    const token = new URL(mail!.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0]).searchParams.get("token")!;

    const outcome = await verifyEmailToken({ token, request: form() });
    expect(outcome.status).toBe("verified");
    const userId = (outcome as { userId: string }).userId;
    await verifyEmailToken({ token, request: form() });

    const sent = await notificationsOf(userId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "system",
      subtype: "welcome",
      title: "Welcome to Tendly",
      message: "Your email is verified. Tell us about the care you need and we will find a caregiver who fits.",
      actionText: "Find care",
      actionUrl: "/request",
    });
  });
});

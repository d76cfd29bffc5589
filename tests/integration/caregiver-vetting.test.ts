import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents, caregiverApplicationDrafts, caregiverProfiles, caregiverVetting } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { saveAccountLocale } from "~/platform/auth/account-locale.server";
import { slugBase } from "~/features/caregiver-onboarding/application";
import {
  applyDecision,
  listCaregiverQueue,
  loadCaregiverForReview,
  saveReferenceNotes,
  sendPreAdverseNotice,
  setBackgroundCheck,
} from "~/features/caregiver-vetting/vetting.server";
import { QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { appRequest } from "./accounts-helpers";
import { useAuthTestSetup } from "./auth-env";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();

let counter = 0;
/** A caregiver whose application is submitted (or not), pending review. */
async function applicant({ submitted = true, firstName = "Ada" } = {}) {
  counter += 1;
  const lastName = `Vetting${counter}`;
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
    .values({ userId: user.id, currentStep: 6, submittedAt: submitted ? new Date() : null });
  return user;
}

const request = () => appRequest("/admin/caregivers/x");
const statusOf = async (id: string) =>
  (
    await setup.db
      .select({ status: caregiverProfiles.caregiverStatus })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, id))
  )[0]!.status;
const subjectsFor = async (email: string) =>
  (await deliveredOutbox()).filter((entry) => entry.to === email).map((entry) => entry.subject);
const eventsFor = (caregiverId: string) =>
  setup.db
    .select({ type: auditEvents.eventType, metadata: auditEvents.metadata })
    .from(auditEvents)
    .where(eq(auditEvents.category, "admin"))
    .then((rows) => rows.filter((row) => row.metadata.caregiverId === caregiverId).map((row) => row.type));

describe("the review queue", () => {
  test("lists submitted applications by status and search, for admins only", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const submitted = await applicant({ firstName: "Queue" });
    const unfinished = await applicant({ firstName: "Queue", submitted: false });
    const { rows } = await listCaregiverQueue({ actor: admin, query: QueueQuerySchema.parse({ q: "queue" }) });
    expect(rows.map((row) => row.id)).toContain(submitted.id);
    expect(rows.map((row) => row.id)).not.toContain(unfinished.id);
    const approved = QueueQuerySchema.parse({ status: "approved", q: "queue" });
    expect((await listCaregiverQueue({ actor: admin, query: approved })).rows).toEqual([]);
    const client = await createUser(setup.db, { roles: ["client"] });
    await expect(listCaregiverQueue({ actor: client, query: QueueQuerySchema.parse({}) })).rejects.toMatchObject({
      code: "forbidden",
      ref: { key: "admin:refusals.onlyAdminsReview" },
    });
  });
});

describe("decisions", () => {
  test("approval needs a clear check; each decision emails the caregiver and is audited", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = await applicant();
    const change = { actor: admin, caregiverId: caregiver.id, request: request() };

    await expect(applyDecision({ ...change, decision: "approve", reason: "" })).rejects.toMatchObject({
      code: "conflict",
      ref: { key: "admin:refusals.approveNeedsClear" },
    });
    expect(await setBackgroundCheck({ ...change, status: "clear" })).toMatchObject({ ok: true });
    const review = await loadCaregiverForReview({ actor: admin, caregiverId: caregiver.id });
    expect(review!.vetting).toMatchObject({
      backgroundCheckSetBy: admin.id,
      setByName: `${admin.firstName} ${admin.lastName}`,
    });
    expect(review!.vetting!.backgroundCheckSetAt).toBeInstanceOf(Date);

    expect(await applyDecision({ ...change, decision: "approve", reason: "" })).toMatchObject({ ok: true });
    expect(await statusOf(caregiver.id)).toBe("approved");
    expect(await applyDecision({ ...change, decision: "suspend", reason: "Missed visits" })).toMatchObject({
      ok: true,
    });
    expect(await statusOf(caregiver.id)).toBe("suspended");
    expect(await applyDecision({ ...change, decision: "reinstate", reason: "" })).toMatchObject({ ok: true });
    expect(await statusOf(caregiver.id)).toBe("approved");

    expect(await subjectsFor(caregiver.email)).toEqual(
      expect.arrayContaining([
        "Welcome to Tendly: your application is approved",
        "Your Tendly caregiver account is suspended",
        "Your Tendly caregiver account is active again",
      ]),
    );
    expect(await eventsFor(caregiver.id)).toEqual([
      "caregiver_background_check_updated",
      "caregiver_approved",
      "caregiver_suspended",
      "caregiver_reinstated",
    ]);
  });

  test("a rejection based on an adverse check goes through the pre-adverse notice and the waiting period", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = await applicant();
    const change = { actor: admin, caregiverId: caregiver.id, request: request() };
    await setBackgroundCheck({ ...change, status: "consider" });
    await expect(applyDecision({ ...change, decision: "reject", reason: "Background check" })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await sendPreAdverseNotice(change)).toMatchObject({ ok: true });
    await expect(sendPreAdverseNotice(change)).rejects.toMatchObject({ code: "conflict" });
    await expect(applyDecision({ ...change, decision: "reject", reason: "Background check" })).rejects.toMatchObject({
      code: "conflict",
    });
    const later = new Date(Date.now() + 6 * 86_400_000);
    expect(
      await applyDecision({ ...change, decision: "reject", reason: "Background check", now: later }),
    ).toMatchObject({ ok: true });
    expect(await statusOf(caregiver.id)).toBe("rejected");
    const [vetting] = await setup.db
      .select()
      .from(caregiverVetting)
      .where(eq(caregiverVetting.caregiverId, caregiver.id));
    expect(vetting!.preAdverseNoticeAt).toBeInstanceOf(Date);
    expect(vetting!.finalAdverseNoticeAt).toEqual(later);
    expect(vetting!.decisionReason).toBe("Background check");
    expect(await subjectsFor(caregiver.email)).toEqual(
      expect.arrayContaining([
        "Pre-adverse action notice about your Tendly application",
        "Adverse action notice about your Tendly application",
      ]),
    );
    const rejected = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.eventType, "caregiver_rejected"), eq(auditEvents.userId, admin.id)));
    expect(rejected[0]!.metadata).toMatchObject({ caregiverId: caregiver.id, adverseAction: "final_notice" });
  });
});

describe("the caregiver's language", () => {
  test("each email goes in the language stored on the caregiver's account", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"] });
    const caregiver = await applicant({ firstName: "Sofía" });
    await saveAccountLocale(caregiver.id, "es");
    const change = { actor: admin, caregiverId: caregiver.id, request: request() };
    await setBackgroundCheck({ ...change, status: "consider" });
    expect(await sendPreAdverseNotice(change)).toMatchObject({ ok: true });
    await setBackgroundCheck({ ...change, status: "clear" });
    expect(await applyDecision({ ...change, decision: "approve", reason: "" })).toMatchObject({ ok: true });
    expect(await subjectsFor(caregiver.email)).toEqual(
      expect.arrayContaining([
        "Aviso previo a una acción adversa sobre su solicitud en Tendly",
        "Le damos la bienvenida a Tendly: su solicitud fue aprobada",
      ]),
    );
  });
});

describe("reference notes", () => {
  test("are kept per reference, audited on each save, and only for references in the application", async () => {
    const admin = await createUser(setup.db, { roles: ["admin"], firstName: "Rita", lastName: "Admin" });
    const caregiver = await applicant({ firstName: "Refs" });
    await setup.db
      .update(caregiverApplicationDrafts)
      .set({
        data: {
          background: {
            backgroundCheckConsent: true,
            informationConfirmation: true,
            references: [
              { name: "Dana Hill", relationship: "Former employer", contact: "dana@example.test" },
              { name: "Sam Ortiz", relationship: "Client family", contact: "3125550199" },
            ],
          },
        },
      })
      .where(eq(caregiverApplicationDrafts.userId, caregiver.id));
    const change = { actor: admin, caregiverId: caregiver.id, request: request() };

    expect(await saveReferenceNotes({ ...change, referenceIndex: 0, notes: "Reached by phone; warm praise." })).toEqual(
      {
        ok: true,
        message: { key: "admin:caregiver.notesSaved", values: { name: "Dana Hill" } },
      },
    );
    expect(await saveReferenceNotes({ ...change, referenceIndex: 1, notes: "Left a voicemail." })).toMatchObject({
      ok: true,
    });
    expect(await saveReferenceNotes({ ...change, referenceIndex: 1, notes: "  Called back: reliable.  " })).toEqual({
      ok: true,
      message: { key: "admin:caregiver.notesSaved", values: { name: "Sam Ortiz" } },
    });
    await expect(saveReferenceNotes({ ...change, referenceIndex: 2, notes: "Nobody" })).rejects.toMatchObject({
      code: "not_found",
      ref: { key: "admin:refusals.referenceMissing" },
    });

    const review = await loadCaregiverForReview({ actor: admin, caregiverId: caregiver.id });
    const notes = [...review!.referenceNotes].sort((a, b) => a.referenceIndex - b.referenceIndex);
    expect(notes).toMatchObject([
      { referenceIndex: 0, notes: "Reached by phone; warm praise.", updatedByName: "Rita Admin" },
      { referenceIndex: 1, notes: "Called back: reliable.", updatedByName: "Rita Admin" },
    ]);
    expect(notes[0]!.updatedAt).toBeInstanceOf(Date);

    // Emptying a reference's notes removes them; every save is in the audit log, without the notes.
    await saveReferenceNotes({ ...change, referenceIndex: 0, notes: "" });
    const after = await loadCaregiverForReview({ actor: admin, caregiverId: caregiver.id });
    expect(after!.referenceNotes.map((entry) => entry.referenceIndex)).toEqual([1]);
    const saves = await setup.db
      .select({ userId: auditEvents.userId, metadata: auditEvents.metadata })
      .from(auditEvents)
      .where(eq(auditEvents.eventType, "caregiver_reference_notes_saved"))
      .orderBy(auditEvents.createdAt);
    const mine = saves.filter((row) => row.metadata.caregiverId === caregiver.id);
    expect(mine).toHaveLength(4);
    expect(mine.every((row) => row.userId === admin.id)).toBe(true);
    expect(mine.map((row) => [row.metadata.referenceIndex, row.metadata.cleared])).toEqual([
      [0, false],
      [1, false],
      [1, false],
      [0, true],
    ]);
    expect(JSON.stringify(mine)).not.toContain("voicemail");
  });

  test("are refused to anyone but an administrator", async () => {
    const client = await createUser(setup.db, { roles: ["client"] });
    const caregiver = await applicant();
    await expect(
      saveReferenceNotes({
        actor: client,
        caregiverId: caregiver.id,
        request: request(),
        referenceIndex: 0,
        notes: "x",
      }),
    ).rejects.toMatchObject({
      code: "forbidden",
      ref: { key: "admin:refusals.onlyAdminsReview" },
    });
  });
});

import { and, count, eq, gte, isNull, min, sql } from "drizzle-orm";
import { publishAdminAttention } from "~/platform/realtime/publish.server";
import { clientAddress } from "~/platform/auth/client-address";
import { recordSecurityEvent } from "~/platform/auth/security-events.server";
import { db, type Executor, type Tx } from "~/platform/db/client.server";
import { committedAnswer, onceForKey } from "~/platform/db/idempotency.server";
import {
  auditEvents,
  caregiverApplicationDrafts,
  caregiverAvailability,
  caregiverCertifications,
  caregiverDocuments,
  caregiverProfiles,
} from "~/platform/db/schema";
import { sendEmail } from "~/platform/email/mailer.server";
import { applicationReceivedEmail } from "~/platform/email/templates/caregiver-emails";
import { accountLocale } from "~/platform/auth/account-locale.server";
import type { Registration } from "~/features/accounts/public";
import { registerAccount, type RegistrationOutcome } from "~/features/accounts/public.server";
import { removeCaregiverAvatar } from "~/features/caregivers/public.server";
import { deleteFile } from "~/platform/storage/files.server";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";
import { lookupZip } from "~/utils/zip-codes.server";
import type { Applicant } from "./applicant.server";
import { type AvailabilityStep, type ExperienceStep, availabilityWindows } from "~/features/caregivers/public";
import {
  APPLICATION_STEPS,
  APPLICATIONS_PER_ADDRESS,
  missingSteps,
  nextStep,
  slugBase,
  slugCandidate,
  stepNumber,
  type BackgroundStep,
  type DraftData,
  type StepId,
  TOO_MANY_APPLICATIONS,
  type PersonalInfoUpdate,
} from "./application";
import { storageKeyOf } from "./document-paths";

// The caregiver application on the server (docs/product-rules.md, "Caregiver application and vetting"): the account at step 1,
// each later step saved into the draft (and, where it describes the
// caregiver, into the profile), then the submission.

/** Step 1: creates the caregiver account (email verification as for clients), its pending profile and the draft. */
export async function startApplication({
  registration,
  request,
  now = new Date(),
}: {
  registration: Registration;
  request: Request;
  now?: Date;
}): Promise<RegistrationOutcome> {
  // Without an address (never the case behind our HTTP host) there is no bucket to count in.
  const address = clientAddress(request);
  const started = address ? await applicationsStartedFrom(address, now) : undefined;
  if (started && started.count >= APPLICATIONS_PER_ADDRESS.max) {
    const retryAt = new Date(started.oldest.getTime() + APPLICATIONS_PER_ADDRESS.windowMs);
    return { status: "rate-limited", message: TOO_MANY_APPLICATIONS, retryAt };
  }
  return registerAccount(
    { registration, request },
    {
      role: "caregiver",
      write: async (tx, userId) => {
        const location = await zipLocation(registration.zipCode);
        const base = slugBase(registration.firstName, registration.lastName);
        let slug = slugCandidate(base, 1);
        for (let attempt = 2; await slugTaken(tx, slug); attempt += 1) slug = slugCandidate(base, attempt);
        await tx.insert(caregiverProfiles).values({
          userId,
          slug,
          firstName: registration.firstName,
          lastName: registration.lastName,
          phoneNumber: registration.phoneNumber,
          city: registration.city,
          state: registration.state,
          zipCode: registration.zipCode,
          ...location,
          caregiverStatus: "pending",
        });
        await tx.insert(caregiverApplicationDrafts).values({
          userId,
          data: { "personal-info": { streetAddress: registration.streetAddress } } satisfies DraftData,
          currentStep: stepNumber(nextStep("personal-info")),
        });
      },
    },
  );
}

/** Caregiver accounts registered from `address` within the day, counted from the audit log. */
async function applicationsStartedFrom(address: string, now: Date): Promise<{ count: number; oldest: Date }> {
  const since = new Date(now.getTime() - APPLICATIONS_PER_ADDRESS.windowMs);
  const [row] = await db
    .select({ value: count(), oldest: min(auditEvents.createdAt) })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.eventType, "account_registered"),
        eq(auditEvents.ipAddress, address),
        sql`${auditEvents.metadata}->>'role' = 'caregiver'`,
        gte(auditEvents.createdAt, since),
      ),
    );
  return { count: row?.value ?? 0, oldest: row?.oldest ?? now };
}

/** The ZIP's centroid: matching measures travel from it (a ZIP not in the table leaves it empty). */
async function zipLocation(zipCode: string) {
  const place = await lookupZip(zipCode);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

async function slugTaken(tx: Executor, slug: string): Promise<boolean> {
  const [row] = await tx
    .select({ userId: caregiverProfiles.userId })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.slug, slug))
    .limit(1);
  return row !== undefined;
}

export type ApplicationView = {
  email: string;
  emailVerified: boolean;
  currentStep: number;
  personalInfo: PersonalInfoUpdate;
  draft: DraftData;
  documents: { id: string; kind: string; originalName: string; contentType: string; byteSize: number }[];
};

/** Everything the applicant has answered so far; only their own application. */
export async function loadApplication(applicant: Applicant): Promise<ApplicationView> {
  const [row] = await db
    .select({ profile: caregiverProfiles, draft: caregiverApplicationDrafts })
    .from(caregiverProfiles)
    .innerJoin(caregiverApplicationDrafts, eq(caregiverApplicationDrafts.userId, caregiverProfiles.userId))
    .where(eq(caregiverProfiles.userId, applicant.userId))
    .limit(1);
  if (!row) throw new Error("The application of this applicant is missing.");
  const documents = await db
    .select({
      id: caregiverDocuments.id,
      kind: caregiverDocuments.kind,
      originalName: caregiverDocuments.originalName,
      contentType: caregiverDocuments.contentType,
      byteSize: caregiverDocuments.byteSize,
    })
    .from(caregiverDocuments)
    .where(eq(caregiverDocuments.caregiverId, applicant.userId))
    .orderBy(caregiverDocuments.createdAt);
  const draft = row.draft.data as DraftData;
  const { profile } = row;
  return {
    email: applicant.email,
    emailVerified: applicant.emailVerified,
    currentStep: row.draft.currentStep,
    personalInfo: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phoneNumber: profile.phoneNumber ?? "",
      streetAddress: draft["personal-info"]?.streetAddress ?? "",
      city: profile.city ?? "",
      state: (profile.state ?? "") as PersonalInfoUpdate["state"],
      zipCode: profile.zipCode ?? "",
    },
    draft,
    documents,
  };
}

const ALREADY_SUBMITTED = { key: "onboarding:errors.alreadySubmitted" } as const satisfies MessageRef;

/** Merges one step's answers into the draft and moves the current step past it (conflict once submitted). */
async function saveDraftStep<K extends keyof DraftData>(
  tx: Tx,
  userId: string,
  step: K & StepId,
  answers: DraftData[K],
): Promise<void> {
  const [draft] = await tx
    .select()
    .from(caregiverApplicationDrafts)
    .where(and(eq(caregiverApplicationDrafts.userId, userId), isNull(caregiverApplicationDrafts.submittedAt)))
    .for("update");
  if (!draft) throw new AppError("conflict", ALREADY_SUBMITTED);
  await tx
    .update(caregiverApplicationDrafts)
    .set({
      data: { ...draft.data, [step]: answers },
      currentStep: Math.max(draft.currentStep, stepNumber(nextStep(step))),
    })
    .where(eq(caregiverApplicationDrafts.userId, userId));
}

export async function savePersonalInfo(applicant: Applicant, values: PersonalInfoUpdate): Promise<void> {
  const location = await zipLocation(values.zipCode);
  await db.transaction(async (tx) => {
    await tx
      .update(caregiverProfiles)
      .set({
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: values.phoneNumber,
        city: values.city,
        state: values.state,
        zipCode: values.zipCode,
        ...location,
      })
      .where(eq(caregiverProfiles.userId, applicant.userId));
    await saveDraftStep(tx, applicant.userId, "personal-info", { streetAddress: values.streetAddress });
  });
}

export async function saveBackground(applicant: Applicant, values: BackgroundStep): Promise<void> {
  await db.transaction((tx) => saveDraftStep(tx, applicant.userId, "background", values));
}

/** The weekly grid becomes caregiver_availability rows (weekday 0 = Monday). */
export async function saveAvailability(applicant: Applicant, values: AvailabilityStep): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, applicant.userId));
    const windows = availabilityWindows(values.slots);
    if (windows.length > 0) {
      await tx
        .insert(caregiverAvailability)
        .values(windows.map((window) => ({ ...window, caregiverId: applicant.userId })));
    }
    await tx
      .update(caregiverProfiles)
      .set({ travelRadiusMiles: values.travelRadiusMiles })
      .where(eq(caregiverProfiles.userId, applicant.userId));
    await saveDraftStep(tx, applicant.userId, "availability", values);
  });
}

/** Experience fills the public profile's fields (years, services, skills, languages, bio) and certifications. */
export async function saveExperience(applicant: Applicant, values: ExperienceStep): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(caregiverProfiles)
      .set({
        yearsExperience: values.yearsExperience,
        services: values.services,
        skills: values.skills,
        languages: values.languages,
        bio: values.bio,
        bioLanguage: values.bioLanguage,
      })
      .where(eq(caregiverProfiles.userId, applicant.userId));
    // A certificate already uploaded for a certification stays linked to it (by name).
    const previous = await tx
      .delete(caregiverCertifications)
      .where(eq(caregiverCertifications.caregiverId, applicant.userId))
      .returning({ name: caregiverCertifications.name, documentUrl: caregiverCertifications.documentUrl });
    const documents = new Map(previous.map((row) => [row.name, row.documentUrl]));
    if (values.certifications.length > 0) {
      await tx.insert(caregiverCertifications).values(
        values.certifications.map((name) => ({
          caregiverId: applicant.userId,
          name,
          documentUrl: documents.get(name) ?? null,
        })),
      );
    }
    await saveDraftStep(tx, applicant.userId, "experience", values);
  });
}

/**
 * Marks the documents step done (the files themselves are saved as they are
 * uploaded); refused (invalid) without the government ID and the photo.
 */
export async function completeDocuments(applicant: Applicant): Promise<{ ok: true }> {
  const kinds = kindsOf(await loadApplication(applicant));
  if (!kinds.includes("government_id") || !kinds.includes("profile_photo")) {
    throw new AppError("invalid", { key: "onboarding:errors.documentsMissing" });
  }
  await db.transaction((tx) =>
    saveDraftStep(tx, applicant.userId, "documents", { completedAt: new Date().toISOString() }),
  );
  return { ok: true };
}

const kindsOf = (view: ApplicationView) => view.documents.map((document) => document.kind);

export type SubmissionOutcome = { status: "submitted" };

const stepTitle = (step: StepId) => APPLICATION_STEPS.find((entry) => entry.id === step)!.title;

/** The scope of the review page's idempotency keys. */
const SUBMISSION_SCOPE = "caregiver-application";

/**
 * Whether `userId`'s application went in with `idempotencyKey`: a repeat of that submission (a
 * double click, a retry after a lost answer) is answered as the first was, although the
 * application it names is no longer open (docs/product-rules.md, "A repeated submission creates one thing").
 */
export async function isSubmittedWithKey(userId: string, idempotencyKey: string): Promise<boolean> {
  try {
    return (await committedAnswer({ scope: SUBMISSION_SCOPE, key: idempotencyKey, owner: userId })) !== undefined;
  } catch (error) {
    // Someone else's key: not a repeat of this person's submission (the submission itself refuses it).
    if (error instanceof AppError && error.reason === "foreign-key") return false;
    throw error;
  }
}

/**
 * Submits the application: the email must be verified (docs/decisions/0007;
 * else forbidden) and every step complete (else invalid, naming the steps).
 * The caregiver stays pending, gets an email, and the submission is written
 * to the audit log.
 */
export async function submitApplication(
  applicant: Applicant,
  request: Request,
  {
    idempotencyKey,
  }: {
    /** The review page's key (docs/decisions/0019-idempotency-keys.md): a repeat answers as the first did. */
    idempotencyKey?: string;
  } = {},
): Promise<SubmissionOutcome> {
  if (!applicant.emailVerified) throw new AppError("forbidden", { key: "onboarding:errors.unverified" });
  const view = await loadApplication(applicant);
  const missing = missingSteps(view.draft, kindsOf(view));
  if (missing.length > 0) {
    // reason: the page names the missing steps in the applicant's language; `steps` names them in English.
    throw new AppError(
      "invalid",
      { key: "onboarding:errors.incomplete", values: { steps: missing.map(stepTitle).join(", ") } },
      { reason: "incomplete" },
    );
  }
  // The confirmation email in the language stored on the account (English when none).
  const locale = (await accountLocale(applicant.userId)) ?? undefined;
  // The submission, the pending status and the confirmation email: together or not at all.
  // The key's row and the submission are written together: a second click waits for the first and replays it.
  const idem = idempotencyKey ? { scope: SUBMISSION_SCOPE, key: idempotencyKey, owner: applicant.userId } : undefined;
  const { value: submitted, isReplay } = await onceForKey(idem, async (tx) => {
    const [row] = await tx
      .update(caregiverApplicationDrafts)
      .set({ submittedAt: new Date(), currentStep: stepNumber("review") })
      .where(
        and(eq(caregiverApplicationDrafts.userId, applicant.userId), isNull(caregiverApplicationDrafts.submittedAt)),
      )
      .returning({ userId: caregiverApplicationDrafts.userId });
    if (!row) return false;
    await tx
      .update(caregiverProfiles)
      .set({ caregiverStatus: "pending" })
      .where(eq(caregiverProfiles.userId, applicant.userId));
    await sendEmail(
      { to: applicant.email, ...applicationReceivedEmail({ firstName: view.personalInfo.firstName, locale }) },
      tx,
    );
    await publishAdminAttention(tx, "applications");
    return true;
  });
  if (!submitted || isReplay) return { status: "submitted" };
  await recordSecurityEvent({
    type: "caregiver_application_submitted",
    userId: applicant.userId,
    category: "account",
    request,
  });
  return { status: "submitted" };
}

/** The step a restarted application continues at: the account (personal information) stays. */
export const RESTART_STEP: StepId = nextStep("personal-info");

/**
 * Starts an unsubmitted application over ("Start over" clears the draft, the step and
 * files). The account and its personal information stay, since they are the
 * account itself; every later answer goes, from the draft and from the profile
 * it filled (availability, experience, certifications), and the uploaded
 * documents and the avatar made from the photo are deleted. Refused
 * (conflict) when the application is already submitted: nothing changes then.
 */
export async function restartApplication(applicant: Applicant): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const [draft] = await tx
      .select()
      .from(caregiverApplicationDrafts)
      .where(
        and(eq(caregiverApplicationDrafts.userId, applicant.userId), isNull(caregiverApplicationDrafts.submittedAt)),
      )
      .for("update");
    if (!draft) return null;
    const personalInfo = (draft.data as DraftData)["personal-info"];
    await tx
      .update(caregiverApplicationDrafts)
      .set({
        data: personalInfo ? ({ "personal-info": personalInfo } satisfies DraftData) : {},
        currentStep: stepNumber(RESTART_STEP),
        fileIds: [],
      })
      .where(eq(caregiverApplicationDrafts.userId, applicant.userId));
    await tx.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, applicant.userId));
    await tx.delete(caregiverCertifications).where(eq(caregiverCertifications.caregiverId, applicant.userId));
    await tx
      .update(caregiverProfiles)
      .set({
        yearsExperience: sql`default`,
        services: sql`default`,
        skills: sql`default`,
        languages: sql`default`,
        bio: sql`default`,
        bioLanguage: sql`default`,
        travelRadiusMiles: sql`default`,
      })
      .where(eq(caregiverProfiles.userId, applicant.userId));
    return tx
      .delete(caregiverDocuments)
      .where(eq(caregiverDocuments.caregiverId, applicant.userId))
      .returning({ storagePath: caregiverDocuments.storagePath });
  });
  if (!removed) throw new AppError("conflict", ALREADY_SUBMITTED);
  // The rows are gone, so nothing links to these files any more.
  for (const document of removed) await deleteFile(storageKeyOf(document.storagePath)).catch(() => undefined);
  await removeCaregiverAvatar(applicant.userId);
}

/** Where a signed-in caregiver with an unsubmitted application should continue, or null. */
export async function unfinishedApplicationStep(userId: string): Promise<number | null> {
  const [draft] = await db
    .select({ currentStep: caregiverApplicationDrafts.currentStep })
    .from(caregiverApplicationDrafts)
    .where(and(eq(caregiverApplicationDrafts.userId, userId), isNull(caregiverApplicationDrafts.submittedAt)))
    .limit(1);
  return draft?.currentStep ?? null;
}

import { eq } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { caregiverAvailability, caregiverProfiles } from "~/platform/db/schema";
import { actorAs } from "~/platform/auth/actor";
import { availabilityWindows, slotsCovered } from "./work-profile-fields";
import { caregiverPayBand, isWithinPayBand } from "~/features/pricing/public";
import { getPricing } from "~/features/pricing/public.server";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import type { WorkProfile, WorkProfileRules, WorkProfileView } from "./work-profile.schema";

// An approved caregiver's own answers that matching reads (docs/product-rules.md, "Caregiver profile"):
// services, languages, weekly availability, travel radius, the hourly rate within the pay band and the
// bio, on caregiver_profiles and caregiver_availability. Matching runs when a request is submitted or an
// offer moves on, so a change counts from the next one; offers and orders already made stay as they are.

type Actor = { id: string; roles: readonly Role[] };

async function readWorkProfile(executor: Executor, caregiverId: string) {
  const [profile] = await executor
    .select({
      services: caregiverProfiles.services,
      languages: caregiverProfiles.languages,
      travelRadiusMiles: caregiverProfiles.travelRadiusMiles,
      hourlyRateCents: caregiverProfiles.hourlyRateCents,
      bio: caregiverProfiles.bio,
      bioLanguage: caregiverProfiles.bioLanguage,
    })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.userId, caregiverId));
  if (!profile) throw new AppError("not_found", { key: "account:profile.work.notFound" });
  const windows = await executor
    .select({
      weekday: caregiverAvailability.weekday,
      startMinute: caregiverAvailability.startMinute,
      endMinute: caregiverAvailability.endMinute,
    })
    .from(caregiverAvailability)
    .where(eq(caregiverAvailability.caregiverId, caregiverId));
  return { ...profile, windows };
}

/** The caregiver's answers as the form shows them, and the pay band in force. */
export async function getWorkProfile({ actor }: { actor: Actor }): Promise<WorkProfileView> {
  const caregiver = actorAs(actor, "caregiver");
  const [profile, pricing] = await Promise.all([readWorkProfile(db, caregiver.id), getPricing()]);
  return {
    services: profile.services,
    languages: profile.languages,
    slots: slotsCovered(profile.windows),
    travelRadiusMiles: profile.travelRadiusMiles,
    hourlyRateCents: profile.hourlyRateCents,
    bio: profile.bio ?? "",
    bioLanguage: profile.bioLanguage,
    band: caregiverPayBand(pricing),
  };
}

/** What the form's schema checks against for this caregiver now (workProfileSchema). */
export function workProfileRules(view: WorkProfileView): WorkProfileRules {
  return { band: view.band, keptRateCents: view.hourlyRateCents };
}

/**
 * Saves the caregiver's answers (parsed with workProfileSchema). The weekly
 * grid replaces the availability only when its slots changed, so hours that
 * are no whole part of a day (09:00-17:00) stay as they are until then. A new
 * rate is checked against the band again under the row lock (invalid otherwise).
 */
export async function updateWorkProfile({ actor, values }: { actor: Actor; values: WorkProfile }): Promise<void> {
  const caregiver = actorAs(actor, "caregiver");
  await db.transaction(async (tx) => {
    await tx
      .select({ userId: caregiverProfiles.userId })
      .from(caregiverProfiles)
      .where(eq(caregiverProfiles.userId, caregiver.id))
      .for("update");
    const current = await readWorkProfile(tx, caregiver.id);
    if (values.hourlyRateCents !== current.hourlyRateCents) {
      const band = caregiverPayBand(await getPricing(tx));
      if (values.hourlyRateCents === null || !isWithinPayBand(values.hourlyRateCents, band)) {
        throw new AppError("invalid", { key: "validation:onboarding.rateOutsideBand" }, { field: "hourlyRateCents" });
      }
    }
    const slots = [...new Set(values.slots)].toSorted();
    if (slots.join() !== slotsCovered(current.windows).toSorted().join()) {
      await tx.delete(caregiverAvailability).where(eq(caregiverAvailability.caregiverId, caregiver.id));
      const windows = availabilityWindows(slots);
      if (windows.length > 0) {
        await tx
          .insert(caregiverAvailability)
          .values(windows.map((window) => ({ ...window, caregiverId: caregiver.id })));
      }
    }
    await tx
      .update(caregiverProfiles)
      .set({
        services: values.services,
        languages: values.languages,
        travelRadiusMiles: values.travelRadiusMiles,
        hourlyRateCents: values.hourlyRateCents,
        bio: values.bio,
        bioLanguage: values.bioLanguage,
      })
      .where(eq(caregiverProfiles.userId, caregiver.id));
  });
}

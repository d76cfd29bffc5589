import { z } from "zod";
import { AvailabilityStepSchema, ExperienceStepSchema } from "./work-profile-fields";
import { isWithinPayBand, type PayBand } from "~/features/pricing/public";
import type { Locale } from "~/i18n/config";
import { messageKey } from "~/i18n/message-keys";

// The "Your work" form of an approved caregiver's profile (docs/product-rules.md, "Caregiver profile"):
// the application's own rules for services, languages, the weekly grid, the travel radius and the bio,
// plus the hourly rate within the pay band. The page validates with it and the action re-parses with it.

const experience = ExperienceStepSchema.shape;
const availability = AvailabilityStepSchema.shape;

/** A caregiver's work profile as the page shows it, with the pay band its rate must lie within. */
export type WorkProfileView = {
  services: string[];
  languages: string[];
  /** The weekly grid's slots ("0-morning"): the parts of the day the availability covers wholly. */
  slots: string[];
  travelRadiusMiles: number;
  hourlyRateCents: number | null;
  bio: string;
  /** The language of `bio`; null before the caregiver has said (the form then offers the page's). */
  bioLanguage: Locale | null;
  band: PayBand;
};

/** What the rate is checked against: the band now, and the rate kept so far (not checked again). */
export type WorkProfileRules = { band: PayBand; keptRateCents: number | null };

/** Dollars as typed ("25", "25.50") in cents; empty is no rate. */
const rateCents = z
  .string()
  .trim()
  .regex(/^(\d{1,4}(\.\d{1,2})?)?$/, messageKey("validation:onboarding.rateFormat"))
  .transform((value) => (value === "" ? null : Math.round(Number(value) * 100)));

/**
 * The form's schema for the rules in force. A rate kept as it was passes even
 * if the band has moved since it was set; a new one must lie within the band,
 * and a rate once set cannot be emptied.
 */
export function workProfileSchema({ band, keptRateCents }: WorkProfileRules) {
  return z.object({
    services: experience.services,
    languages: experience.languages,
    slots: availability.slots,
    travelRadiusMiles: availability.travelRadiusMiles,
    hourlyRateCents: rateCents
      .refine((cents) => cents !== null || keptRateCents === null, messageKey("validation:onboarding.rateRequired"))
      .refine(
        (cents) => cents === null || cents === keptRateCents || isWithinPayBand(cents, band),
        messageKey("validation:onboarding.rateOutsideBand"),
      ),
    bio: experience.bio,
    bioLanguage: experience.bioLanguage,
  });
}

export type WorkProfile = z.output<ReturnType<typeof workProfileSchema>>;

/**
 * The form as posted, under the rules in force: its intent, and the rate typed in dollars as
 * `hourlyRate` (in cents once parsed). The action saves it as a WorkProfile (workProfileOf).
 */
export function workProfileFormSchema(rules: WorkProfileRules) {
  const { hourlyRateCents, ...fields } = workProfileSchema(rules).shape;
  return z.object({ intent: z.literal("work"), ...fields, hourlyRate: hourlyRateCents });
}

/** The posted form's answers as the work profile keeps them. */
export function workProfileOf({
  intent: _intent,
  hourlyRate,
  ...fields
}: z.output<ReturnType<typeof workProfileFormSchema>>): WorkProfile {
  return { ...fields, hourlyRateCents: hourlyRate };
}

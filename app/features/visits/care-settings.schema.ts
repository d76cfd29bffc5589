import { z } from "zod";
import type { CareSettings } from "./care-settings";

// The care-delivery thresholds form on /admin/settings (docs/product-rules.md,
// "Visits"). The messages are English constants, translated at the route
// with localizeText (their Spanish is in locales/<lang>/alerts.ts,
// settingsForm.errors).

/** Each threshold: its unit and the range an admin may set. */
export const CARE_SETTING_FIELDS = {
  checkInOpensMinutes: { unit: "minutes", min: 0, max: 720 },
  lateAlertMinutes: { unit: "minutes", min: 1, max: 240 },
  backupOfferMinutes: { unit: "minutes", min: 1, max: 480 },
  lateCancelHours: { unit: "hours", min: 0, max: 168 },
  offlineSyncWindowHours: { unit: "hours", min: 1, max: 720 },
  lateSyncMinutes: { unit: "minutes", min: 1, max: 1440 },
  locationToleranceMeters: { unit: "meters", min: 10, max: 50_000 },
  noteCorrectionHours: { unit: "hours", min: 0, max: 168 },
  feedbackEditDays: { unit: "days", min: 0, max: 365 },
} as const satisfies Record<keyof CareSettings, { unit: string; min: number; max: number }>;

export type CareSettingField = keyof typeof CARE_SETTING_FIELDS;
export const CARE_SETTING_NAMES = Object.keys(CARE_SETTING_FIELDS) as CareSettingField[];

export const CARE_SETTING_MESSAGES = {
  checkInOpensMinutes: "Enter a whole number of minutes from 0 to 720.",
  lateAlertMinutes: "Enter a whole number of minutes from 1 to 240.",
  backupOfferMinutes: "Enter a whole number of minutes from 1 to 480.",
  lateCancelHours: "Enter a whole number of hours from 0 to 168.",
  offlineSyncWindowHours: "Enter a whole number of hours from 1 to 720.",
  lateSyncMinutes: "Enter a whole number of minutes from 1 to 1440.",
  locationToleranceMeters: "Enter a whole number of meters from 10 to 50000.",
  noteCorrectionHours: "Enter a whole number of hours from 0 to 168.",
  feedbackEditDays: "Enter a whole number of days from 0 to 365.",
} as const satisfies Record<CareSettingField, string>;

export const BACKUP_BEFORE_ALERT_MESSAGE =
  "Offer to backup caregivers at the same time as the late alert or later, not before.";

const wholeNumber = (field: CareSettingField) => {
  const { min, max } = CARE_SETTING_FIELDS[field];
  return z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, CARE_SETTING_MESSAGES[field])
    .transform(Number)
    .refine((value) => value >= min && value <= max, CARE_SETTING_MESSAGES[field]);
};

export const CareSettingsSchema = z
  .object(
    Object.fromEntries(CARE_SETTING_NAMES.map((field) => [field, wholeNumber(field)])) as Record<
      CareSettingField,
      ReturnType<typeof wholeNumber>
    >,
  )
  .refine((values) => values.backupOfferMinutes >= values.lateAlertMinutes, {
    message: BACKUP_BEFORE_ALERT_MESSAGE,
    path: ["backupOfferMinutes"],
  });

export type CareSettingsForm = z.output<typeof CareSettingsSchema>;

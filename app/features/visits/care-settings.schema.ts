import { z } from "zod";
import type { MessageKey, MessageRef } from "~/i18n/message-keys";
import type { CareSettings } from "./care-settings";

// The care-delivery thresholds form on /admin/settings (docs/product-rules.md,
// "Visits"). The messages are keys of locales/<lang>/alerts.ts
// settingsForm.errors, worded by the route (docs/decisions/0025-messages-as-keys.md).

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
  lateMoveHours: { unit: "hours", min: 0, max: 168 },
  shortVisitPercent: { unit: "percent", min: 1, max: 100 },
  minimumChargeMinutes: { unit: "minutes", min: 0, max: 720 },
} as const satisfies Record<keyof CareSettings, { unit: string; min: number; max: number }>;

export type CareSettingField = keyof typeof CARE_SETTING_FIELDS;
export const CARE_SETTING_NAMES = Object.keys(CARE_SETTING_FIELDS) as CareSettingField[];

/** A field's message, the key of its range (checked against the catalogue by its type). */
const rangeMessage = (field: CareSettingField): MessageKey => `alerts:settingsForm.errors.${field}`;

export const BACKUP_BEFORE_ALERT_MESSAGE = {
  key: "alerts:settingsForm.errors.backupBeforeAlert",
} as const satisfies MessageRef;

const wholeNumber = (field: CareSettingField) => {
  const { min, max } = CARE_SETTING_FIELDS[field];
  return z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, rangeMessage(field))
    .transform(Number)
    .refine((value) => value >= min && value <= max, rangeMessage(field));
};

const CareSettingFieldsSchema = z.object(
  Object.fromEntries(CARE_SETTING_NAMES.map((field) => [field, wholeNumber(field)])) as Record<
    CareSettingField,
    ReturnType<typeof wholeNumber>
  >,
);

const isBackupAfterAlert = (values: { lateAlertMinutes: number; backupOfferMinutes: number }) =>
  values.backupOfferMinutes >= values.lateAlertMinutes;
const backupBeforeAlert = () => ({ message: BACKUP_BEFORE_ALERT_MESSAGE.key, path: ["backupOfferMinutes"] });

export const CareSettingsSchema = CareSettingFieldsSchema.refine(isBackupAfterAlert, backupBeforeAlert());

/** The thresholds form on /admin/settings, posted with its intent among the page's other forms. */
export const CareSettingsFormSchema = CareSettingFieldsSchema.extend({ intent: z.literal("care-settings") }).refine(
  isBackupAfterAlert,
  backupBeforeAlert(),
);

export type CareSettingsForm = z.output<typeof CareSettingsSchema>;

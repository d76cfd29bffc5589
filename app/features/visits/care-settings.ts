import { DEFAULT_VISIT_CHARGE_SETTINGS, type VisitChargeSettings } from "~/features/billing/public";

// The care-delivery thresholds (docs/product-rules.md, "Visits"): settings an
// admin changes on /admin/settings, never constants in code. These defaults
// apply until an admin saves the form (the care_settings row is created then).

export type CareSettings = {
  checkInOpensMinutes: number;
  lateAlertMinutes: number;
  backupOfferMinutes: number;
  lateCancelHours: number;
  offlineSyncWindowHours: number;
  lateSyncMinutes: number;
  locationToleranceMeters: number;
  noteCorrectionHours: number;
  feedbackEditDays: number;
  /** A visit moved within this many hours of its start is a late change (visit-moves.ts). */
  lateMoveHours: number;
} & VisitChargeSettings;

export const DEFAULT_CARE_SETTINGS: CareSettings = {
  checkInOpensMinutes: 60,
  lateAlertMinutes: 15,
  backupOfferMinutes: 30,
  lateCancelHours: 24,
  offlineSyncWindowHours: 72,
  lateSyncMinutes: 60,
  locationToleranceMeters: 500,
  noteCorrectionHours: 24,
  feedbackEditDays: 14,
  lateMoveHours: 24,
  ...DEFAULT_VISIT_CHARGE_SETTINGS,
};

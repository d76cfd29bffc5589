import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// Late and missed visits, backup caregivers and caregivers' cancellations
// (docs/product-rules.md, "Visits"): each email in its recipient's language
// (locales/<lang>/emails/visits.ts), English when none is given. `when` comes
// formatted by the caller in that language and the zone where care happens.
// No health details and no street address: a backup caregiver sees the area only.

const visitT = (locale: Locale) => {
  const t = getFixedT(locale, "email");
  return (key: string, options: Record<string, unknown> = {}) => t(`visits.${key}`, options);
};

/** `url` null: no button (an alerts-only member of the family circle may not open the order; docs/product-rules.md). */
type Base = { orderNumber: string; when: string; url: string | null; locale?: Locale };
type ToPerson = Base & { firstName: string };

/** The four-part message most of these emails are: subject, preheader, heading, two paragraphs, one button. */
function simpleEmail(
  kind: string,
  values: Record<string, unknown>,
  url: string | null,
  locale: Locale,
  options: { extra?: string[]; subjectKey?: string } = {},
) {
  const t = visitT(locale);
  const { extra = [], subjectKey = "subject" } = options;
  return renderEmail({
    locale,
    subject: t(`${kind}.${subjectKey}`, values),
    preheader: t(`${kind}.preheader`, values),
    heading: t(`${kind}.heading`, values),
    paragraphs: [t(`${kind}.greeting`, values), ...extra, t(`${kind}.body`, values)],
    ...(url ? { action: { label: t(`${kind}.action`), url } } : {}),
  });
}

/** To the caregiver: not checked in `late_alert_minutes` after the start. */
export function lateCaregiverEmail(input: ToPerson) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("lateCaregiver", values, url, locale);
}

/** To the family: their caregiver has not checked in yet. */
export function lateFamilyEmail(input: ToPerson & { caregiverName: string }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("lateFamily", values, url, locale);
}

/** To each admin: a visit has not started; backups follow at `backupMinutes`. */
export function lateAdminEmail(input: Base & { caregiverName: string; backupMinutes: number }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("lateAdmin", values, url, locale);
}

/** To a backup caregiver: the area and the time, and the link to accept. */
export function backupOfferEmail(input: Omit<ToPerson, "orderNumber"> & { area: string }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("backupOffer", values, url, locale);
}

/** To each admin: nobody is free to cover the visit. */
export function noBackupEmail(input: Base) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("noBackup", values, url, locale);
}

/** To the family: no backup caregiver is free for their visit, and what the Tendly team does now. */
export function noBackupFamilyEmail(input: ToPerson) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("noBackupFamily", values, url, locale);
}

/** To the family: who is coming instead. */
export function backupTakenFamilyEmail(input: ToPerson & { caregiverName: string }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("backupTakenFamily", values, url, locale);
}

/** To the caregiver first booked: someone else is covering their visit. */
export function backupTakenOriginalEmail(input: ToPerson & { caregiverName: string }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("backupTakenOriginal", values, url, locale);
}

/** To the family: their caregiver cannot make a visit; backups are being asked. */
export function caregiverCancelledFamilyEmail(input: ToPerson & { caregiverName: string }) {
  const { url, locale = DEFAULT_LOCALE, ...values } = input;
  return simpleEmail("cancelledFamily", values, url, locale);
}

/**
 * To each admin: a caregiver cancelled a visit, late or not, and why; `reason` null is time off with no reason
 * written, worded in the admin's language.
 */
export function caregiverCancelledAdminEmail(
  input: Base & { caregiverName: string; reason: string | null; isLate: boolean; lateCancelHours: number },
) {
  const { url, locale = DEFAULT_LOCALE, isLate, lateCancelHours, reason, ...values } = input;
  const t = visitT(locale);
  // A late one says so in its subject, so that it stands out in the inbox.
  return simpleEmail("cancelledAdmin", values, url, locale, {
    subjectKey: isLate ? "subjectLate" : "subject",
    extra: [
      ...(isLate ? [t("cancelledAdmin.late", { hours: lateCancelHours })] : []),
      reason === null ? t("cancelledAdmin.reasonTimeOff") : t("cancelledAdmin.reason", { reason }),
    ],
  });
}

import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getTranslate } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// Emails about a caregiver application and account status (docs/product-rules.md, "Caregiver application and vetting"):
// every decision, approval included, is told by email. In the language stored
// on the caregiver's account (app/i18n, locales/<lang>/emails/caregiver.ts); English when none is given.

type CaregiverEmailInput = { firstName: string; locale?: Locale };

/** t() of the caregiver emails' words (`email` namespace, `caregiver.…`). */
const caregiverT = (locale: Locale) => {
  const t = getTranslate(locale, "email");
  return (key: string, values?: Record<string, unknown>) => t(`caregiver.${key}`, values);
};

export function applicationReceivedEmail({ firstName, locale = DEFAULT_LOCALE }: CaregiverEmailInput) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("received.subject"),
    preheader: t("received.preheader"),
    heading: t("received.heading"),
    paragraphs: [t("received.thanks", { firstName }), t("received.next"), t("received.decision")],
  });
}

export function applicationApprovedEmail({
  firstName,
  url,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { url: string }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("approved.subject"),
    preheader: t("approved.preheader"),
    heading: t("approved.heading"),
    paragraphs: [t("approved.congratulations", { firstName }), t("approved.next")],
    action: { label: t("openDashboard"), url },
  });
}

export function applicationRejectedEmail({
  firstName,
  reason,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { reason: string }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("rejected.subject"),
    preheader: t("rejected.preheader"),
    heading: t("rejected.heading"),
    paragraphs: [t("rejected.body", { firstName }), t("reason", { reason }), t("rejected.questions")],
  });
}

export function accountSuspendedEmail({
  firstName,
  reason,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { reason: string }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("suspended.subject"),
    preheader: t("suspended.preheader"),
    heading: t("suspended.heading"),
    paragraphs: [t("suspended.body", { firstName }), t("reason", { reason }), t("suspended.next")],
  });
}

export function accountReinstatedEmail({
  firstName,
  url,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { url: string }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("reinstated.subject"),
    preheader: t("reinstated.preheader"),
    heading: t("reinstated.heading"),
    paragraphs: [t("reinstated.body", { firstName })],
    action: { label: t("openDashboard"), url },
  });
}

export function preAdverseNoticeEmail({
  firstName,
  waitDays,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { waitDays: number }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("preAdverse.subject"),
    preheader: t("preAdverse.preheader"),
    heading: t("preAdverse.heading"),
    paragraphs: [t("preAdverse.body", { firstName }), t("preAdverse.rights"), t("preAdverse.wait", { waitDays })],
  });
}

export function finalAdverseNoticeEmail({
  firstName,
  reason,
  locale = DEFAULT_LOCALE,
}: CaregiverEmailInput & { reason: string }) {
  const t = caregiverT(locale);
  return renderEmail({
    locale,
    subject: t("finalAdverse.subject"),
    preheader: t("finalAdverse.preheader"),
    heading: t("finalAdverse.heading"),
    paragraphs: [t("finalAdverse.body", { firstName }), t("reason", { reason }), t("finalAdverse.rights")],
  });
}

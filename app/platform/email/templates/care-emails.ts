import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// The care loop's emails: request received (family), offer (caregiver),
// caregiver confirmed (family), cancellation (both sides). Health details
// never travel by email. Each in the recipient's language (locales/<lang>/
// emails/care.ts); English when none is given. Dates come formatted by the
// caller, in that language and the zone where care happens.

const careT = (locale: Locale) => {
  const t = getFixedT(locale, "email");
  return (key: string, options: Record<string, unknown> = {}) => t(`care.${key}`, options);
};

export function requestReceivedEmail(input: { firstName: string; orderNumber: string; url: string; locale?: Locale }) {
  const { firstName, orderNumber, url, locale = DEFAULT_LOCALE } = input;
  const t = careT(locale);
  return renderEmail({
    locale,
    subject: t("requestReceived.subject", { orderNumber }),
    preheader: t("requestReceived.preheader"),
    heading: t("requestReceived.heading"),
    paragraphs: [t("requestReceived.greeting", { firstName, orderNumber }), t("requestReceived.body")],
    action: { label: t("requestReceived.action"), url },
  });
}

export function offerEmail(input: {
  firstName: string;
  orderNumber: string;
  area: string;
  expiresAt: string;
  url: string;
  locale?: Locale;
}) {
  const { firstName, orderNumber, area, expiresAt, url, locale = DEFAULT_LOCALE } = input;
  const t = careT(locale);
  return renderEmail({
    locale,
    subject: t("offer.subject", { orderNumber, area }),
    preheader: t("offer.preheader", { expiresAt }),
    heading: t("offer.heading"),
    paragraphs: [t("offer.greeting", { firstName, orderNumber, area }), t("offer.body", { expiresAt })],
    action: { label: t("offer.action"), url },
  });
}

export function caregiverConfirmedEmail(input: {
  firstName: string;
  orderNumber: string;
  caregiverName: string;
  firstVisit: string | null;
  /** Null: no button (an alerts-only member of the family circle may not open the order; docs/product-rules.md). */
  url: string | null;
  locale?: Locale;
}) {
  const { firstName, orderNumber, caregiverName, firstVisit, url, locale = DEFAULT_LOCALE } = input;
  const t = careT(locale);
  return renderEmail({
    locale,
    subject: t("confirmed.subject", { caregiverName, orderNumber }),
    preheader: firstVisit ? t("confirmed.preheaderFirstVisit", { firstVisit }) : t("confirmed.preheader"),
    heading: t("confirmed.heading"),
    paragraphs: [
      t("confirmed.greeting", { firstName, caregiverName, orderNumber }),
      firstVisit ? t("confirmed.firstVisit", { firstVisit }) : t("confirmed.noVisit"),
    ],
    ...(url ? { action: { label: t("confirmed.action"), url } } : {}),
  });
}

export function orderCancelledEmail(input: {
  firstName: string;
  orderNumber: string;
  /** Who cancelled: the Tendly team (an admin) or the family. */
  cancelledBy: "team" | "family";
  reason: string;
  /** Null: no button, as for the confirmation. */
  url: string | null;
  locale?: Locale;
}) {
  const { firstName, orderNumber, cancelledBy, reason, url, locale = DEFAULT_LOCALE } = input;
  const t = careT(locale);
  const byWhom = t(cancelledBy === "team" ? "cancelled.byTeam" : "cancelled.byFamily");
  return renderEmail({
    locale,
    subject: t("cancelled.subject", { orderNumber }),
    preheader: t("cancelled.preheader", { byWhom }),
    heading: t("cancelled.heading"),
    paragraphs: [
      t("cancelled.greeting", { firstName, orderNumber, byWhom }),
      t("cancelled.reason", { reason }),
      t("cancelled.visits"),
    ],
    ...(url ? { action: { label: t("cancelled.action"), url } } : {}),
  });
}

import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// The support emails, in the language of the visitor who asked for them
// (app/i18n, locales/<lang>/emails/support.ts); English when none is given.

/**
 * The same fixed text for everyone: nothing the sender typed (name, topic,
 * message, links) is quoted, since the address it goes to is whatever they
 * entered. Only our own contact details.
 */
export function contactConfirmationEmail({
  supportEmail,
  supportPhone,
  locale = DEFAULT_LOCALE,
}: {
  supportEmail: string;
  supportPhone: string;
  locale?: Locale;
}) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("support.contactConfirmation.subject"),
    preheader: t("support.contactConfirmation.preheader"),
    heading: t("support.contactConfirmation.heading"),
    paragraphs: [
      t("support.contactConfirmation.body"),
      t("support.contactConfirmation.urgent", { phone: supportPhone, email: supportEmail }),
    ],
    footnote: t("support.contactConfirmation.footnote"),
  });
}

export function newsletterConfirmEmail({
  confirmUrl,
  unsubscribeUrl,
  locale = DEFAULT_LOCALE,
}: {
  confirmUrl: string;
  unsubscribeUrl: string;
  locale?: Locale;
}) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("support.newsletterConfirm.subject"),
    preheader: t("support.newsletterConfirm.preheader"),
    heading: t("support.newsletterConfirm.heading"),
    paragraphs: [
      t("support.newsletterConfirm.body"),
      t("support.newsletterConfirm.onlyOnceConfirmed"),
      t("support.newsletterConfirm.unsubscribe", { url: unsubscribeUrl }),
    ],
    action: { label: t("support.newsletterConfirm.action"), url: confirmUrl },
    footnote: t("support.newsletterConfirm.footnote"),
  });
}

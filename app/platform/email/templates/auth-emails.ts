import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// The account emails, in the language stored on the account (app/i18n,
// locales/<lang>/email.ts); English when none is given.

type AuthEmailInput = { name: string; url: string; locale?: Locale };

export function verifyEmailEmail({ name, url, locale = DEFAULT_LOCALE }: AuthEmailInput) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("verifyEmail.subject"),
    preheader: t("verifyEmail.preheader"),
    heading: t("verifyEmail.heading", { name }),
    paragraphs: [t("verifyEmail.body")],
    action: { label: t("verifyEmail.action"), url },
    footnote: t("verifyEmail.footnote"),
  });
}

export function resetPasswordEmail({ name, url, locale = DEFAULT_LOCALE }: AuthEmailInput) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("resetPassword.subject"),
    preheader: t("resetPassword.preheader"),
    heading: t("resetPassword.heading"),
    paragraphs: [t("resetPassword.greeting", { name }), t("resetPassword.body")],
    action: { label: t("resetPassword.action"), url },
    footnote: t("resetPassword.footnote"),
  });
}

export function confirmNewEmailEmail({ name, url, locale = DEFAULT_LOCALE }: AuthEmailInput) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("confirmNewEmail.subject"),
    preheader: t("confirmNewEmail.preheader"),
    heading: t("confirmNewEmail.heading"),
    paragraphs: [t("confirmNewEmail.greeting", { name }), t("confirmNewEmail.body")],
    action: { label: t("confirmNewEmail.action"), url },
    footnote: t("confirmNewEmail.footnote"),
  });
}

import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// A notification sent by email (docs/product-rules.md, "Notification
// delivery"): its title and message as the app shows them, already in the
// person's language, and a button to where it leads in the app. The sender
// adds the unsubscribe link (withUnsubscribeLink).

export function notificationEmail(input: {
  title: string;
  message: string;
  /** The notification's own button text, when it has one. */
  actionText?: string | null;
  url: string;
  locale?: Locale;
}) {
  const { title, message, actionText, url, locale = DEFAULT_LOCALE } = input;
  const t = getFixedT(locale, "delivery");
  return renderEmail({
    locale,
    subject: title,
    preheader: message,
    heading: title,
    paragraphs: message ? [message] : [],
    action: { label: actionText || t("email.open"), url },
  });
}

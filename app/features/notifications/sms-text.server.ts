import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";

// The words of a text message (docs/decisions/0049-text-messages.md), in the person's language: short,
// naming Tendly first, and an alert always saying how to stop texts.

/** An urgent alert as a text: its title, the page it leads to and how to stop texts. */
export function smsAlertText({ title, url }: { title: string; url: string }, locale: Locale): string {
  return String(getFixedT(locale, "delivery")("sms.alertText", { title, url }));
}

/** The verification code's text. */
export function smsCodeText({ code, minutes }: { code: string; minutes: number }, locale: Locale): string {
  return String(getFixedT(locale, "delivery")("sms.codeText", { code, minutes }));
}

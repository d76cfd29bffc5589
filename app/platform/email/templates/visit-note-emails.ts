import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// The visit note's email to the family when the caregiver first saves it
// (features/visit-notes/save-visit-note.server.ts). No note text travels by
// email: it may hold health details; the family reads it signed in.

export function visitNoteEmail(input: {
  firstName: string;
  orderNumber: string;
  /** The visit's start, formatted in the recipient's language and the care's zone. */
  visit: string;
  url: string;
  locale?: Locale;
}) {
  const { firstName, orderNumber, visit, url, locale = DEFAULT_LOCALE } = input;
  const fixedT = getFixedT(locale, "email");
  const t = (key: string, options: Record<string, unknown> = {}) => fixedT(`notes.newNote.${key}`, options);
  return renderEmail({
    locale,
    subject: t("subject", { visit, orderNumber }),
    preheader: t("preheader"),
    heading: t("heading"),
    paragraphs: [t("greeting", { firstName, visit, orderNumber }), t("body")],
    action: { label: t("action"), url },
  });
}

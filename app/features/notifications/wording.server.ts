import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { formatVisitShort } from "~/utils/datetime";

// A notification's words as a key and values (docs/product-rules.md,
// "Notifications"): the job writes them in the person's language for the
// email and push, the stored row keeps them, and the panel words them again
// in the language of the page that lists them, so a person who switches
// language reads their old notifications in the new one too.

export type NotificationWording = {
  /** The text's key in the notifications namespace: `<key>.title`, `<key>.message`, `<key>.action`. */
  key: string;
  params: Record<string, string | number>;
  /** Instants written in the reader's language, on the clock where care happens: { name: { at, timeZone } }. */
  times: Record<string, { at: string; timeZone: string }>;
};

export type NotificationText = { title: string; message: string; actionText: string | null };

/** The notification's title, message and action in `locale` (empty strings where the catalogue has none). */
export function wordNotification(wording: NotificationWording, locale: Locale): NotificationText {
  const t = getFixedT(locale, "notifications");
  const params: Record<string, string | number> = { ...wording.params };
  for (const [name, time] of Object.entries(wording.times))
    params[name] = formatVisitShort(time.at, time.timeZone, { withZone: true, locale });
  const text = (part: string) => String(t(`${wording.key}.${part}`, { ...params, defaultValue: "" }));
  return { title: text("title"), message: text("message"), actionText: text("action") || null };
}

import type { Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { readOrderEventNote, type StoredOrderEventNote } from "./order-event-note";

// The one place an order's history line is worded (docs/architecture.md,
// "Order history"): the family's and the administrator's order pages read
// every event through it, in the language of the page.

/**
 * The event's line in `locale`: its key worded with its values, and what a person typed (a
 * cancellation's reason) as typed; null when it has neither.
 */
export function wordOrderEvent(
  event: { wording: StoredOrderEventNote | null; note: string | null },
  locale: Locale,
): string | null {
  const note = readOrderEventNote(event.wording);
  // The values as one type for t(): each key's own are checked where the event is written.
  const values: Record<string, string | number> = note?.values ?? {};
  const line = note ? String(getFixedT(locale, "orders")(`timeline.${note.key}`, values)) : null;
  const typed = event.note?.trim() || null;
  if (line && typed) return `${line} · ${typed}`;
  return line ?? typed;
}

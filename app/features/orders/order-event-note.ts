// The lines the app writes on an order's history (docs/product-rules.md,
// "Languages"): each is stored as a key and values (order_events.wording) and
// worded in the reader's language when read (order-event-wording.server.ts),
// so a switch of language rewords the old lines too. What a person typed, a
// cancellation's reason, is not one of them: it stays in the event's note and
// reads as typed.

/** Every key; each has its line in both catalogues, orders:timeline.<key>. */
export const ORDER_EVENT_NOTE_KEYS = [
  "requestReceived",
  "offeredToFamilysChoice",
  "offeredToBestMatch",
  "offeredToNextMatch",
  "noCaregiverAvailable",
  "acceptedByCaregiver",
  "assignedByAdmin",
  "offeredByTeam",
  "firstVisitCheckedIn",
  "lastVisitCheckedOut",
  "visitTimesCorrected",
  "scheduleEnded",
] as const;

export type OrderEventNoteKey = (typeof ORDER_EVENT_NOTE_KEYS)[number];

/** The values of the keys that take some; the others take none. */
type NoteValues = {
  /** The offer's place in the ranking: 2 for the second caregiver offered. */
  offeredToNextMatch: { rank: number };
};

type PlainKey = Exclude<OrderEventNoteKey, keyof NoteValues>;

export type OrderEventNote =
  | { [K in PlainKey]: { key: K; values: Record<string, never> } }[PlainKey]
  | { [K in keyof NoteValues]: { key: K; values: NoteValues[K] } }[keyof NoteValues];

/** As order_events.wording holds it (app/platform/db/schema/care.ts). */
export type StoredOrderEventNote = { key: string; values: Record<string, string | number> };

/** A line that takes no values. */
export function orderEventNote(key: PlainKey): OrderEventNote {
  return { key, values: {} };
}

const KNOWN_KEYS: ReadonlySet<string> = new Set(ORDER_EVENT_NOTE_KEYS);

/** The stored wording as a line of this version, or null for none or a key it does not know. */
export function readOrderEventNote(stored: StoredOrderEventNote | null): OrderEventNote | null {
  if (!stored || !KNOWN_KEYS.has(stored.key)) return null;
  return stored as OrderEventNote;
}

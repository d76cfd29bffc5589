-- Order history lines as a key and values (docs/product-rules.md, "Languages"): the events stored
-- before hold the app's English words in "note". Each known text becomes its key
-- (app/features/orders/order-event-note.ts) and the note is cleared; what is left in "note" is what a
-- person typed (a cancellation's reason), shown as typed.
UPDATE "order_events" AS e
SET "wording" = jsonb_build_object('key', k.key, 'values', '{}'::jsonb), "note" = NULL
FROM (VALUES
  ('Request received', 'requestReceived'),
  ('Offered to the family''s choice', 'offeredToFamilysChoice'),
  ('Offered to the best match', 'offeredToBestMatch'),
  ('No other caregiver is available for this schedule; the Tendly team will assign one.', 'noCaregiverAvailable'),
  ('Accepted by the caregiver', 'acceptedByCaregiver'),
  ('Assigned by an administrator', 'assignedByAdmin'),
  ('First visit checked in', 'firstVisitCheckedIn'),
  ('Last visit checked out', 'lastVisitCheckedOut'),
  ('Visit times corrected', 'visitTimesCorrected'),
  ('Schedule ended', 'scheduleEnded')
) AS k(text, key)
WHERE e."wording" IS NULL AND e."to_status" <> 'cancelled' AND e."note" = k.text;
--> statement-breakpoint
UPDATE "order_events"
SET "wording" = jsonb_build_object(
    'key', 'offeredToNextMatch',
    'values', jsonb_build_object('rank', substring("note" FROM '^Offered to the next match \(offer (\d+)\)$')::int)
  ),
  "note" = NULL
WHERE "wording" IS NULL AND "to_status" <> 'cancelled' AND "note" ~ '^Offered to the next match \(offer \d+\)$';

import { parsePhoneNumberFromString } from "libphonenumber-js/min";

// Phone numbers for text messages (docs/decisions/0049-text-messages.md): US numbers only, as people
// type them ("(312) 555-0142", "312.555.0142", "+1 312 555 0142"), kept in E.164 ("+13125550142").

/** The number in E.164 when it is a possible US number, else null. */
export function usPhoneToE164(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length < 10 || trimmed.length > 25) return null;
  const phone = parsePhoneNumberFromString(trimmed, "US");
  if (!phone || phone.country !== "US" || !phone.isValid()) return null;
  return phone.number;
}

/** "+13125550142" -> "(312) 555-0142", as the settings page shows it. */
export function formatUsPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatNational() ?? e164;
}

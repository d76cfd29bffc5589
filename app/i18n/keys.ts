/**
 * The message key of an English label kept in data (utils/chrome-rules.ts
 * menus): camelCase of its words, so "Find Care" is `nav.findCare` and
 * "Become a Caregiver" `nav.becomeACaregiver`. Labels stay English where they
 * are defined (tests assert them); components translate them with this key.
 */
export function labelKey(label: string): string {
  const words = label.match(/[A-Za-z0-9]+/g) ?? [];
  return words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join("");
}

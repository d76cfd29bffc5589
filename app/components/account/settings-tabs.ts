// The tabs of the client and caregiver settings page, by ?tab= (pure, for the page and its loader).

export const SETTINGS_TABS = ["security", "notifications"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab a ?tab= value names; security (the page as it always was) by default. */
export function settingsTabOf(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? "") ? (value as SettingsTab) : "security";
}

import { useEffect, useSyncExternalStore } from "react";
import { useFetcher, useLocation } from "react-router";
import { parseAppMode, type AppMode } from "~/utils/app-mode";
import { isDarkFor } from "~/utils/chrome-rules";
import {
  parseTextSize,
  parseTheme,
  SYSTEM_THEME_COOKIE,
  type Preferences,
  type TextSize,
  type ThemePreference,
} from "~/utils/preferences";

// Text size, theme and app layout: the accessibility panel, the theme and the
// app-mode override (docs/product-rules.md, "App mode and display preferences"). A change applies at once and is saved in a
// cookie by /api/preferences through a fetcher, so the server renders it on
// every later page without a flash. One fetcher key per preference: every
// copy of the controls (header popover, mobile drawer) and the effect below
// read the same pending value.
const TEXT_SIZE_FETCHER = "preference-text-size";
const THEME_FETCHER = "preference-theme";
const MODE_FETCHER = "preference-mode";
const PREFERENCES_ACTION = "/api/preferences";

// A value chosen while the previous save is still being submitted waits here
// and is sent when that submission ends. Submitting at once would abort the
// first request in the browser, but not on the server, which could then
// store the older value last. Components subscribe, so every copy of the
// controls shows the waiting value.
const queuedValues = new Map<string, string>();
const queueListeners = new Set<() => void>();

function subscribeToQueue(listener: () => void) {
  queueListeners.add(listener);
  return () => {
    queueListeners.delete(listener);
  };
}

function setQueuedValue(key: string, value: string | undefined) {
  if (value === undefined) queuedValues.delete(key);
  else queuedValues.set(key, value);
  for (const listener of queueListeners) listener();
}

/** The preference value being saved (if any) and a function that saves a new one, in order. */
function useSavedPreference(key: string, field: string) {
  const fetcher = useFetcher({ key });
  const queued = useSyncExternalStore(
    subscribeToQueue,
    () => queuedValues.get(key),
    () => undefined,
  );
  const inFlight = fetcher.formData?.get(field);
  const pending = queued ?? (typeof inFlight === "string" ? inFlight : undefined);
  const isSubmitting = fetcher.state === "submitting";

  useEffect(() => {
    // Read the live queue: every copy of the controls runs this effect, one sends.
    const next = queuedValues.get(key);
    if (isSubmitting || next === undefined) return;
    setQueuedValue(key, undefined);
    void fetcher.submit({ [field]: next }, { method: "post", action: PREFERENCES_ACTION });
  }, [fetcher, isSubmitting, key, field]);

  const save = (value: string) => {
    if (isSubmitting || queuedValues.has(key)) setQueuedValue(key, value);
    else void fetcher.submit({ [field]: value }, { method: "post", action: PREFERENCES_ACTION });
  };
  return [pending, save] as const;
}

export function useTextSizePreference(saved: TextSize) {
  const [pending, save] = useSavedPreference(TEXT_SIZE_FETCHER, "textSize");
  const textSize = pending === undefined ? saved : parseTextSize(pending);
  const setTextSize = (next: TextSize) => {
    document.documentElement.dataset.textSize = next;
    save(next);
  };
  return [textSize, setTextSize] as const;
}

export function useThemePreference(saved: ThemePreference) {
  const [pending, save] = useSavedPreference(THEME_FETCHER, "theme");
  const theme = pending === undefined ? saved : parseTheme(pending);
  return [theme, (next: ThemePreference) => save(next)] as const;
}

export type ModeChoice = "auto" | AppMode;

/** The stored app-mode override (docs/product-rules.md, "App mode and display preferences"): mobile or desktop, or automatic detection. */
export function useModePreference(saved: AppMode | undefined) {
  const [pending, save] = useSavedPreference(MODE_FETCHER, "modeOverride");
  const mode: ModeChoice = pending === undefined ? (saved ?? "auto") : (parseAppMode(pending) ?? "auto");
  return [mode, (next: ModeChoice) => save(next)] as const;
}

const DARK_QUERY = "(prefers-color-scheme: dark)";

function subscribeToSystemTheme(onChange: () => void) {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The system's colour scheme, live; the server's last-known value before hydration. */
function useSystemTheme(serverValue: "light" | "dark"): "light" | "dark" {
  return useSyncExternalStore(
    subscribeToSystemTheme,
    () => (window.matchMedia(DARK_QUERY).matches ? "dark" : "light"),
    () => serverValue,
  );
}

/** Keeps <html>'s text size in step between server renders, and the system-scheme cookie up to date. */
export function DisplayPreferencesEffect({ preferences }: { preferences: Preferences }) {
  const [textSize] = useTextSizePreference(preferences.textSize);
  const systemTheme = useSystemTheme(preferences.systemTheme);

  useEffect(() => {
    document.documentElement.dataset.textSize = textSize;
  }, [textSize]);

  useEffect(() => {
    // Lets the next server render follow a system change made since page load.
    document.cookie = `${SYSTEM_THEME_COOKIE}=${systemTheme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [systemTheme]);

  return null;
}

/**
 * The theme in force and whether this page is dark: the choice being saved,
 * the system's scheme live, and never on public pages (docs/product-rules.md, "App mode and display preferences"). The root
 * layout renders <html> from it, so React alone owns the dark class and a
 * re-render after a revalidation cannot bring back a stale value.
 */
export function useDisplayTheme(preferences: Pick<Preferences, "theme" | "systemTheme">) {
  const { pathname } = useLocation();
  const [theme] = useThemePreference(preferences.theme);
  const systemTheme = useSystemTheme(preferences.systemTheme);
  return { theme, isDark: isDarkFor({ pathname, theme, systemTheme }) };
}

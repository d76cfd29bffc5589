import {
  Accessibility,
  Laptop,
  Minus,
  Monitor,
  Moon,
  Plus,
  RotateCcw,
  Smartphone,
  Sun,
  type LucideIcon,
} from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useId, useSyncExternalStore } from "react";
import { useFetcher, useLocation } from "react-router";
import { parseAppMode, type AppMode } from "~/utils/app-mode";
import { isDarkFor, isPublicPath } from "~/utils/chrome-rules";
import {
  parseTextSize,
  parseTheme,
  stepTextSize,
  SYSTEM_THEME_COOKIE,
  TEXT_SIZE_LABELS,
  type Preferences,
  type TextSize,
  type ThemePreference,
} from "~/utils/preferences";

// Text size, theme and app layout (spec 2.8 accessibility panel, spec 4
// theme, spec 2.7 override). A change applies at once and is saved in a
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

function useTextSizePreference(saved: TextSize) {
  const [pending, save] = useSavedPreference(TEXT_SIZE_FETCHER, "textSize");
  const textSize = pending === undefined ? saved : parseTextSize(pending);
  const setTextSize = (next: TextSize) => {
    document.documentElement.dataset.textSize = next;
    save(next);
  };
  return [textSize, setTextSize] as const;
}

function useThemePreference(saved: ThemePreference) {
  const [pending, save] = useSavedPreference(THEME_FETCHER, "theme");
  const theme = pending === undefined ? saved : parseTheme(pending);
  return [theme, (next: ThemePreference) => save(next)] as const;
}

type ModeChoice = "auto" | AppMode;

/** The stored app-mode override (spec 2.7): mobile or desktop, or automatic detection. */
function useModePreference(saved: AppMode | undefined) {
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
 * the system's scheme live, and never on public pages (spec 2.1). The root
 * layout renders <html> from it, so React alone owns the dark class and a
 * re-render after a revalidation cannot bring back a stale value.
 */
export function useDisplayTheme(preferences: Pick<Preferences, "theme" | "systemTheme">) {
  const { pathname } = useLocation();
  const [theme] = useThemePreference(preferences.theme);
  const systemTheme = useSystemTheme(preferences.systemTheme);
  return { theme, isDark: isDarkFor({ pathname, theme, systemTheme }) };
}

const THEME_OPTIONS: Option<ThemePreference>[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "Follow system", icon: Monitor },
];

const MODE_OPTIONS: Option<ModeChoice>[] = [
  { value: "auto", label: "Automatic", icon: Monitor },
  { value: "mobile", label: "Mobile app", icon: Smartphone },
  { value: "desktop", label: "Desktop", icon: Laptop },
];

const optionCard =
  "flex h-full cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-center text-xs font-medium text-slate-800 peer-checked:border-teal-700 peer-checked:bg-teal-50 peer-checked:text-teal-900 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:peer-checked:border-teal-300 dark:peer-checked:bg-teal-900/50 dark:peer-checked:text-teal-50 dark:hover:bg-slate-800";

const stepButton =
  "inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

type Option<T extends string> = { value: T; label: string; icon: LucideIcon };

/** One choice among a few, as radio buttons drawn as cards. */
function OptionGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
  children?: React.ReactNode;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">{props.legend}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {props.options.map((option) => (
          <label key={option.value} className="relative">
            <input
              type="radio"
              name={props.name}
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              className="peer sr-only"
            />
            <span className={optionCard}>
              <option.icon aria-hidden="true" className="size-4" />
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {props.children}
    </fieldset>
  );
}

/** Text size and theme controls, shared by the header popover and the mobile drawer. */
export function AccessibilityControls({ preferences }: { preferences: Preferences }) {
  const id = useId();
  const { pathname } = useLocation();
  const [textSize, setTextSize] = useTextSizePreference(preferences.textSize);
  const [theme, setTheme] = useThemePreference(preferences.theme);
  const [mode, setMode] = useModePreference(preferences.modeOverride);
  const canShrink = textSize !== "normal";
  const canGrow = textSize !== "x-large";

  return (
    <div className="space-y-5">
      <section aria-labelledby={`${id}-text-size`}>
        <h3 id={`${id}-text-size`} className="text-sm font-semibold text-slate-900 dark:text-white">
          Text Size
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Current size:{" "}
          <output aria-live="polite" className="font-semibold text-slate-900 dark:text-white" data-text-size-label>
            {TEXT_SIZE_LABELS[textSize]}
          </output>
        </p>
        <div className="mt-2 grid grid-cols-3 gap-2">
          <button
            type="button"
            className={stepButton}
            aria-disabled={!canShrink}
            onClick={() => canShrink && setTextSize(stepTextSize(textSize, -1))}
          >
            <Minus aria-hidden="true" className="size-4" />
            Smaller
          </button>
          <button
            type="button"
            className={stepButton}
            aria-disabled={!canGrow}
            onClick={() => canGrow && setTextSize(stepTextSize(textSize, 1))}
          >
            <Plus aria-hidden="true" className="size-4" />
            Larger
          </button>
          <button
            type="button"
            className={stepButton}
            aria-disabled={!canShrink}
            onClick={() => canShrink && setTextSize("normal")}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </button>
        </div>
      </section>

      <OptionGroup legend="Theme" name={`${id}-theme`} options={THEME_OPTIONS} value={theme} onChange={setTheme}>
        {isPublicPath(pathname) && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
            Public pages always use the light theme; your choice applies in your account.
          </p>
        )}
      </OptionGroup>
      <OptionGroup legend="App layout" name={`${id}-mode`} options={MODE_OPTIONS} value={mode} onChange={setMode} />
    </div>
  );
}

/** The header's Accessibility button and its popover. */
export function AccessibilityPanel({ preferences }: { preferences: Preferences }) {
  const headingId = useId();
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex items-center gap-2 rounded-lg p-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-teal-800 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200 dark:data-[state=open]:bg-slate-800">
        <Accessibility aria-hidden="true" className="size-5" />
        <span className="sr-only xl:not-sr-only">Accessibility</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
            Accessibility
          </h2>
          <AccessibilityControls preferences={preferences} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

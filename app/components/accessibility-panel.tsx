import { Laptop, Minus, Monitor, Moon, Plus, RotateCcw, Smartphone, Sun, type LucideIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useId } from "react";
import { useLocation } from "react-router";
import { isPublicPath } from "~/utils/chrome-rules";
import { stepTextSize, type Preferences, type ThemePreference } from "~/utils/preferences";
import { useT } from "~/i18n/react";
import type { DeferredProps } from "./deferred-control";
import { useModePreference, useTextSizePreference, useThemePreference, type ModeChoice } from "./display-preferences";
import { accessibilityTrigger } from "./header-triggers";

// Labels are message keys (common: accessibility.themes.*, accessibility.modes.*).
const THEME_OPTIONS: Option<ThemePreference>[] = [
  { value: "light", labelKey: "accessibility.themes.light", icon: Sun },
  { value: "dark", labelKey: "accessibility.themes.dark", icon: Moon },
  { value: "system", labelKey: "accessibility.themes.system", icon: Monitor },
];

const MODE_OPTIONS: Option<ModeChoice>[] = [
  { value: "auto", labelKey: "accessibility.modes.auto", icon: Monitor },
  { value: "mobile", labelKey: "accessibility.modes.mobile", icon: Smartphone },
  { value: "desktop", labelKey: "accessibility.modes.desktop", icon: Laptop },
];

const optionCard =
  "flex h-full cursor-pointer flex-col items-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-center text-xs font-medium text-slate-800 peer-checked:border-teal-700 peer-checked:bg-teal-50 peer-checked:text-teal-900 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-teal-600 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:peer-checked:border-teal-300 dark:peer-checked:bg-teal-900/50 dark:peer-checked:text-teal-50 dark:hover:bg-slate-800";

const stepButton =
  "inline-flex items-center justify-center gap-1 rounded-lg border border-slate-300 px-2 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800";

type Option<T extends string> = { value: T; labelKey: string; icon: LucideIcon };

/** One choice among a few, as radio buttons drawn as cards. */
function OptionGroup<T extends string>(props: {
  legend: string;
  name: string;
  options: Option<T>[];
  value: T;
  onChange: (value: T) => void;
  children?: React.ReactNode;
}) {
  const { t } = useT();
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
              {t(option.labelKey)}
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
  const { t } = useT();

  return (
    <div className="space-y-5">
      <section aria-labelledby={`${id}-text-size`}>
        <h3 id={`${id}-text-size`} className="text-sm font-semibold text-slate-900 dark:text-white">
          {t("accessibility.textSize")}
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("accessibility.currentSize")}{" "}
          <output aria-live="polite" className="font-semibold text-slate-900 dark:text-white" data-text-size-label>
            {t(`accessibility.sizes.${textSize}`)}
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
            {t("accessibility.smaller")}
          </button>
          <button
            type="button"
            className={stepButton}
            aria-disabled={!canGrow}
            onClick={() => canGrow && setTextSize(stepTextSize(textSize, 1))}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("accessibility.larger")}
          </button>
          <button
            type="button"
            className={stepButton}
            aria-disabled={!canShrink}
            onClick={() => canShrink && setTextSize("normal")}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {t("accessibility.reset")}
          </button>
        </div>
      </section>

      <OptionGroup
        legend={t("accessibility.theme")}
        name={`${id}-theme`}
        options={THEME_OPTIONS}
        value={theme}
        onChange={setTheme}
      >
        {isPublicPath(pathname) && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">{t("accessibility.publicLight")}</p>
        )}
      </OptionGroup>
      <OptionGroup
        legend={t("accessibility.appLayout")}
        name={`${id}-mode`}
        options={MODE_OPTIONS}
        value={mode}
        onChange={setMode}
      />
    </div>
  );
}

/** The header's Accessibility button and its popover (loaded on first use, see site-header.tsx). */
export function AccessibilityPanel({ preferences, initialOpening }: { preferences: Preferences } & DeferredProps) {
  const headingId = useId();
  const { t } = useT();
  return (
    <Popover.Root defaultOpen={initialOpening !== undefined}>
      <Popover.Trigger {...accessibilityTrigger(t)} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={headingId}
          className="z-50 w-80 max-w-[calc(100vw-1rem)] rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900 dark:text-white">
            {t("accessibility.heading")}
          </h2>
          <AccessibilityControls preferences={preferences} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

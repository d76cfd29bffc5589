import { Languages } from "lucide-react";
import { Form, useFetcher, useLocation } from "react-router";
import { LOCALE_NAMES, LOCALE_QUERY_PARAM, LOCALES } from "~/i18n/config";
import { useT } from "~/i18n/react";
import { useHydrated } from "./use-hydrated";

// The language switch of the header, the mobile drawer and the app-mode login
// (docs/architecture.md, "Translations"). A form posting to /api/locale: with
// JavaScript a fetcher, so the page's data reloads in place and nothing typed
// is lost; without, a plain post that comes back to the same page.

type Look = "header" | "drawer" | "page";

const SWITCH_FETCHER = "language-switch";

const LOOKS: Record<Look, { group: string; button: (isCurrent: boolean) => string }> = {
  // The header has little room: one button, naming the other language in that language.
  header: {
    group: "inline-flex items-center text-sm",
    button: () =>
      "inline-flex items-center gap-1.5 rounded-lg px-2 py-2 font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-teal-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-teal-200",
  },
  drawer: {
    group: "grid grid-cols-2 gap-2",
    button: (isCurrent) =>
      `rounded-lg border px-3 py-2 text-center text-sm font-medium ${
        isCurrent
          ? "border-teal-700 bg-teal-50 text-teal-900 dark:border-teal-300 dark:bg-teal-900/50 dark:text-teal-50"
          : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
      }`,
  },
  page: {
    group: "inline-flex items-center gap-1 text-sm",
    button: (isCurrent) =>
      `rounded-full px-3 py-1 font-medium ${
        isCurrent ? "bg-teal-700 text-white" : "text-slate-700 underline-offset-4 hover:text-teal-800 hover:underline"
      }`,
  },
};

export function LanguageSwitch({ look, className = "" }: { look: Look; className?: string }) {
  const { t, locale } = useT();
  // Every switch on the page shares one fetcher, so all of them show the choice while it is saved.
  const fetcher = useFetcher({ key: SWITCH_FETCHER });
  const { pathname, search, hash } = useLocation();
  const isHydrated = useHydrated();
  // The way back is needed without JavaScript, and when the address names a
  // language (`?lang=`), which must change with the choice.
  const needsRedirect = !isHydrated || new URLSearchParams(search).has(LOCALE_QUERY_PARAM);
  const pending = fetcher.formData?.get("locale");
  const shown = typeof pending === "string" ? pending : locale;
  const style = LOOKS[look];
  // One form element whether or not it navigates: swapping the element as the
  // page hydrates would drop a click landing at that moment. In the `?lang=`
  // case it navigates, and the server answers with the page in the chosen language.
  return (
    <Form
      method="post"
      action="/api/locale"
      navigate={needsRedirect}
      fetcherKey={SWITCH_FETCHER}
      data-testid={`language-switch-${look}`}
      className={className}
    >
      {needsRedirect && <input type="hidden" name="redirectTo" value={`${pathname}${search}${hash}`} />}
      <fieldset className={`m-0 min-w-0 border-0 p-0 ${style.group}`}>
        <legend className="sr-only">{t("language.label")}</legend>
        {look === "header"
          ? LOCALES.filter((option) => option !== shown).map((option) => (
              <button
                key={option}
                type="submit"
                name="locale"
                value={option}
                lang={option}
                className={style.button(false)}
              >
                <Languages aria-hidden="true" className="size-4" />
                {LOCALE_NAMES[option]}
              </button>
            ))
          : LOCALES.map((option) => (
              <button
                key={option}
                type="submit"
                name="locale"
                value={option}
                lang={option}
                aria-pressed={shown === option}
                className={style.button(shown === option)}
              >
                {LOCALE_NAMES[option]}
              </button>
            ))}
      </fieldset>
    </Form>
  );
}

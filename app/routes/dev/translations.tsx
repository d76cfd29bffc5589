import { data } from "react-router";
import { findGaps, flattenMessages } from "~/i18n/completeness";
import { LOCALE_NAMES } from "~/i18n/config";
import { metaT, useT } from "~/i18n/react";
import { RESOURCES } from "~/i18n/resources.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/translations";

// Development only (404 elsewhere): which messages a language lacks, has in
// excess, or still holds in English (docs/architecture.md, "Translations").
// A page for developers; the keys and texts it lists are shown as they are.

/** The robots directive that keeps this page out of search results (a code, not words). */
const NOINDEX = "noindex";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaT(matches, "public")("dev.translations.metaTitle") },
  { name: "robots", content: NOINDEX },
];

export function loader() {
  if (getEnv().NODE_ENV !== "development") throw data("Not Found", { status: 404 });
  const gaps = findGaps(RESOURCES).map((gap) => ({
    ...gap,
    localeName: LOCALE_NAMES[gap.locale],
    total: flattenMessages(RESOURCES.en[gap.namespace as keyof typeof RESOURCES.en] ?? {}).size,
    english: Object.fromEntries(
      flattenMessages(RESOURCES.en[gap.namespace as keyof typeof RESOURCES.en] ?? {}),
    ) as Record<string, string>,
  }));
  return { gaps };
}

export default function Translations({ loaderData }: Route.ComponentProps) {
  const { gaps } = loaderData;
  const { t } = useT("public");
  const problems = gaps.reduce(
    (sum, gap) => sum + gap.missing.length + gap.extra.length + gap.placeholderMismatches.length,
    0,
  );
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("dev.translations.title")}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t("dev.translations.intro", { count: problems })}</p>
      <table className="mt-6 w-full border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-300">
            <th className="py-2 pr-4">{t("dev.translations.language")}</th>
            <th className="py-2 pr-4">{t("dev.translations.namespace")}</th>
            <th className="py-2 pr-4">{t("dev.translations.keys")}</th>
            <th className="py-2 pr-4">{t("dev.translations.missing")}</th>
            <th className="py-2 pr-4">{t("dev.translations.extra")}</th>
            <th className="py-2 pr-4">{t("dev.translations.placeholders")}</th>
            <th className="py-2">{t("dev.translations.same")}</th>
          </tr>
        </thead>
        <tbody>
          {gaps.map((gap) => (
            <tr key={`${gap.locale}-${gap.namespace}`} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-4">{gap.localeName}</td>
              <td className="py-2 pr-4 font-mono">{gap.namespace}</td>
              <td className="py-2 pr-4">{gap.total}</td>
              <td className="py-2 pr-4">
                <KeyList keys={gap.missing} english={gap.english} />
              </td>
              <td className="py-2 pr-4">
                <KeyList keys={gap.extra} english={gap.english} />
              </td>
              <td className="py-2 pr-4">
                <KeyList keys={gap.placeholderMismatches} english={gap.english} />
              </td>
              <td className="py-2">
                <KeyList keys={gap.untranslated} english={gap.english} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function KeyList({ keys, english }: { keys: string[]; english: Record<string, string> }) {
  const { t } = useT("public");
  if (keys.length === 0) return <span className="text-slate-500">{t("dev.translations.none")}</span>;
  return (
    <ul className="space-y-1">
      {keys.map((key) => (
        <li key={key}>
          <code className="font-mono">{key}</code>
          {english[key] && <span className="block text-xs text-slate-500">“{english[key]}”</span>}
        </li>
      ))}
    </ul>
  );
}

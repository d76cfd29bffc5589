import { Link, useMatches } from "react-router";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/screen";
import { UNBUILT_SCREENS } from "~/components/unbuilt-screens";

// A screen not built yet: its title and
// purpose inside the shared chrome, and nothing that pretends to work.
// The words are `screens.<route id>` messages (components/unbuilt-screens.ts lists the screens).
export const meta: Route.MetaFunction = ({ matches }) => {
  const id = matches.at(-1)?.id ?? "";
  const screen = UNBUILT_SCREENS[id];
  const t = metaT(matches, "public");
  return [
    { title: screen ? t("screens.metaTitle", { title: t(`screens.${id}.title`) }) : "Tendly" },
    { name: "description", content: screen ? t(`screens.${id}.summary`) : "" },
  ];
};

export default function Screen() {
  const id = useMatches().at(-1)?.id ?? "";
  const screen = UNBUILT_SCREENS[id];
  const { t } = useT("public");
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
        {screen ? t(`screens.${id}.title`) : "Tendly"}
      </h1>
      {screen && (
        <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{t(`screens.${id}.summary`)}</p>
      )}
      {screen?.links && (
        <ul className="mt-6 flex flex-wrap gap-3">
          {screen.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-semibold text-teal-800 hover:underline dark:text-teal-300">
                {t(`screens.links.${link.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { Link, useMatches } from "react-router";
import type { Route } from "./+types/screen";
import { SCREEN_TITLES } from "./screen-titles";

// A screen whose content arrives with its own piece of work: its title and
// purpose inside the shared chrome, and nothing that pretends to work.
export const meta: Route.MetaFunction = ({ matches }) => {
  const id = matches.at(-1)?.id ?? "";
  const screen = SCREEN_TITLES[id];
  return [
    { title: screen ? `${screen.title} | Tendly` : "Tendly" },
    { name: "description", content: screen?.summary ?? "" },
  ];
};

export default function Screen() {
  const id = useMatches().at(-1)?.id ?? "";
  const screen = SCREEN_TITLES[id];
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{screen?.title ?? "Tendly"}</h1>
      {screen && <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{screen.summary}</p>}
      {screen?.links && (
        <ul className="mt-6 flex flex-wrap gap-3">
          {screen.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-semibold text-teal-800 hover:underline dark:text-teal-300">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReactNode } from "react";

// Building blocks shared by the public pages.

export const ctaClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-teal-700 px-5 py-2.5 font-semibold text-white hover:bg-teal-800";
export const ctaSecondaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-teal-700 bg-white px-5 py-2.5 font-semibold text-teal-800 hover:bg-teal-50";

export function PageSection({
  id,
  title,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
}) {
  return (
    <section
      data-home-section={id}
      aria-labelledby={`${id}-title`}
      className={`py-16 ${tone === "muted" ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro && <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-lg text-slate-700">{intro}</p>}
        {!intro && <div className="mb-10" />}
        {children}
      </div>
    </section>
  );
}

/** The heading block at the top of a content page. */
export function PageHero({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="bg-teal-800 text-white">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-teal-50">{intro}</p>
        {children && <div className="mt-6 flex flex-wrap gap-3">{children}</div>}
      </div>
    </header>
  );
}

/** Long-form text with readable measure and spacing (privacy, terms, articles). */
export const proseClass =
  "[&_a]:font-semibold [&_a]:text-teal-800 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-teal-600 [&_blockquote]:pl-4 [&_strong]:text-slate-900 text-slate-800";

/** A numbered list of steps, each with a title and a sentence or two. */
export function NumberedSteps({
  steps,
  itemClassName = "",
}: {
  steps: readonly { title: string; text: string }[];
  itemClassName?: string;
}) {
  return (
    <ol className="mt-6 space-y-5">
      {steps.map((step, index) => (
        <li key={step.title} className={`flex gap-4 ${itemClassName}`}>
          <span
            aria-hidden="true"
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-700 font-bold text-white"
          >
            {index + 1}
          </span>
          <div>
            <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
            <p className="mt-1 leading-relaxed text-slate-800">{step.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

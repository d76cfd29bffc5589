import type { ReactNode } from "react";
import { sectionClass } from "~/components/form-controls";

/** One titled card of a signed-in page: its heading names the region, an optional line under it, then the rest. */
export function CardSection({
  id,
  title,
  intro,
  children,
}: {
  /** The heading's id (the region is labelled by it). */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {intro && <p className="mt-1 text-slate-700 dark:text-slate-200">{intro}</p>}
      {children}
    </section>
  );
}

/** What a card says when it has nothing to list. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="mt-3 text-slate-700 dark:text-slate-200">{children}</p>;
}

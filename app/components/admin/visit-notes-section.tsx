import { sectionClass } from "~/components/form-controls";
import type { OrderTimeline } from "~/features/visit-notes/timeline.server";
import { useLabels, useT } from "~/i18n/react";
import { NoteBody } from "~/components/client/care-timeline";
import { useZonedTime } from "~/components/viewer-time-zone";

// The admin's order page: each visit note as the family reads it, and the
// versions a correction replaced (visit_note_revisions), newest first. Times
// read on the clock where care happens, like the rest of the order page.
export function AdminVisitNotes({ timeline }: { timeline: OrderTimeline }) {
  const { t } = useT("notes");
  const zoned = useZonedTime();
  const when = (date: Date) => zoned.dateTime(date, timeline.timeZone);
  const labels = useLabels();
  const noted = timeline.visits.filter((visit) => visit.note);
  if (noted.length === 0) return null;
  return (
    <section aria-labelledby="visit-notes-heading" className={sectionClass}>
      <h2 id="visit-notes-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("timeline.noteHeading")}
      </h2>
      <ul className="mt-3 space-y-5">
        {noted.map(({ visitId, startsAt, note }) =>
          note ? (
            <li key={visitId}>
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {t("timeline.visitOf", { date: when(startsAt) })}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {note.isEdited
                  ? t("timeline.edited", { time: when(note.updatedAt) })
                  : t("timeline.written", { time: when(note.createdAt) })}
              </p>
              <NoteBody note={note} labels={labels} t={t} />
              {note.revisions.length > 0 && (
                <details className="mt-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <summary className="cursor-pointer font-medium text-slate-900 dark:text-white">
                    {t("timeline.earlierVersions", { count: note.revisions.length })}
                  </summary>
                  <ol className="mt-2 space-y-4">
                    {note.revisions.map((revision) => (
                      <li key={revision.revisedAt.toISOString()}>
                        <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
                          {t("timeline.versionBefore", {
                            time: when(revision.revisedAt),
                          })}
                        </p>
                        <NoteBody note={revision.previous} labels={labels} t={t} />
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}

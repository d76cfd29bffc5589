import { KeyRound } from "lucide-react";
import { CarePlanTasksDone } from "~/components/care-documents/care-plan-tasks-done";
import type { Translate } from "~/i18n/config";
import type { Labels } from "~/i18n/labels";
import { Trans, useLabels, useT } from "~/i18n/react";
import { FallbackImage } from "~/components/fallback-image";
import { sectionClass } from "~/components/form-controls";
import type { OrderTimeline, TimelineEvent, TimelineNote } from "~/features/visit-notes/timeline.server";
import { formatInZone, type DateLocale } from "~/utils/datetime";
import { useZonedTime } from "~/components/viewer-time-zone";

// The family's care timeline on the order page (docs/product-rules.md, "Visit
// notes"): the code of the next visit, then each visit that has begun, newest
// first, with what happened in words and the caregiver's note. Times are on
// the clock where care happens.

const TIME_PATTERN: Record<DateLocale, string> = { en: "h:mm a", es: "h:mm aaaa" };

function eventText(event: TimelineEvent, t: Translate, time: string): string {
  switch (event.kind) {
    case "check_in":
    case "check_out": {
      const text = t(event.kind === "check_in" ? "timeline.checkedIn" : "timeline.checkedOut", { time });
      return event.method
        ? t("timeline.withMethod", { event: text, method: t(`timeline.method.${event.method}`) })
        : text;
    }
    case "times_edited":
      return t("timeline.timesEdited");
    case "late_alert":
      return t("timeline.lateAlert", { time });
    case "no_backup":
      return t("timeline.noBackup", { time });
    case "backup_taken":
      return event.caregiverName
        ? t("timeline.backupTaken", { name: event.caregiverName })
        : t("timeline.backupTakenNoName");
    case "cancelled":
      return t(event.isByCaregiver ? "timeline.caregiverCannotCome" : "timeline.cancelled");
    case "missed":
      return t("timeline.missed");
  }
}

const dtClass = "text-sm font-semibold text-slate-900 dark:text-white";
const ddClass = "text-slate-700 dark:text-slate-200 whitespace-pre-line break-words";

/** What a note says: tasks, meals, mood, observations and photos (also used by the admin's order page). */
export function NoteBody({
  note,
  labels,
  t,
}: {
  note: Pick<TimelineNote, "tasks" | "meals" | "mood" | "observations" | "photos" | "carePlanTasks">;
  labels: Labels;
  t: Translate;
}) {
  return (
    <dl className="mt-2 space-y-3">
      {note.tasks.length > 0 && (
        <div>
          <dt className={dtClass}>{t("timeline.tasks")}</dt>
          <dd>
            <ul className="mt-1 space-y-1">
              {note.tasks.map((task) => (
                <li key={task.task} className="text-slate-700 dark:text-slate-200">
                  <span className="font-medium">{labels.service(task.task)}</span>
                  {": "}
                  {task.status === "refused" && task.reason
                    ? t("timeline.taskRefusedReason", { reason: task.reason })
                    : t(`status.${task.status}`)}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
      <CarePlanTasksDone tasks={note.carePlanTasks ?? []} dtClass={dtClass} />
      <div>
        <dt className={dtClass}>{t("timeline.meals")}</dt>
        <dd className={ddClass}>{note.meals || t("timeline.noText")}</dd>
      </div>
      <div>
        <dt className={dtClass}>{t("timeline.mood")}</dt>
        <dd className={ddClass}>{note.mood ? t(`mood.${note.mood}`) : t("timeline.noText")}</dd>
      </div>
      <div>
        <dt className={dtClass}>{t("timeline.observations")}</dt>
        <dd className={ddClass}>{note.observations || t("timeline.noText")}</dd>
      </div>
      {note.photos.length > 0 && (
        <div>
          <dt className={dtClass}>{t("timeline.photos")}</dt>
          <dd>
            <ul className="mt-2 flex flex-wrap gap-2">
              {note.photos.map((photo, index) => (
                <li key={photo.id}>
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={t("timeline.openPhoto", { number: index + 1 })}
                    className="block rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
                  >
                    <FallbackImage
                      src={photo.url}
                      alt=""
                      loading="lazy"
                      width={96}
                      height={96}
                      className="size-24 rounded-lg border border-slate-200 object-cover dark:border-slate-700"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      )}
    </dl>
  );
}

export function CareTimeline({ timeline }: { timeline: OrderTimeline }) {
  const { t, locale } = useT("notes");
  const labels = useLabels();
  const zone = timeline.timeZone;
  const zoned = useZonedTime();
  // On the clock where care happens; the zone is named when it is not the reader's.
  const time = (at: Date) => `${formatInZone(at, zone, TIME_PATTERN[locale], locale)}${zoned.label(at, zone)}`;
  const code = timeline.nextVisitCode;
  return (
    <section aria-labelledby="care-timeline-heading" className={sectionClass}>
      <h2 id="care-timeline-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("timeline.heading")}
      </h2>

      {code && (
        <section
          aria-labelledby="visit-code-heading"
          className="mt-3 rounded-lg border border-teal-300 bg-teal-50 p-4 dark:border-teal-800 dark:bg-teal-950/50"
        >
          <h3 id="visit-code-heading" className="flex items-center gap-2 font-semibold text-teal-950 dark:text-teal-50">
            <KeyRound aria-hidden="true" className="size-5" />
            {t("timeline.codeHeading")}
          </h3>
          <p className="mt-1 text-sm text-teal-950 dark:text-teal-50">
            {code.isToday
              ? t("timeline.codeToday", { time: time(code.startsAt) })
              : t("timeline.codeNext", { date: zoned.dateTime(code.startsAt, zone) })}
          </p>
          <p className="mt-2 text-teal-950 dark:text-teal-50">
            <Trans
              ns="notes"
              i18nKey="timeline.code"
              values={{ code: code.code }}
              components={{ code: <strong className="font-mono text-2xl tracking-widest whitespace-nowrap" /> }}
            />
          </p>
          <p className="mt-2 text-sm text-teal-900 dark:text-teal-100">{t("timeline.codeHelp")}</p>
        </section>
      )}

      {timeline.visits.length === 0 ? (
        <p className="mt-3 text-slate-700 dark:text-slate-200">{t("timeline.empty")}</p>
      ) : (
        <ol aria-label={t("timeline.heading")} className="mt-4 space-y-6">
          {timeline.visits.map((visit) => (
            <li key={visit.visitId} className="border-l-2 border-teal-200 pl-4 dark:border-teal-800">
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {t("timeline.visitOf", { date: zoned.dateTime(visit.startsAt, zone) })}
              </h3>
              {visit.caregiverName && (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("timeline.withCaregiver", { name: visit.caregiverName })}
                </p>
              )}
              {visit.note && (
                <article
                  aria-label={t("timeline.noteHeading")}
                  className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-800/60"
                >
                  <h4 className="font-semibold text-slate-900 dark:text-white">{t("timeline.noteHeading")}</h4>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {visit.note.isEdited ? (
                      <span className="font-semibold text-amber-800 dark:text-amber-200">
                        {t("timeline.edited", { time: zoned.dateTime(visit.note.updatedAt, zone) })}
                      </span>
                    ) : (
                      t("timeline.written", { time: zoned.dateTime(visit.note.createdAt, zone) })
                    )}
                  </p>
                  <NoteBody note={visit.note} labels={labels} t={t} />
                </article>
              )}
              {visit.events.length > 0 && (
                <ul className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-200">
                  {visit.events.map((event, index) => (
                    <li key={index}>{eventText(event, t, time(event.at))}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

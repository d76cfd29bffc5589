import { ArrowLeft } from "lucide-react";
import { useState, type FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FallbackImage } from "~/components/fallback-image";
import {
  FormNotice,
  FileField,
  labelClass,
  linkClass,
  sectionClass,
  SelectField,
  SubmitButton,
  TextAreaField,
  FieldError,
  TextField,
} from "~/components/form-controls";
import { getVisitNoteForm } from "~/features/visit-notes/caregiver-visit-note.server";
import { saveVisitNote } from "~/features/visit-notes/save-visit-note.server";
import {
  MOODS,
  NOTE_FORM_MAX_BYTES,
  REASON_MAX,
  TASK_STATUSES,
  TEXT_MAX,
  type TaskStatus,
} from "~/features/visit-notes/visit-note-rules";
import {
  reasonField,
  taskField,
  VisitNoteSchema,
  visitNoteFieldErrors,
  visitNoteInput,
} from "~/features/visit-notes/visit-note.schema";
import { getServerT, messageText, validationTexts } from "~/i18n/i18n.server";
import { metaT, useLabels, useT, useValidationMessage } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import type { Translate } from "~/i18n/config";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { AreaError } from "~/components/area-error";
import { formatInZone, type DateLocale } from "~/utils/datetime";
import { isPayloadTooLarge, readForm } from "~/utils/form-data.server";
import { NoteBody } from "~/components/client/care-timeline";
import type { Route } from "./+types/visit-note";
import { useZonedTime } from "~/components/viewer-time-zone";

// The caregiver's note after a visit (docs/product-rules.md, "Visit notes and the care timeline"):
// written once they have checked out, correctable for a while, then read-only.

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "notes")("form.metaTitle") }];

const SAVED_VALUES = ["note", "correction", "unchanged"] as const;
type Saved = (typeof SAVED_VALUES)[number];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const saved = new URL(request.url).searchParams.get("saved");
  try {
    const form = await getVisitNoteForm({ actor: user, visitId: params.visitId });
    return { ...form, saved: (SAVED_VALUES as readonly string[]).includes(saved ?? "") ? (saved as Saved) : null };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

type ActionResult = { formError: string | null; fieldErrors: Record<string, string> };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "notes", user.locale);
  let form: FormData;
  try {
    form = await readForm(request, { maxBytes: NOTE_FORM_MAX_BYTES });
  } catch (error) {
    if (!isPayloadTooLarge(error)) throw error;
    return data<ActionResult>(
      { formError: messageText(locale, { key: "notes:errors.formTooLarge" }), fieldErrors: {} },
      { status: 413 },
    );
  }
  try {
    const before = await getVisitNoteForm({ actor: user, visitId: params.visitId });
    const { services } = before;
    const note = visitNoteInput(form, services);
    const parsed = VisitNoteSchema.safeParse(note);
    if (!parsed.success) {
      return data<ActionResult>(
        { formError: null, fieldErrors: validationTexts(locale, visitNoteFieldErrors(parsed.error.issues, services)) },
        { status: 400 },
      );
    }
    const photos = form
      .getAll("photos")
      .filter((value): value is File => value instanceof File && (value.size > 0 || value.name !== ""));
    const removePhotoIds = form.getAll("removePhoto").filter((value): value is string => typeof value === "string");
    const result = await saveVisitNote({ actor: user, visitId: params.visitId, note, photos, removePhotoIds });
    const saved: Saved = !result.isCorrection ? (before.note ? "unchanged" : "note") : "correction";
    return redirect(`/caregiver/visits/${params.visitId}/note?saved=${saved}`);
  } catch (error) {
    return refusalData(error, locale, ({ text, field }) => ({
      formError: field ? null : text,
      fieldErrors: field ? { [field]: text } : {},
    }));
  }
}

const TIME_PATTERN: Record<DateLocale, string> = { en: "h:mm a", es: "h:mm aaaa" };

export default function VisitNotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, services, state, note, correctableUntil, photosPerNote, saved } = loaderData;
  const { t, locale } = useT("notes");
  const labels = useLabels();
  // The server's messages come worded; the form's own checks give the schema's keys.
  const noteMessage = useValidationMessage();
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [statuses, setStatuses] = useState<Record<string, string>>(() =>
    Object.fromEntries((note?.tasks ?? []).map((task) => [task.task, task.status])),
  );
  const fieldErrors = clientErrors ?? actionData?.fieldErrors ?? {};
  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  const zoned = useZonedTime();
  const time = (at: Date) =>
    `${formatInZone(at, visit.timeZone, TIME_PATTERN[locale], locale)}${zoned.label(at, visit.timeZone)}`;
  const isEditable = state === "new" || state === "correctable";

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = VisitNoteSchema.safeParse(visitNoteInput(new FormData(event.currentTarget), services));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors = visitNoteFieldErrors(parsed.error.issues, services);
    setClientErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  return (
    <div className="max-w-2xl space-y-5">
      <Link to="/caregiver/schedule" className={`${linkClass} inline-flex min-h-11 items-center gap-1`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("form.backToSchedule")}
      </Link>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t("form.heading")}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-200">
          {t("form.visitOf", {
            date: zoned.dateTime(visit.startsAt, visit.timeZone),
            orderNumber: visit.orderNumber,
          })}
        </p>
        {visit.checkedInAt && visit.checkedOutAt && (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("form.checkedInOut", { checkedIn: time(visit.checkedInAt), checkedOut: time(visit.checkedOutAt) })}
          </p>
        )}
      </header>

      {saved && (
        <FormNotice tone="success">
          {t(saved === "note" ? "form.saved" : saved === "correction" ? "form.corrected" : "form.unchanged")}
        </FormNotice>
      )}
      {actionData?.formError && <FormNotice tone="error">{noteMessage(actionData.formError)}</FormNotice>}
      {hasFieldErrors && !actionData?.formError && <FormNotice tone="error">{t("form.fixErrors")}</FormNotice>}
      {state === "not-checked-out" && <FormNotice tone="warning">{t("form.notCheckedOut")}</FormNotice>}
      {state === "locked" && <FormNotice tone="warning">{t("form.locked")}</FormNotice>}
      {state === "correctable" && correctableUntil && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t("form.correctableUntil", { time: zoned.dateTime(correctableUntil, visit.timeZone) })}
        </p>
      )}
      {note?.isEdited && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("form.editedAt", { time: zoned.dateTime(note.updatedAt, visit.timeZone) })}
        </p>
      )}

      {isEditable ? (
        <Form
          key={note?.updatedAt.toISOString() ?? "new"}
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={validate}
          className="space-y-5"
        >
          <fieldset className={sectionClass}>
            <legend className="sr-only">{t("form.tasksLegend")}</legend>
            <h2 aria-hidden="true" className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("form.tasksLegend")}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("form.tasksHint")}</p>
            <div className="mt-4 space-y-5">
              {services.map((service) => {
                const previous = note?.tasks.find((task) => task.task === service);
                return (
                  <TaskChoice
                    key={service}
                    service={service}
                    label={labels.service(service)}
                    status={statuses[service] ?? ""}
                    onStatus={(status) => setStatuses((current) => ({ ...current, [service]: status }))}
                    defaultReason={previous?.reason ?? ""}
                    statusError={noteMessage(fieldErrors[taskField(service)])}
                    reasonError={noteMessage(fieldErrors[reasonField(service)])}
                    t={t}
                  />
                );
              })}
            </div>
          </fieldset>

          <div className={`${sectionClass} space-y-4`}>
            <TextAreaField
              label={t("form.meals")}
              hint={t("form.mealsHint")}
              name="meals"
              rows={3}
              maxLength={TEXT_MAX}
              defaultValue={note?.meals ?? ""}
              error={noteMessage(fieldErrors.meals)}
            />
            <SelectField
              label={t("form.mood")}
              name="mood"
              defaultValue={note?.mood ?? ""}
              error={noteMessage(fieldErrors.mood)}
            >
              <option value="">{t("form.moodNone")}</option>
              {MOODS.map((mood) => (
                <option key={mood} value={mood}>
                  {t(`mood.${mood}`)}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label={t("form.observations")}
              hint={t("form.observationsHint")}
              name="observations"
              rows={4}
              maxLength={TEXT_MAX}
              defaultValue={note?.observations ?? ""}
              error={noteMessage(fieldErrors.observations)}
            />
          </div>

          <div className={`${sectionClass} space-y-4`}>
            {note && note.photos.length > 0 && (
              <fieldset>
                <legend className={labelClass}>{t("form.currentPhotos")}</legend>
                <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {note.photos.map((photo, index) => (
                    <li key={photo.id} className="space-y-1">
                      <FallbackImage
                        src={photo.url}
                        alt={t("form.photoAlt", { number: index + 1 })}
                        width={160}
                        height={160}
                        className="aspect-square w-full rounded-lg border border-slate-200 object-cover dark:border-slate-700"
                      />
                      <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
                        <input type="checkbox" name="removePhoto" value={photo.id} className="size-5" />
                        {t("form.removePhoto")}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )}
            <FileField
              label={t("form.photos")}
              hint={t("form.photosHint", { count: photosPerNote })}
              name="photos"
              multiple
              accept="image/jpeg,image/png,image/webp"
            />
          </div>

          <div className="flex">
            <SubmitButton isPending={isSaving} pendingLabel={t("form.saving")}>
              {state === "correctable" ? t("form.saveCorrection") : t("form.save")}
            </SubmitButton>
          </div>
        </Form>
      ) : (
        note && <ReadOnlyNote note={note} t={t} />
      )}
    </div>
  );
}

function TaskChoice({
  service,
  label,
  status,
  onStatus,
  defaultReason,
  statusError,
  reasonError,
  t,
}: {
  service: string;
  label: string;
  status: string;
  onStatus: (status: TaskStatus) => void;
  defaultReason: string;
  statusError: string | undefined;
  reasonError: string | undefined;
  t: Translate;
}) {
  const errorId = `${taskField(service)}-error`;
  return (
    <fieldset aria-describedby={statusError ? errorId : undefined}>
      <legend className="font-medium text-slate-900 dark:text-white">{label}</legend>
      <div className="mt-2 grid grid-cols-3 gap-2">
        {TASK_STATUSES.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-2 py-2 text-center text-sm font-semibold text-slate-800 has-checked:border-teal-700 has-checked:bg-teal-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
          >
            <input
              type="radio"
              name={taskField(service)}
              value={option}
              defaultChecked={status === option}
              onChange={() => onStatus(option)}
              className="sr-only"
            />
            {t(`status.${option}`)}
          </label>
        ))}
      </div>
      {statusError && <FieldError id={errorId}>{statusError}</FieldError>}
      {status === "refused" && (
        <TextField
          label={t("form.reasonLabel")}
          name={reasonField(service)}
          type="text"
          maxLength={REASON_MAX}
          defaultValue={defaultReason}
          error={reasonError}
          className="mt-3"
        />
      )}
    </fieldset>
  );
}

function ReadOnlyNote({ note, t }: { note: NonNullable<Route.ComponentProps["loaderData"]["note"]>; t: Translate }) {
  const labels = useLabels();
  return (
    <section aria-labelledby="note-heading" className={sectionClass}>
      <h2 id="note-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("timeline.noteHeading")}
      </h2>
      <NoteBody note={note} labels={labels} t={t} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT("notes");
  return (
    <AreaError
      error={error}
      heading={t("form.notFoundTitle")}
      text={t("errors.notFound")}
      backTo="/caregiver/schedule"
      backLabel={t("form.backToSchedule")}
    />
  );
}

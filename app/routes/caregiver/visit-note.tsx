import { ArrowLeft } from "lucide-react";
import { CarePlanChecklist } from "~/components/care-documents/care-plan-checklist";
import { getFormProps } from "@conform-to/react";
import { useMemo, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FallbackImage } from "~/components/fallback-image";
import {
  FormNotice,
  FileField,
  labelClass,
  linkClass,
  CheckboxField,
  sectionClass,
  SelectField,
  SubmitButton,
  TextAreaField,
  FieldError,
  TextField,
  type SchemaField,
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
  visitNoteFormSchema,
  visitNoteFromForm,
} from "~/features/visit-notes/visit-note.schema";
import { useSchemaForm } from "~/components/use-schema-form";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { metaT, useLabels, useT, useValidationMessage } from "~/i18n/react";
import { localeOfRequest } from "~/i18n/locale";
import type { Translate } from "~/i18n/config";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { AreaError } from "~/components/area-error";
import { formatInZone, type DateLocale } from "~/utils/datetime";
import { isPayloadTooLarge, parseForm } from "~/utils/form-data.server";
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale } = getServerT(request, "notes", user.locale);
  let before: Awaited<ReturnType<typeof getVisitNoteForm>>;
  try {
    // The form's fields are the order's services.
    before = await getVisitNoteForm({ actor: user, visitId: params.visitId });
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ formError: text }));
  }
  const { services } = before;
  let submission;
  try {
    submission = await parseForm(request, visitNoteFormSchema(services), { maxBytes: NOTE_FORM_MAX_BYTES });
  } catch (error) {
    if (!isPayloadTooLarge(error)) throw error;
    return data({ formError: messageText(locale, { key: "notes:errors.formTooLarge" }) }, { status: 413 });
  }
  if (submission.status !== "success") {
    return data({ status: "invalid" as const, formError: null, result: submission.reply() }, { status: 400 });
  }
  try {
    const { photos, removePhoto: removePhotoIds, carePlanDone } = submission.value;
    const note = visitNoteFromForm(submission.value, services);
    const result = await saveVisitNote({
      actor: user,
      visitId: params.visitId,
      note,
      photos,
      removePhotoIds,
      carePlanDone,
    });
    const saved: Saved = !result.isCorrection ? (before.note ? "unchanged" : "note") : "correction";
    return redirect(`/caregiver/visits/${params.visitId}/note?saved=${saved}`);
  } catch (error) {
    // A refusal about one field is shown beside it.
    return refusalData(error, locale, ({ text, field }) =>
      field ? { formError: null, result: submission.reply({ fieldErrors: { [field]: [text] } }) } : { formError: text },
    );
  }
}

const TIME_PATTERN: Record<DateLocale, string> = { en: "h:mm a", es: "h:mm aaaa" };

export default function VisitNotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, services, carePlans, state, note, correctableUntil, photosPerNote, saved } = loaderData;
  const { t, locale } = useT("notes");
  const labels = useLabels();
  // The server's messages come worded; the form's own checks give the schema's keys.
  const noteMessage = useValidationMessage();
  const navigation = useNavigation();
  const isSaving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [statuses, setStatuses] = useState<Record<string, string>>(() =>
    Object.fromEntries((note?.tasks ?? []).map((task) => [task.task, task.status])),
  );
  // The order's services name the fields; the browser checks the form with the action's schema
  // and, when something is wrong, moves the focus to the first field to fix.
  const schema = useMemo(() => visitNoteFormSchema(services), [services]);
  const [form, fields] = useSchemaForm(schema, {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
  });
  const hasFieldErrors = Object.keys(form.allErrors).length > 0;
  const zoned = useZonedTime();
  const time = (at: Date) =>
    `${formatInZone(at, visit.timeZone, TIME_PATTERN[locale], locale)}${zoned.label(at, visit.timeZone)}`;
  const isEditable = state === "new" || state === "correctable";

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
          {...getFormProps(form)}
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
                    statusError={noteMessage(fields[taskField(service)]?.errors?.[0])}
                    reasonField={fields[reasonField(service)]}
                    t={t}
                  />
                );
              })}
            </div>
          </fieldset>

          {carePlans.map((plan) => (
            <CarePlanChecklist key={plan.documentId} plan={plan} />
          ))}

          <div className={`${sectionClass} space-y-4`}>
            <TextAreaField
              label={t("form.meals")}
              hint={t("form.mealsHint")}
              field={fields.meals}
              rows={3}
              maxLength={TEXT_MAX}
              defaultValue={note?.meals ?? ""}
            />
            <SelectField label={t("form.mood")} field={fields.mood} defaultValue={note?.mood ?? ""}>
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
              field={fields.observations}
              rows={4}
              maxLength={TEXT_MAX}
              defaultValue={note?.observations ?? ""}
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
                      <CheckboxField
                        name="removePhoto"
                        value={photo.id}
                        label={<span className="text-sm">{t("form.removePhoto")}</span>}
                      />
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
  reasonField: reason,
  t,
}: {
  service: string;
  label: string;
  status: string;
  onStatus: (status: TaskStatus) => void;
  defaultReason: string;
  statusError: string | undefined;
  reasonField: SchemaField | undefined;
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
          field={reason}
          type="text"
          maxLength={REASON_MAX}
          defaultValue={defaultReason}
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

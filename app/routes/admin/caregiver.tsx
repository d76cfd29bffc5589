import { format } from "date-fns";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { requireRole } from "~/auth/session.server";
import {
  FormNotice,
  inputClass,
  labelClass,
  linkClass,
  sectionClass,
  SelectField,
  SubmitButton,
} from "~/components/form-controls";
import { US_STATES } from "~/features/accounts/us-states";
import { CAREGIVER_LANGUAGES, DAY_PARTS, SKILL_LABELS, WEEKDAYS } from "~/features/caregiver-onboarding/application";
import { DOCUMENT_LABELS } from "~/features/caregiver-onboarding/document-paths";
import {
  ADVERSE_ACTION_WAIT_DAYS,
  BACKGROUND_CHECK_LABELS,
  BACKGROUND_CHECK_STATUSES,
  canSendPreAdverseNotice,
  DecisionFormSchema,
  isAdverseCheck,
} from "~/features/caregiver-vetting/vetting";
import {
  applyDecision,
  loadCaregiverForReview,
  saveReferenceNotes,
  sendPreAdverseNotice,
  setBackgroundCheck,
} from "~/features/caregiver-vetting/vetting.server";
import { SERVICES } from "~/utils/services";
import type { Route } from "./+types/caregiver";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData ? `${loaderData.profile.firstName} ${loaderData.profile.lastName}` : "Caregiver"} | Tendly` },
];

const DATE_TIME = "MMM d, yyyy 'at' HH:mm";
const when = (date: Date | null | undefined) => (date ? format(date, DATE_TIME) : null);

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const review = await loadCaregiverForReview({ actor, caregiverId: params.caregiverId });
  if (!review) throw data("Caregiver not found", { status: 404 });
  return {
    ...review,
    submitted: when(review.submittedAt),
    referenceNotes: review.referenceNotes.map(({ updatedAt, ...entry }) => ({ ...entry, savedAt: when(updatedAt) })),
    checkSetAt: when(review.vetting?.backgroundCheckSetAt),
    preAdverseNoticeSent: when(review.vetting?.preAdverseNoticeAt),
    finalAdverseNoticeSent: when(review.vetting?.finalAdverseNoticeAt),
    waitingEnds: review.vetting?.preAdverseNoticeAt
      ? format(
          new Date(review.vetting.preAdverseNoticeAt.getTime() + ADVERSE_ACTION_WAIT_DAYS * 86_400_000),
          "MMM d, yyyy",
        )
      : null,
  };
}

const CheckSchema = z.object({ status: z.enum(BACKGROUND_CHECK_STATUSES) });
const NotesSchema = z.object({
  referenceIndex: z.coerce.number().int().min(0).max(9),
  notes: z.string().max(5000, "Notes can be at most 5000 characters"),
});

const respond = (result: { ok: true; message: string } | { ok: false; error: string }) =>
  result.ok ? { ok: true, message: result.message } : data({ ok: false, message: result.error }, { status: 409 });

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const change = { actor, caregiverId: params.caregiverId, request };
  switch (form.intent) {
    case "background-check": {
      const parsed = CheckSchema.safeParse(form);
      if (!parsed.success) return data({ ok: false, message: "Please choose a status." }, { status: 400 });
      return respond(await setBackgroundCheck({ ...change, status: parsed.data.status }));
    }
    case "pre-adverse-notice":
      return respond(await sendPreAdverseNotice(change));
    case "reference-notes": {
      const parsed = NotesSchema.safeParse(form);
      if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0]!.message }, { status: 400 });
      return respond(await saveReferenceNotes({ ...change, ...parsed.data }));
    }
    case "decision": {
      const parsed = DecisionFormSchema.safeParse(form);
      if (!parsed.success) return data({ ok: false, message: "Unknown decision." }, { status: 400 });
      return respond(await applyDecision({ ...change, ...parsed.data }));
    }
    default:
      return data({ ok: false, message: "Unknown action." }, { status: 400 });
  }
}

const STATUS_TEXT = {
  pending: "Pending review",
  approved: "Approved",
  suspended: "Suspended",
  rejected: "Rejected",
  inactive: "Inactive",
} as const;

export default function AdminCaregiver({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, draft, documents, vetting, availability, referenceNotes } = loaderData;
  const navigation = useNavigation();
  const busy = (intent: string, field?: [name: string, value: string]) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!field || navigation.formData.get(field[0]) === field[1]);
  const state = {
    status: profile.caregiverStatus,
    backgroundCheck: profile.backgroundCheckStatus,
    preAdverseNoticeAt: vetting?.preAdverseNoticeAt ?? null,
  };
  const stateName = US_STATES.find((entry) => entry.code === profile.state)?.name ?? profile.state;
  return (
    <div className="space-y-8">
      <header>
        <Link to="/admin/caregivers" className={linkClass}>
          Back to caregivers
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {profile.firstName} {profile.lastName}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Status: <strong>{STATUS_TEXT[profile.caregiverStatus]}</strong>
          {loaderData.submitted ? ` · Applied ${loaderData.submitted}` : ""} · Public profile /caregiver/{profile.slug}
        </p>
      </header>
      {actionData && <FormNotice tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormNotice>}

      <Section title="Decision">
        {vetting?.decisionReason && (
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">Last reason given: {vetting.decisionReason}</p>
        )}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="decision" />
          {(state.status === "pending" || state.status === "approved") && (
            <div>
              <label htmlFor="decision-reason" className={labelClass}>
                Reason (sent to the caregiver; needed to reject or suspend)
              </label>
              <textarea id="decision-reason" name="reason" rows={2} maxLength={1000} className={inputClass} />
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {state.status === "pending" && (
              <>
                <SubmitButton isPending={busy("decision")} pendingLabel="Saving..." name="decision" value="approve">
                  Approve
                </SubmitButton>
                <SubmitButton
                  isPending={busy("decision")}
                  pendingLabel="Saving..."
                  name="decision"
                  value="reject"
                  variant="secondary"
                >
                  Reject
                </SubmitButton>
              </>
            )}
            {state.status === "approved" && (
              <SubmitButton
                isPending={busy("decision")}
                pendingLabel="Saving..."
                name="decision"
                value="suspend"
                variant="secondary"
              >
                Suspend
              </SubmitButton>
            )}
            {state.status === "suspended" && (
              <SubmitButton isPending={busy("decision")} pendingLabel="Saving..." name="decision" value="reinstate">
                Reinstate
              </SubmitButton>
            )}
          </div>
          {state.status === "pending" && state.backgroundCheck !== "clear" && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Approval needs a clear background check. Only approved caregivers with a clear check are matched.
            </p>
          )}
        </Form>
      </Section>

      <Section title="Background check">
        <p className="text-slate-800 dark:text-slate-200">
          Status: <strong>{BACKGROUND_CHECK_LABELS[profile.backgroundCheckStatus]}</strong>
          {loaderData.checkSetAt
            ? ` · set by ${vetting?.setByName ?? "a former administrator"} on ${loaderData.checkSetAt}`
            : " · not set yet"}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {draft.background?.backgroundCheckConsent
            ? "The caregiver authorised the background check in the application."
            : "No authorisation on file."}
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="background-check" />
          <SelectField label="Set the status" name="status" defaultValue={profile.backgroundCheckStatus}>
            {BACKGROUND_CHECK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {BACKGROUND_CHECK_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <SubmitButton isPending={busy("background-check")} pendingLabel="Saving..." variant="secondary">
            Save status
          </SubmitButton>
        </Form>
        {(isAdverseCheck(profile.backgroundCheckStatus) || loaderData.preAdverseNoticeSent) && (
          <div className="mt-5">
            <h3 className="font-semibold text-slate-900 dark:text-white">Adverse action steps</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
              <li>
                Pre-adverse notice with a copy of the report and the summary of rights:{" "}
                {loaderData.preAdverseNoticeSent ? `sent ${loaderData.preAdverseNoticeSent}` : "not sent"}
              </li>
              <li>
                Waiting period of {ADVERSE_ACTION_WAIT_DAYS} days:{" "}
                {loaderData.waitingEnds ? `until ${loaderData.waitingEnds}` : "starts with the notice"}
              </li>
              <li>
                Final adverse action notice (sent with the rejection):{" "}
                {loaderData.finalAdverseNoticeSent ? `sent ${loaderData.finalAdverseNoticeSent}` : "not sent"}
              </li>
            </ol>
            {canSendPreAdverseNotice(state) && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="pre-adverse-notice" />
                <SubmitButton isPending={busy("pre-adverse-notice")} pendingLabel="Sending..." variant="secondary">
                  Send pre-adverse notice
                </SubmitButton>
              </Form>
            )}
          </div>
        )}
      </Section>

      <Section title="Documents">
        {documents.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No documents uploaded.</p>
        ) : (
          <ul className="space-y-2">
            {documents.map((document) => (
              <li key={document.id}>
                {DOCUMENT_LABELS[document.kind]}:{" "}
                <a href={document.url} target="_blank" rel="noreferrer" className={`${linkClass} wrap-anywhere`}>
                  {document.originalName}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
          Links are personal and expire after an hour; each view is recorded in the audit log.
        </p>
      </Section>

      <Section title="Application">
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <Item label="Email">
            {loaderData.email} {loaderData.emailVerified ? "(verified)" : "(not verified)"}
          </Item>
          <Item label="Phone number">{profile.phoneNumber}</Item>
          <Item label="Address">
            {draft["personal-info"]?.streetAddress}, {profile.city}, {stateName} {profile.zipCode}
          </Item>
          <Item label="Years of experience">{profile.yearsExperience}</Item>
          <Item label="Services">
            {profile.services.map((id) => SERVICES.find((service) => service.id === id)?.title ?? id).join(", ")}
          </Item>
          <Item label="Skills">
            {profile.skills.map((skill) => SKILL_LABELS[skill as keyof typeof SKILL_LABELS] ?? skill).join(", ") ||
              "None listed"}
          </Item>
          <Item label="Languages">
            {profile.languages
              .map((code) => CAREGIVER_LANGUAGES.find((language) => language.code === code)?.name ?? code)
              .join(", ")}
          </Item>
          <Item label="Certifications">{draft.experience?.certifications.join(", ") || "None listed"}</Item>
          <Item label="About">{profile.bio}</Item>
          <Item label="Travel radius">{profile.travelRadiusMiles} miles</Item>
          <Item label="Availability">
            <ul>
              {WEEKDAYS.map((day, weekday) => {
                const parts = availability
                  .filter((window) => window.weekday === weekday)
                  .map(
                    (window) =>
                      DAY_PARTS.find((part) => part.startMinute === window.startMinute)?.label ??
                      `${window.startMinute / 60}:00-${window.endMinute / 60}:00`,
                  );
                return parts.length > 0 ? (
                  <li key={day}>
                    {day}: {parts.join(", ")}
                  </li>
                ) : null;
              })}
            </ul>
          </Item>
        </dl>
      </Section>

      <Section title="References">
        {draft.background && draft.background.references.length > 0 ? (
          <ul className="space-y-5">
            {draft.background.references.map((reference, index) => {
              const saved = referenceNotes.find((entry) => entry.referenceIndex === index);
              const fieldId = `reference-${index}-notes`;
              return (
                <li key={index} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <p className="font-semibold text-slate-900 dark:text-white">{reference.name}</p>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    {reference.relationship} · {reference.contact}
                  </p>
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="intent" value="reference-notes" />
                    <input type="hidden" name="referenceIndex" value={index} />
                    <label htmlFor={fieldId} className={labelClass}>
                      Notes on {reference.name}
                    </label>
                    <textarea
                      id={fieldId}
                      name="notes"
                      rows={3}
                      maxLength={5000}
                      defaultValue={saved?.notes ?? ""}
                      aria-describedby={saved ? `${fieldId}-saved` : undefined}
                      className={inputClass}
                    />
                    {saved && (
                      <p id={`${fieldId}-saved`} className="text-sm text-slate-600 dark:text-slate-300">
                        Saved by {saved.updatedByName ?? "a former administrator"} on {saved.savedAt}
                      </p>
                    )}
                    <SubmitButton
                      isPending={busy("reference-notes", ["referenceIndex", String(index)])}
                      pendingLabel="Saving..."
                      variant="secondary"
                    >
                      Save notes
                    </SubmitButton>
                  </Form>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">No references given.</p>
        )}
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, "-")}-heading`;
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="text-slate-900 dark:text-slate-100">{children}</dd>
    </>
  );
}

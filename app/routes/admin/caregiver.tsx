import { VIEWER_TIME_ZONE, formatCalendarDate, formatDate, formatDateTime } from "~/utils/datetime";
import { listCredentialsForAdmin } from "~/features/credentials/credentials.server";
import { listTimeOffForAdmin } from "~/features/visits/time-off.server";
import { timeOffWhen } from "~/features/visits/public";
import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  linkClass,
  sectionClass,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "~/components/form-controls";
import { US_STATES } from "~/features/accounts/us-states";
import { DAY_PARTS, WEEKDAYS } from "~/features/caregivers/work-profile-fields";
import {
  ADVERSE_ACTION_WAIT_DAYS,
  BACKGROUND_CHECK_STATUSES,
  canSendPreAdverseNotice,
  isAdverseCheck,
} from "~/features/caregiver-vetting/vetting";
import {
  applyDecision,
  loadCaregiverForReview,
  type ChangeResult,
  saveReferenceNotes,
  sendPreAdverseNotice,
  setBackgroundCheck,
} from "~/features/caregiver-vetting/vetting.server";
import type { Locale } from "~/i18n/config";
import { getServerT, messageText, validationText, type ServerT } from "~/i18n/i18n.server";
import { metaT, Trans, useLabels, useLocale, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import type { Route } from "./+types/caregiver";
import { parseForm } from "~/utils/form-data.server";
import { CaregiverReviewsSection } from "~/components/admin/caregiver-reviews";
import {
  AdminCaregiverActionSchema,
  isReviewChange,
  loadCaregiverReviews,
  moderateReview,
  refusedReviewText,
  type VettingChange,
} from "./caregiver.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches, "admin");
  return [
    {
      title: loaderData
        ? t("caregiver.metaTitle", { name: `${loaderData.profile.firstName} ${loaderData.profile.lastName}` })
        : t("caregiver.metaTitleFallback"),
    },
  ];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale } = getServerT(request, "admin", actor.locale);
  const when = (date: Date | null | undefined) => (date ? formatDateTime(date, VIEWER_TIME_ZONE, locale) : null);
  const review = await loadCaregiverForReview({ actor, caregiverId: params.caregiverId }).catch((error: unknown) =>
    throwRefusal(error, locale),
  );
  const [reviews, credentials, timeOff] = await Promise.all([
    loadCaregiverReviews({ actor, caregiverId: params.caregiverId, locale }),
    listCredentialsForAdmin({ actor, caregiverId: params.caregiverId }),
    listTimeOffForAdmin({ actor, caregiverId: params.caregiverId }),
  ]);
  return {
    ...review,
    reviews,
    credentials,
    timeOff: timeOff.upcoming,
    submitted: when(review.submittedAt),
    referenceNotes: review.referenceNotes.map(({ updatedAt, ...entry }) => ({ ...entry, savedAt: when(updatedAt) })),
    checkSetAt: when(review.vetting?.backgroundCheckSetAt),
    preAdverseNoticeSent: when(review.vetting?.preAdverseNoticeAt),
    finalAdverseNoticeSent: when(review.vetting?.finalAdverseNoticeAt),
    waitingEnds: review.vetting?.preAdverseNoticeAt
      ? formatDate(
          new Date(review.vetting.preAdverseNoticeAt.getTime() + ADVERSE_ACTION_WAIT_DAYS * 86_400_000),
          VIEWER_TIME_ZONE,
          locale,
        )
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const submission = await parseForm(request, AdminCaregiverActionSchema);
  if (submission.status !== "success") {
    const { intent } = submission.payload;
    const message =
      refusedReviewText(intent, submission.error ?? {}, locale) ??
      refusedChangeText(intent, submission.error ?? {}, { locale, t });
    return data({ ok: false, message }, { status: 400 });
  }
  const value = submission.value;
  const change = { actor, caregiverId: params.caregiverId, request };
  try {
    if (isReviewChange(value)) return await moderateReview(value, change, locale);
    return await applyChange(value, change, { locale, t });
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ ok: false, message: text }));
  }
}

type Words = { locale: Locale; t: ServerT };

/** The words for a vetting form the schema refused, as the page shows them above the sections. */
function refusedChangeText(intent: unknown, errors: Record<string, string[] | null>, { locale, t }: Words) {
  const first = Object.values(errors).flat()[0];
  switch (intent) {
    case "background-check":
      return t("caregiver.chooseStatus");
    case "reference-notes":
      return first ? validationText(locale, first) : t("common.unknownAction");
    case "decision":
      return !errors.decision && errors.reason?.[0]
        ? validationText(locale, errors.reason[0])
        : t("caregiver.unknownDecision");
    default:
      return t("common.unknownAction");
  }
}

/** A change's result ("Notes on Jo saved.") in the admin's language. */
function localized({ locale }: Words, { ok, message }: ChangeResult) {
  return { ok, message: messageText(locale, message) };
}

/** The change the form asks for; a refused one throws an AppError. */
async function applyChange(value: VettingChange, change: Parameters<typeof sendPreAdverseNotice>[0], words: Words) {
  switch (value.intent) {
    case "background-check":
      return localized(words, await setBackgroundCheck({ ...change, status: value.status }));
    case "pre-adverse-notice":
      return localized(words, await sendPreAdverseNotice(change));
    case "reference-notes":
      return localized(
        words,
        await saveReferenceNotes({ ...change, referenceIndex: value.referenceIndex, notes: value.notes }),
      );
    case "decision":
      return localized(words, await applyDecision({ ...change, decision: value.decision, reason: value.reason }));
  }
}

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
  const { t } = useT("admin");
  const labels = useLabels();
  const statusLabel = labels.caregiverStatus(profile.caregiverStatus);
  const checkStatus = labels.backgroundCheck(profile.backgroundCheckStatus);
  return (
    <div className="space-y-8">
      <header>
        <Link to="/admin/caregivers" className={linkClass}>
          {t("caregiver.back")}
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {profile.firstName} {profile.lastName}
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          {loaderData.submitted ? (
            <Trans
              ns="admin"
              i18nKey="caregiver.statusLine"
              values={{ status: statusLabel, date: loaderData.submitted, slug: profile.slug }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans
              ns="admin"
              i18nKey="caregiver.statusLineNotApplied"
              values={{ status: statusLabel, slug: profile.slug }}
              components={{ strong: <strong /> }}
            />
          )}
        </p>
      </header>
      {actionData && <FormNotice tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormNotice>}

      <Section id="decision" title={t("caregiver.sections.decision")}>
        {vetting?.decisionReason && (
          <p className="mb-3 text-sm text-slate-700 dark:text-slate-300">
            {t("caregiver.lastReason", { reason: vetting.decisionReason })}
          </p>
        )}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="decision" />
          {(state.status === "pending" || state.status === "approved") && (
            <TextAreaField label={t("caregiver.reasonLabel")} name="reason" rows={2} maxLength={1000} />
          )}
          <div className="flex flex-wrap gap-3">
            {state.status === "pending" && (
              <>
                <SubmitButton
                  isPending={busy("decision")}
                  pendingLabel={t("common.saving")}
                  name="decision"
                  value="approve"
                >
                  {t("caregiver.approve")}
                </SubmitButton>
                <SubmitButton
                  isPending={busy("decision")}
                  pendingLabel={t("common.saving")}
                  name="decision"
                  value="reject"
                  variant="secondary"
                >
                  {t("caregiver.reject")}
                </SubmitButton>
              </>
            )}
            {state.status === "approved" && (
              <SubmitButton
                isPending={busy("decision")}
                pendingLabel={t("common.saving")}
                name="decision"
                value="suspend"
                variant="secondary"
              >
                {t("caregiver.suspend")}
              </SubmitButton>
            )}
            {state.status === "suspended" && (
              <SubmitButton
                isPending={busy("decision")}
                pendingLabel={t("common.saving")}
                name="decision"
                value="reinstate"
              >
                {t("caregiver.reinstate")}
              </SubmitButton>
            )}
          </div>
          {state.status === "pending" && state.backgroundCheck !== "clear" && (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t("caregiver.approvalNeedsClear")}</p>
          )}
        </Form>
      </Section>

      <Section id="background-check" title={t("caregiver.sections.backgroundCheck")}>
        <p className="text-slate-800 dark:text-slate-200">
          {loaderData.checkSetAt ? (
            <Trans
              ns="admin"
              i18nKey="caregiver.checkStatus"
              values={{
                status: checkStatus,
                name: vetting?.setByName ?? t("caregiver.formerAdmin"),
                date: loaderData.checkSetAt,
              }}
              components={{ strong: <strong /> }}
            />
          ) : (
            <Trans
              ns="admin"
              i18nKey="caregiver.checkStatusNotSet"
              values={{ status: checkStatus }}
              components={{ strong: <strong /> }}
            />
          )}
        </p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {draft.background?.backgroundCheckConsent ? t("caregiver.consentGiven") : t("caregiver.noConsent")}
        </p>
        <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="intent" value="background-check" />
          <SelectField label={t("caregiver.setStatus")} name="status" defaultValue={profile.backgroundCheckStatus}>
            {BACKGROUND_CHECK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {labels.backgroundCheck(status)}
              </option>
            ))}
          </SelectField>
          <SubmitButton isPending={busy("background-check")} pendingLabel={t("common.saving")} variant="secondary">
            {t("caregiver.saveStatus")}
          </SubmitButton>
        </Form>
        {(isAdverseCheck(profile.backgroundCheckStatus) || loaderData.preAdverseNoticeSent) && (
          <div className="mt-5">
            <h3 className="font-semibold text-slate-900 dark:text-white">{t("caregiver.adverseHeading")}</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-800 dark:text-slate-200">
              <li>
                {loaderData.preAdverseNoticeSent
                  ? t("caregiver.preAdverseSent", { date: loaderData.preAdverseNoticeSent })
                  : t("caregiver.preAdverseNotSent")}
              </li>
              <li>
                {loaderData.waitingEnds
                  ? t("caregiver.waitingUntil", { days: ADVERSE_ACTION_WAIT_DAYS, date: loaderData.waitingEnds })
                  : t("caregiver.waitingNotStarted", { days: ADVERSE_ACTION_WAIT_DAYS })}
              </li>
              <li>
                {loaderData.finalAdverseNoticeSent
                  ? t("caregiver.finalSent", { date: loaderData.finalAdverseNoticeSent })
                  : t("caregiver.finalNotSent")}
              </li>
            </ol>
            {canSendPreAdverseNotice(state) && (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="pre-adverse-notice" />
                <SubmitButton
                  isPending={busy("pre-adverse-notice")}
                  pendingLabel={t("caregiver.sending")}
                  variant="secondary"
                >
                  {t("caregiver.sendPreAdverse")}
                </SubmitButton>
              </Form>
            )}
          </div>
        )}
      </Section>

      <Section id="documents" title={t("caregiver.sections.documents")}>
        {documents.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">{t("caregiver.noDocuments")}</p>
        ) : (
          <ul className="space-y-2">
            {documents.map((document) => (
              <li key={document.id}>
                {t(`caregiver.documentKinds.${document.kind}`)}:{" "}
                <a href={document.url} target="_blank" rel="noreferrer" className={`${linkClass} wrap-anywhere`}>
                  {document.originalName}
                </a>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{t("caregiver.linksExpire")}</p>
      </Section>

      <Section id="application" title={t("caregiver.sections.application")}>
        <dl className="grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <Item label={t("caregiver.facts.email")}>
            {loaderData.emailVerified
              ? t("caregiver.emailVerified", { email: loaderData.email })
              : t("caregiver.emailNotVerified", { email: loaderData.email })}
          </Item>
          <Item label={t("caregiver.facts.phone")}>{profile.phoneNumber}</Item>
          <Item label={t("caregiver.facts.address")}>
            {draft["personal-info"]?.streetAddress}, {profile.city}, {stateName} {profile.zipCode}
          </Item>
          <Item label={t("caregiver.facts.experience")}>{profile.yearsExperience}</Item>
          <Item label={t("caregiver.facts.services")}>{profile.services.map(labels.service).join(", ")}</Item>
          <Item label={t("caregiver.facts.skills")}>
            {profile.skills.map(labels.skill).join(", ") || t("caregiver.noneListed")}
          </Item>
          <Item label={t("caregiver.facts.languages")}>{labels.languages(profile.languages).join(", ")}</Item>
          <Item label={t("caregiver.facts.certifications")}>
            {draft.experience?.certifications.join(", ") || t("caregiver.noneListed")}
          </Item>
          <Item label={t("caregiver.facts.about")}>
            <span lang={profile.bioLanguage ?? undefined}>{profile.bio}</span>
          </Item>
          <Item label={t("caregiver.facts.travelRadius")}>
            {t("caregiver.miles", { miles: profile.travelRadiusMiles })}
          </Item>
          <Item label={t("caregiver.facts.availability")}>
            <ul>
              {WEEKDAYS.map((day, weekday) => {
                const parts = availability
                  .filter((window) => window.weekday === weekday)
                  .map((window) => {
                    const part = DAY_PARTS.find((entry) => entry.startMinute === window.startMinute);
                    return part
                      ? t(`caregiver.dayParts.${part.id}`)
                      : `${window.startMinute / 60}:00-${window.endMinute / 60}:00`;
                  });
                return parts.length > 0 ? (
                  <li key={day}>
                    {labels.weekday(weekday)}: {parts.join(", ")}
                  </li>
                ) : null;
              })}
            </ul>
          </Item>
        </dl>
      </Section>

      <Section id="credentials" title={t("caregiver.sections.credentials")}>
        <CredentialsAndTimeOff credentials={loaderData.credentials} timeOff={loaderData.timeOff} />
      </Section>

      <Section id="references" title={t("caregiver.sections.references")}>
        {draft.background && draft.background.references.length > 0 ? (
          <ul className="space-y-5">
            {draft.background.references.map((reference, index) => {
              const saved = referenceNotes.find((entry) => entry.referenceIndex === index);
              return (
                <li key={index} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
                  <p className="font-semibold text-slate-900 dark:text-white">{reference.name}</p>
                  <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                    {reference.relationship} · {reference.contact}
                  </p>
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="intent" value="reference-notes" />
                    <input type="hidden" name="referenceIndex" value={index} />
                    <TextAreaField
                      label={t("caregiver.notesOn", { name: reference.name })}
                      name="notes"
                      rows={3}
                      maxLength={5000}
                      defaultValue={saved?.notes ?? ""}
                      note={
                        saved
                          ? t("caregiver.savedBy", {
                              name: saved.updatedByName ?? t("caregiver.formerAdmin"),
                              date: saved.savedAt,
                            })
                          : undefined
                      }
                    />
                    <SubmitButton
                      isPending={busy("reference-notes", ["referenceIndex", String(index)])}
                      pendingLabel={t("common.saving")}
                      variant="secondary"
                    >
                      {t("caregiver.saveNotes")}
                    </SubmitButton>
                  </Form>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-700 dark:text-slate-300">{t("caregiver.noReferences")}</p>
        )}
      </Section>

      <CaregiverReviewsSection reviews={loaderData.reviews} />
    </div>
  );
}

/** `id` names the heading ("decision" is `decision-heading`) whatever the language. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
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

/** What the caregiver keeps up (credentials that expire) and the days they are not working (upcoming time off). */
function CredentialsAndTimeOff({
  credentials,
  timeOff,
}: {
  credentials: Route.ComponentProps["loaderData"]["credentials"];
  timeOff: Route.ComponentProps["loaderData"]["timeOff"];
}) {
  const { t } = useT("credentials");
  const visits = useT("visits");
  const admin = useT("admin");
  const locale = useLocale();
  const standingText = (standing: (typeof credentials)[number]["standing"]) =>
    standing === "expired" ? t("admin.expired") : standing === "expiring" ? t("admin.expiring") : t("admin.current");
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ul className="divide-y divide-slate-200 dark:divide-slate-700">
        {credentials.map((credential) => (
          <li key={credential.kind} className="py-2">
            <p className="font-medium text-slate-900 first-letter:uppercase dark:text-white">
              {t(`kinds.${credential.kind}`)}
              {credential.isRequired && (
                <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                  ({t("admin.required")})
                </span>
              )}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-200">
              {credential.expiresOn ? (
                <>
                  <span
                    className={
                      credential.standing === "expired"
                        ? "font-semibold text-red-800 dark:text-red-200"
                        : credential.standing === "expiring"
                          ? "font-semibold text-amber-900 dark:text-amber-100"
                          : undefined
                    }
                  >
                    {standingText(credential.standing)}
                  </span>
                  {" · "}
                  {t("admin.date")}: {formatCalendarDate(credential.expiresOn, "date", locale)}
                  {" · "}
                  {credential.isVerified ? t("admin.verified") : t("admin.notVerified")}
                </>
              ) : (
                t("admin.noneOnFile")
              )}
            </p>
          </li>
        ))}
      </ul>
      <div>
        <h3 className="font-semibold text-slate-900 dark:text-white">{admin.t("caregiver.timeOffHeading")}</h3>
        {timeOff.length === 0 ? (
          <p className="mt-1 text-slate-700 dark:text-slate-200">{admin.t("caregiver.noTimeOff")}</p>
        ) : (
          <ul className="mt-1 divide-y divide-slate-200 dark:divide-slate-700">
            {timeOff.map((block) => (
              <li key={block.id} className="py-2">
                <p className="text-slate-900 dark:text-white">{timeOffWhen(block, visits.t, locale)}</p>
                {block.reason && <p className="text-sm text-slate-600 dark:text-slate-300">{block.reason}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { FormNotice, secondaryButtonClass, SubmitButton, TextAreaField, TextField } from "~/components/form-controls";
import { useT } from "~/i18n/react";
import { formatInZone, formatVisitDateTime, timeOfDayIn } from "~/utils/datetime";
import type { ScheduleChangeResult } from "./schedule-change-controls";

// Moving a visit (docs/product-rules.md, "Moving a visit"): the family's "Move" on each upcoming visit of the order
// page, its pending request with "Withdraw", the list of moves (both times), and the caregiver's answer on the
// schedule. Each posts with a fetcher, so an error shows beside the visit it is about.

/** What the move actions answer (routes/client/order.tsx, routes/caregiver/schedule.tsx). */
export type MoveResult = {
  ok: boolean;
  intent: "move" | "withdraw-move" | "accept-move" | "decline-move";
  message?: string;
  fieldErrors?: Partial<Record<"date" | "startTime" | "durationMinutes" | "reason", string>>;
};

export type MoveView = {
  id: string;
  visitId: string;
  status: "pending" | "accepted" | "declined" | "expired" | "withdrawn";
  isLate: boolean;
  oldStartsAt: Date;
  oldEndsAt: Date;
  newStartsAt: Date;
  newEndsAt: Date;
  deadline: Date;
};

/** The late badge of a move or a schedule change. */
export const badgeClass =
  "inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50";

function useWhen(timeZone: string) {
  const { locale } = useT("visits");
  return (instant: Date) => formatVisitDateTime(instant, timeZone, { locale, withZone: true });
}

/** "Move" for one upcoming visit: the new date, start and length, on the clock where care happens. */
export function VisitMoveControl({
  visit,
  timeZone,
  pending,
  lateMoveHours,
  now,
}: {
  visit: { id: string; startsAt: Date; endsAt: Date };
  /** When the page was loaded: whether a move now would be a late change. */
  now: Date;
  timeZone: string;
  pending: MoveView | undefined;
  lateMoveHours: number;
}) {
  const { t } = useT("visits");
  const when = useWhen(timeZone);
  const fetcher = useFetcher<MoveResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  if (pending) {
    return (
      <PendingRequest kind="move" request={pending} fetcher={fetcher} className="mt-2">
        <p className="text-sm text-slate-800 dark:text-slate-100">
          {t("moves.asked", {
            from: when(pending.oldStartsAt),
            to: when(pending.newStartsAt),
            deadline: when(pending.deadline),
          })}
        </p>
      </PendingRequest>
    );
  }
  const errors = result?.fieldErrors ?? {};
  // The inputs' values: the visit's date and 24-hour start where care happens.
  const [startDate, startTime] = formatInZone(visit.startsAt, timeZone, "yyyy-MM-dd HH:mm").split(" ");
  const minutes = Math.round((visit.endsAt.getTime() - visit.startsAt.getTime()) / 60_000);
  const hoursAhead = (visit.startsAt.getTime() - now.getTime()) / 3_600_000;
  return (
    <details className="mt-2 rounded-lg border border-slate-200 dark:border-slate-700" open={result ? true : undefined}>
      <summary
        className={`${secondaryButtonClass} w-full cursor-pointer list-none border-0 sm:w-auto [&::-webkit-details-marker]:hidden`}
        aria-label={t("moves.moveVisit", { when: when(visit.startsAt) })}
      >
        {t("moves.move")}
      </summary>
      <fetcher.Form method="post" className="space-y-3 p-3">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="visitId" value={visit.id} />
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("moves.zoneHint", { zone: timeZone })}</p>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            label={t("moves.date")}
            name="date"
            type="date"
            required
            defaultValue={startDate}
            error={errors.date}
          />
          <TextField
            label={t("moves.startTime")}
            name="startTime"
            type="time"
            required
            defaultValue={startTime}
            error={errors.startTime}
          />
          <TextField
            label={t("moves.duration")}
            name="durationMinutes"
            type="number"
            inputMode="numeric"
            min={30}
            max={720}
            step={15}
            required
            defaultValue={String(minutes)}
            error={errors.durationMinutes}
          />
        </div>
        {hoursAhead < lateMoveHours && (
          <FormNotice tone="warning">{t("moves.lateFlag", { hours: lateMoveHours })}</FormNotice>
        )}
        {result && !result.ok && result.message && <FormNotice tone="error">{result.message}</FormNotice>}
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("moves.submitting")}>
          {t("moves.submit")}
        </SubmitButton>
      </fetcher.Form>
    </details>
  );
}

/** The order's moves, newest first: where each visit was and where it went, and what became of the request. */
export function MoveHistory({ moves, timeZone }: { moves: MoveView[]; timeZone: string }) {
  const { t } = useT("visits");
  const when = useWhen(timeZone);
  if (moves.length === 0) return null;
  return (
    <>
      <h3 id="moves-heading" className="mt-4 font-medium text-slate-900 dark:text-white">
        {t("moves.history")}
      </h3>
      <ul aria-labelledby="moves-heading" className="mt-1 space-y-2 text-sm text-slate-700 dark:text-slate-200">
        {moves.map((move) => (
          <li key={move.id}>
            <span>{t("moves.historyLine", { from: when(move.oldStartsAt), to: when(move.newStartsAt) })}</span>{" "}
            <span className="font-medium">({t(`moves.status.${move.status}`)})</span>
            {move.isLate && <span className={`${badgeClass} ml-2`}>{t("moves.lateBadge")}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The caregiver's requests to answer: accept the new time, or decline (a reason optional). */
export function MoveRequests({ moves }: { moves: (MoveView & { timeZone: string })[] }) {
  const { t } = useT("visits");
  return (
    <RequestsToAnswer
      items={moves}
      headingId="move-requests-heading"
      heading={t("moves.caregiverHeading")}
      renderItem={(move, onAnswer) => <MoveRequest key={move.id} move={move} onAnswer={onAnswer} />}
    />
  );
}

/**
 * The section of a kind of request the caregiver answers on the schedule. A request answered here leaves the
 * loader's list; it stays on screen with its answer's notice.
 */
export function RequestsToAnswer<T extends { id: string }>({
  items,
  headingId,
  heading,
  renderItem,
}: {
  items: T[];
  headingId: string;
  heading: string;
  renderItem: (item: T, onAnswer: () => void) => ReactNode;
}) {
  const [answered, setAnswered] = useState<T[]>([]);
  const shown = [...items, ...answered.filter((kept) => !items.some((item) => item.id === kept.id))];
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {heading}
      </h2>
      <ul className="space-y-4">
        {shown.map((item) =>
          renderItem(item, () => setAnswered((kept) => [...kept.filter((other) => other.id !== item.id), item])),
        )}
      </ul>
    </section>
  );
}

function MoveRequest({ move, onAnswer }: { move: MoveView & { timeZone: string }; onAnswer: () => void }) {
  const { t, locale } = useT("visits");
  const when = useWhen(move.timeZone);
  const accept = useFetcher<MoveResult>();
  const decline = useFetcher<MoveResult>();
  const result = [accept, decline].find((fetcher) => fetcher.state === "idle" && fetcher.data)?.data;
  if (result?.ok) {
    return (
      <li>
        <FormNotice tone="success">
          {result.intent === "accept-move"
            ? t("moves.accepted", { when: when(move.newStartsAt) })
            : t("moves.declined")}
        </FormNotice>
      </li>
    );
  }
  return (
    <li className="space-y-3 rounded-lg bg-white p-3 dark:bg-slate-900">
      <p className="text-slate-800 dark:text-slate-100">
        {t("moves.caregiverLine", {
          from: when(move.oldStartsAt),
          to: `${when(move.newStartsAt)} – ${timeOfDayIn(move.newEndsAt, move.timeZone, locale)}`,
          deadline: when(move.deadline),
        })}
      </p>
      {move.isLate && <p className={badgeClass}>{t("moves.lateBadge")}</p>}
      {result?.message && <FormNotice tone="error">{result.message}</FormNotice>}
      <AnswerForms
        accept={accept}
        decline={decline}
        onAnswer={onAnswer}
        fields={{ intents: ["accept-move", "decline-move"], idName: "moveId", id: move.id }}
        texts={{ accept: t("moves.accept"), decline: t("moves.decline"), reason: t("moves.declineReason") }}
        pendingLabel={t("moves.accepting")}
        reasonError={result?.fieldErrors?.reason}
      />
    </li>
  );
}

/** The fetcher a control of a family's request posts with (a visit's move, a schedule change). */
type RequestFetcher = ReturnType<typeof useFetcher<MoveResult>> | ReturnType<typeof useFetcher<ScheduleChangeResult>>;

/** How each kind of the family's requests is withdrawn: its intent, its id's field and its texts' keys. */
const WITHDRAWALS = {
  move: { intent: "withdraw-move", idName: "moveId", keys: "moves" },
  scheduleChange: { intent: "withdraw-schedule-change", idName: "changeId", keys: "scheduleChanges" },
} as const;

/**
 * A family's pending request on the order page (a visit's move, a schedule change): what was asked (`children`),
 * the late badge, and "Withdraw", with the refusal of a withdrawal beside it.
 */
export function PendingRequest({
  kind,
  request,
  fetcher,
  className,
  children,
}: {
  kind: keyof typeof WITHDRAWALS;
  request: { id: string; isLate: boolean };
  fetcher: RequestFetcher;
  className: string;
  children: ReactNode;
}) {
  const { t } = useT("visits");
  const { intent, idName, keys } = WITHDRAWALS[kind];
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <div className={`${className} space-y-2 rounded-lg border border-teal-200 p-3 dark:border-teal-800`}>
      {children}
      {request.isLate && <p className={badgeClass}>{t(`${keys}.lateBadge`)}</p>}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name={idName} value={request.id} />
        <SubmitButton variant="secondary" isPending={fetcher.state !== "idle"} pendingLabel={t(`${keys}.withdrawing`)}>
          {t(`${keys}.withdraw`)}
        </SubmitButton>
      </fetcher.Form>
      {result && !result.ok && result.message && <FormNotice tone="error">{result.message}</FormNotice>}
    </div>
  );
}

/**
 * The caregiver's two answers to a family's request (a visit's move, a schedule change): accept at once, or decline
 * behind a disclosure with an optional reason. Each posts with its own fetcher; `onAnswer` keeps the request shown.
 */
export function AnswerForms({
  accept,
  decline,
  onAnswer,
  fields,
  texts,
  pendingLabel,
  reasonError,
}: {
  accept: RequestFetcher;
  decline: RequestFetcher;
  onAnswer: () => void;
  fields: { intents: [accept: string, decline: string]; idName: string; id: string };
  texts: { accept: string; decline: string; reason: string };
  pendingLabel: string;
  reasonError: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <accept.Form method="post" onSubmit={onAnswer}>
        <input type="hidden" name="intent" value={fields.intents[0]} />
        <input type="hidden" name={fields.idName} value={fields.id} />
        <SubmitButton isPending={accept.state !== "idle"} pendingLabel={pendingLabel} className="w-full">
          {texts.accept}
        </SubmitButton>
      </accept.Form>
      <details className="rounded-lg border border-slate-200 dark:border-slate-700">
        <summary
          className={`${secondaryButtonClass} w-full cursor-pointer list-none border-0 [&::-webkit-details-marker]:hidden`}
        >
          {texts.decline}
        </summary>
        <decline.Form method="post" className="space-y-3 p-3" onSubmit={onAnswer}>
          <input type="hidden" name="intent" value={fields.intents[1]} />
          <input type="hidden" name={fields.idName} value={fields.id} />
          <TextAreaField label={texts.reason} name="reason" rows={2} maxLength={500} error={reasonError} />
          <SubmitButton variant="secondary" isPending={decline.state !== "idle"} pendingLabel={pendingLabel}>
            {texts.decline}
          </SubmitButton>
        </decline.Form>
      </details>
    </div>
  );
}

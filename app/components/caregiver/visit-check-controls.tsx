import { MapPin } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useRevalidator } from "react-router";
import {
  FormNotice,
  inputClass,
  labelClass,
  primaryButtonClass,
  secondaryButtonClass,
  FieldError,
} from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import { useNow } from "~/components/use-now";
import type { CaregiverVisit } from "~/features/visits/caregiver-visits.server";
import type { CheckKind, Verification } from "~/features/visits/visit-rules";
import { isVisitLate } from "~/features/visits/visit-alerts";
import { LateVisitNotice } from "./late-visit-notice";
import { OnMyWayControl } from "./on-my-way-control";
import { canSayOnMyWay } from "~/features/visits/on-my-way";
import { useT } from "~/i18n/react";
import { formatNumber } from "~/i18n/format";
import { shortVisit } from "~/features/billing/visit-charge";
import { formatTimeWithDay, timeOfDayIn } from "~/utils/datetime";
import { useZonedTime } from "~/components/viewer-time-zone";
import { OUTBOX_CHANGED, pendingChecks, saveAndSend, type OutboxEntry, type SendOutcome } from "~/client/check-outbox";

// Check-in and check-out of one visit, built for a phone and one thumb
// (docs/product-rules.md, "Visits"). The press records the time; the location
// is asked for once, then, never in between. When it is refused or does not
// come, the family's code or a typed reason confirms the visit instead. Every
// event goes through the phone's outbox (check-outbox.ts), so with no signal
// it is kept and sent later with the time of the press. The buttons keep full
// opacity when disabled (before hydration, while busy): their label says why,
// and the text keeps its contrast.

type Press = { kind: CheckKind; clientEventId: string; occurredAt: string; shortReason?: string };
type Notice = { tone: "success" | "warning" | "error"; text: string };

const LOCATION_TIMEOUT_MS = 15_000;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("Geolocation is not available."));
      return;
    }
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: LOCATION_TIMEOUT_MS,
      maximumAge: 0,
    });
  });
}

/** The visit as the phone knows it: the server's state, moved on by events still waiting in the outbox. */
function localState(visit: CaregiverVisit, pending: OutboxEntry[]) {
  const checkIn = pending.find((entry) => entry.event.kind === "check_in");
  const checkOut = pending.find((entry) => entry.event.kind === "check_out");
  let status = visit.status;
  if (checkIn && (status === "scheduled" || status === "missed")) status = "checked_in";
  if (checkOut && status === "checked_in") status = "completed";
  return {
    status,
    checkedInAt: visit.checkedInAt ?? (checkIn ? new Date(checkIn.event.occurredAt) : null),
    checkedOutAt: visit.checkedOutAt ?? (checkOut ? new Date(checkOut.event.occurredAt) : null),
  };
}

export function VisitCheckControls({
  visit,
  userId,
  now: loaderNow,
}: {
  visit: CaregiverVisit;
  userId: string;
  /** The loader's clock: the page's first render agrees with the server's. */
  now: Date;
}) {
  const now = useNow(loaderNow);
  const { t, locale } = useT("visits");
  const isHydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState<OutboxEntry[]>([]);
  const [press, setPress] = useState<Press | null>(null);
  const [phase, setPhase] = useState<"idle" | "short" | "locating" | "fallback">("idle");
  const [isSending, setIsSending] = useState(false);
  const [method, setMethod] = useState<"code" | "reason">("code");
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const id = useId();
  const zoned = useZonedTime();
  // On the clock where care happens, named when the caregiver's phone is on another.
  const time = (instant: Date | string) =>
    `${timeOfDayIn(instant, visit.timeZone, locale)}${zoned.label(instant, visit.timeZone)}`;
  // A time on another day than today carries its day (docs/product-rules.md, "Times on screen").
  const timeWithDay = (instant: Date | string) =>
    `${formatTimeWithDay(instant, visit.timeZone, { now, locale })}${zoned.label(instant, visit.timeZone)}`;

  useEffect(() => {
    let isActive = true;
    const refresh = () => {
      pendingChecks(userId).then(
        (entries) => {
          if (isActive) setPending(entries.filter((entry) => entry.visitId === visit.id));
        },
        () => undefined,
      );
    };
    refresh();
    window.addEventListener(OUTBOX_CHANGED, refresh);
    return () => {
      isActive = false;
      window.removeEventListener(OUTBOX_CHANGED, refresh);
    };
  }, [userId, visit.id]);

  const state = localState(visit, pending);
  /** The short-visit rule (features/billing/visit-charge.ts) for a check-out at `at`; null before check-in. */
  const shortAt = (at: Date) =>
    state.checkedInAt
      ? shortVisit(
          { startsAt: visit.startsAt, endsAt: visit.endsAt, checkedInAt: state.checkedInAt, checkedOutAt: at },
          visit.chargeSettings,
        )
      : null;
  const short = press && phase === "short" ? shortAt(new Date(press.occurredAt)) : null;
  const canCheckIn =
    (state.status === "scheduled" || state.status === "missed") && now >= visit.checkInOpensAt && now < visit.endsAt;
  const canCheckOut = state.status === "checked_in";
  // Not for a caregiver who said they cannot come: backups are being asked (docs/product-rules.md, "Late and missed visits, backup caregivers").
  const isLate =
    !visit.hasCancelled && isVisitLate({ ...visit, status: state.status, checkedInAt: state.checkedInAt }, now);

  async function send(current: Press, verification: Verification) {
    setIsSending(true);
    setFieldError(null);
    let outcome: SendOutcome;
    try {
      outcome = await saveAndSend({
        visitId: visit.id,
        userId,
        event: {
          kind: current.kind,
          clientEventId: current.clientEventId,
          occurredAt: current.occurredAt,
          verification,
          ...(current.shortReason ? { shortReason: current.shortReason } : {}),
        },
      });
    } catch {
      // The phone's storage refused the event (a private window, a full disk): nothing was kept.
      setPhase("idle");
      setNotice({ tone: "error", text: t("refusal.generic") });
      return;
    } finally {
      setIsSending(false);
    }
    const at = time(current.occurredAt);
    if (outcome.state === "done") {
      setPress(null);
      setPhase("idle");
      setNotice({
        tone: "success",
        text: t(current.kind === "check_in" ? "check.recordedIn" : "check.recordedOut", { time: at }),
      });
      await revalidate();
    } else if (outcome.state === "waiting") {
      setPress(null);
      setPhase("idle");
      setNotice({ tone: "warning", text: t("check.savedOffline", { time: at }) });
    } else if (outcome.reason === "wrong-code" || outcome.reason === "reason-needed") {
      // The family's code was mistyped: the same press may be confirmed again.
      setPhase("fallback");
      setFieldError(outcome.message);
    } else if (outcome.reason === "short-reason-needed") {
      // The server found the visit short (its settings are the last word): the same press, with a reason.
      setPhase("short");
      setFieldError(outcome.message);
    } else if (outcome.reason === "code-closed") {
      // Too many wrong codes: the same press may still be confirmed with a reason.
      setPhase("fallback");
      setMethod("reason");
      setFieldError(outcome.message);
    } else {
      setPress(null);
      setPhase("idle");
      setNotice({ tone: "error", text: outcome.message || t("refusal.generic") });
      await revalidate();
    }
  }

  async function start(kind: CheckKind) {
    // The time of the press is the visit's time, whatever the location or the network do next.
    const current: Press = { kind, clientEventId: crypto.randomUUID(), occurredAt: new Date().toISOString() };
    setPress(current);
    setNotice(null);
    setFieldError(null);
    if (kind === "check_out" && shortAt(new Date(current.occurredAt))?.isShort) {
      setPhase("short");
      return;
    }
    await locate(current);
  }

  function cancelPress() {
    setPress(null);
    setPhase("idle");
    setFieldError(null);
  }

  /** A short check-out's press goes on, with the caregiver's reason, to the location. */
  function confirmShort(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!press) return;
    const reason = String(new FormData(event.currentTarget).get("shortReason") ?? "").trim();
    if (!reason) {
      setFieldError(t(short?.isBeforeStart ? "refusal.shortBeforeStart" : "refusal.shortReasonNeeded"));
      return;
    }
    setFieldError(null);
    const current = { ...press, shortReason: reason };
    setPress(current);
    void locate(current);
  }

  async function locate(current: Press) {
    setPhase("locating");
    try {
      const position = await currentPosition();
      await send(current, {
        method: "location",
        latitude: position.coords.latitude,
        longitude: position.coords.longitude,
        accuracyMeters: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : undefined,
      });
    } catch {
      setPhase("fallback");
    }
  }

  function confirmFallback(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!press) return;
    const form = new FormData(event.currentTarget);
    const value = String(form.get(method) ?? "").trim();
    if (method === "code" && !/^\d{6}$/.test(value)) {
      setFieldError(t("refusal.codeFormat"));
      return;
    }
    if (method === "reason" && !value) {
      setFieldError(t("refusal.reasonNeeded"));
      return;
    }
    void send(press, method === "code" ? { method: "code", code: value } : { method: "reason", reason: value });
  }

  const waiting = pending.length > 0 ? pending[pending.length - 1] : undefined;
  const isBusy = phase === "locating" || isSending;

  return (
    <div className="space-y-3">
      {isLate && <LateVisitNotice visit={visit} time={time(visit.startsAt)} />}
      {state.checkedInAt && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t("visit.checkedInAt", { time: time(state.checkedInAt) })}
        </p>
      )}
      {state.checkedOutAt && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t("visit.checkedOutAt", { time: time(state.checkedOutAt) })}
        </p>
      )}
      {waiting && (
        <p className="text-sm font-medium text-amber-800 dark:text-amber-200" data-outbox-waiting>
          {t("check.waiting", { time: time(waiting.event.occurredAt) })}
        </p>
      )}

      {phase === "short" && press ? (
        <form
          onSubmit={confirmShort}
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
          noValidate
        >
          <h3 className="font-semibold text-slate-900 dark:text-white">{t("check.shortHeading")}</h3>
          <p className="text-sm text-slate-800 dark:text-slate-100">
            {t(short?.isBeforeStart ? "check.shortBeforeStart" : "check.shortIntro", {
              start: time(visit.startsAt),
              end: time(visit.endsAt),
              worked: formatNumber(short?.workedMinutes ?? 0, locale),
            })}
          </p>
          <p className="text-sm text-slate-800 dark:text-slate-100">
            {t("check.shortCharge", {
              minimum: formatNumber(
                Math.min(visit.chargeSettings.minimumChargeMinutes, short?.bookedMinutes ?? Infinity),
                locale,
              ),
            })}
          </p>
          <div>
            <label htmlFor={`${id}-short-reason`} className={labelClass}>
              {t("check.shortReasonLabel")}
            </label>
            <p id={`${id}-short-hint`} className="text-sm text-slate-600 dark:text-slate-300">
              {t("check.shortReasonHint")}
            </p>
            <textarea
              id={`${id}-short-reason`}
              name="shortReason"
              rows={2}
              maxLength={500}
              required
              defaultValue={press.shortReason}
              className={inputClass}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-short-hint${fieldError ? ` ${id}-error` : ""}`}
            />
          </div>
          {fieldError && <FieldError id={`${id}-error`}>{fieldError}</FieldError>}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={`${primaryButtonClass} w-full sm:w-auto`}>
              {t("check.shortContinue")}
            </button>
            <button type="button" className={`${secondaryButtonClass} w-full sm:w-auto`} onClick={cancelPress}>
              {t("check.cancel")}
            </button>
          </div>
        </form>
      ) : phase === "fallback" && press ? (
        <form
          onSubmit={confirmFallback}
          className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
          noValidate
        >
          <h3 className="font-semibold text-slate-900 dark:text-white">{t("check.fallbackHeading")}</h3>
          <p className="text-sm text-slate-800 dark:text-slate-100">{t("check.fallbackIntro")}</p>
          <fieldset>
            <legend className={labelClass}>{t("check.method")}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(["code", "reason"] as const).map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2 text-slate-900 dark:text-white">
                  <input
                    type="radio"
                    name={`${id}-method`}
                    value={option}
                    checked={method === option}
                    onChange={() => {
                      setMethod(option);
                      setFieldError(null);
                    }}
                    className="size-5"
                  />
                  {t(option === "code" ? "check.useCode" : "check.useReason")}
                </label>
              ))}
            </div>
          </fieldset>
          {method === "code" ? (
            <div>
              <label htmlFor={`${id}-code`} className={labelClass}>
                {t("check.codeLabel")}
              </label>
              <input
                id={`${id}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className={`${inputClass} max-w-40 text-lg tracking-widest`}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : undefined}
              />
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-reason`} className={labelClass}>
                {t("check.reasonLabel")}
              </label>
              <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
                {t("check.reasonHint")}
              </p>
              <textarea
                id={`${id}-reason`}
                name="reason"
                rows={2}
                maxLength={500}
                className={inputClass}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ""}`}
              />
            </div>
          )}
          {fieldError && <FieldError id={`${id}-error`}>{fieldError}</FieldError>}
          <div className="flex flex-wrap gap-3">
            <button
              type="submit"
              className={`${primaryButtonClass} w-full disabled:opacity-100! sm:w-auto`}
              disabled={isBusy}
            >
              {isSending
                ? t("check.sending")
                : t(press.kind === "check_in" ? "check.confirmCheckIn" : "check.confirmCheckOut")}
            </button>
            <button type="button" className={`${secondaryButtonClass} w-full sm:w-auto`} onClick={cancelPress}>
              {t("check.cancel")}
            </button>
          </div>
        </form>
      ) : (
        (canCheckIn || canCheckOut) && (
          <div className="space-y-2">
            <button
              type="button"
              className={`${primaryButtonClass} min-h-14 w-full text-lg disabled:opacity-100! sm:w-auto`}
              disabled={!isHydrated || isBusy}
              aria-busy={isBusy || undefined}
              onClick={() => void start(canCheckIn ? "check_in" : "check_out")}
            >
              <MapPin aria-hidden="true" className="mr-2 size-5" />
              {isSending
                ? t("check.sending")
                : phase === "locating"
                  ? t("check.locating")
                  : t(canCheckIn ? "check.checkIn" : "check.checkOut")}
            </button>
            <p className="text-xs text-slate-600 dark:text-slate-300">{t("check.locationPromise")}</p>
          </div>
        )
      )}
      {phase === "idle" && !waiting && canSayOnMyWay({ ...visit, status: state.status }, now) && (
        <OnMyWayControl visit={visit} now={now} />
      )}
      {!canCheckIn && state.status === "scheduled" && now < visit.checkInOpensAt && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t("check.opensAt", { when: timeWithDay(visit.checkInOpensAt) })}
        </p>
      )}
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
    </div>
  );
}

import { Car } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import {
  FieldError,
  FormNotice,
  inputClass,
  labelClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "~/components/form-controls";
import { useHydrated } from "~/components/use-hydrated";
import { useZonedTime } from "~/components/viewer-time-zone";
import { ARRIVAL_ESTIMATES, LATEST_ARRIVAL_HOURS } from "~/features/visits/on-my-way";
import { useT } from "~/i18n/react";
import { timeOfDayIn, zoneAbbreviation } from "~/utils/datetime";

// "On my way" (docs/product-rules.md, "On my way"): the caregiver says they are coming and about when they
// arrive, an estimate or a time typed on the visit's clock; the server tells the family. No location is
// asked. Unlike a check-in it is not kept in the phone's outbox: an "On my way" sent late would mislead, so
// with no signal it says so and nothing is sent.

type Notice = { tone: "success" | "error"; text: string };

export function OnMyWayControl({
  visit,
  now,
}: {
  visit: { id: string; timeZone: string; arrivesAt: Date | null };
  now: Date;
}) {
  const { t, locale } = useT("visits");
  const isHydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const zoned = useZonedTime();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [choice, setChoice] = useState<string>(String(ARRIVAL_ESTIMATES[1]));
  const [isSending, setIsSending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const time = (instant: Date | string) =>
    `${timeOfDayIn(instant, visit.timeZone, locale)}${zoned.label(instant, visit.timeZone)}`;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get("time") ?? "").trim();
    if (choice === "time" && !typed) {
      setFieldError(t("onMyWay.timeNeeded"));
      return;
    }
    setFieldError(null);
    setNotice(null);
    const body =
      choice === "time"
        ? new URLSearchParams({ by: "time", time: typed })
        : new URLSearchParams({ by: "estimate", minutes: choice });
    setIsSending(true);
    try {
      const response = await fetch(`/caregiver/visits/${encodeURIComponent(visit.id)}/on-my-way`, {
        method: "POST",
        body,
        credentials: "same-origin",
      });
      const answer = (await response.json().catch(() => null)) as
        { ok: true; arrivesAt: string } | { ok: false; reason: string; message: string } | null;
      if (answer?.ok) {
        setIsOpen(false);
        setNotice({ tone: "success", text: t("onMyWay.sent", { time: time(answer.arrivesAt) }) });
        await revalidate();
      } else if (answer && (answer.reason === "past" || answer.reason === "too-late" || answer.reason === "invalid")) {
        setFieldError(answer.message);
      } else {
        setIsOpen(false);
        setNotice({ tone: "error", text: answer?.message || t("refusal.generic") });
      }
    } catch {
      // No answer: no signal. Nothing was sent; the family was not told.
      setNotice({ tone: "error", text: t("onMyWay.offline") });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <div className="space-y-2" data-on-my-way>
      {visit.arrivesAt && (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          {t("onMyWay.told", { time: time(visit.arrivesAt) })}
        </p>
      )}
      {isOpen ? (
        <form
          onSubmit={(event) => void submit(event)}
          className="space-y-3 rounded-lg border border-teal-300 bg-teal-50 p-4 dark:border-teal-800 dark:bg-teal-950/40"
          noValidate
          aria-labelledby={`${id}-heading`}
        >
          <h3 id={`${id}-heading`} className="font-semibold text-slate-900 dark:text-white">
            {t("onMyWay.heading")}
          </h3>
          <p className="text-sm text-slate-800 dark:text-slate-100">{t("onMyWay.intro")}</p>
          <fieldset>
            <legend className={labelClass}>{t("onMyWay.estimate")}</legend>
            <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:flex sm:flex-wrap">
              {[...ARRIVAL_ESTIMATES.map(String), "time"].map((option) => (
                <label key={option} className="flex min-h-11 items-center gap-2 text-slate-900 dark:text-white">
                  <input
                    type="radio"
                    name="choice"
                    value={option}
                    checked={choice === option}
                    onChange={() => {
                      setChoice(option);
                      setFieldError(null);
                    }}
                    className="size-5"
                  />
                  {option === "time" ? t("onMyWay.atTime") : t("onMyWay.inMinutes", { minutes: Number(option) })}
                </label>
              ))}
            </div>
          </fieldset>
          {choice === "time" && (
            <div>
              <label htmlFor={`${id}-time`} className={labelClass}>
                {t("onMyWay.timeLabel", { zone: zoneAbbreviation(now, visit.timeZone) })}
              </label>
              <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-300">
                {t("onMyWay.timeHint", { hours: LATEST_ARRIVAL_HOURS })}
              </p>
              <input
                id={`${id}-time`}
                name="time"
                type="time"
                required
                className={`${inputClass} max-w-40`}
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
              disabled={isSending}
              aria-busy={isSending || undefined}
            >
              {isSending ? t("onMyWay.sending") : t("onMyWay.send")}
            </button>
            <button
              type="button"
              className={`${secondaryButtonClass} w-full sm:w-auto`}
              onClick={() => {
                setIsOpen(false);
                setFieldError(null);
              }}
            >
              {t("onMyWay.cancel")}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className={`${secondaryButtonClass} w-full disabled:opacity-100! sm:w-auto`}
          disabled={!isHydrated}
          onClick={() => {
            setIsOpen(true);
            setNotice(null);
          }}
        >
          <Car aria-hidden="true" className="mr-2 size-5" />
          {visit.arrivesAt ? t("onMyWay.update") : t("onMyWay.button")}
        </button>
      )}
      {notice && <FormNotice tone={notice.tone}>{notice.text}</FormNotice>}
    </div>
  );
}

import { Check } from "lucide-react";
import { flushSync } from "react-dom";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, PrefetchPageLinks, useNavigate, useSearchParams } from "react-router";
import { fieldErrors, secondaryButtonClass } from "~/components/form-controls";
import { useOnline } from "~/components/use-online";
import {
  CARE_REQUEST_STEPS,
  WIZARD_STEP_COUNT,
  type CareRequestDraft,
  type CareRequestStep,
} from "~/features/care-requests/care-request.schema";
import {
  DRAFT_STORAGE_KEY,
  canOpenStep,
  completeStep,
  emptyDraft,
  furthestOpenStep,
  newestDraft,
  readDraft,
  stepNumber,
  updateDraftData,
  validateStep,
} from "~/features/care-requests/wizard";
import { draftForRecipient, type SavedRecipient } from "~/features/care-requests/recipients";
import type { ScheduleClock } from "~/features/care-requests/schedule";
import { useFieldErrors, useT } from "~/i18n/react";

// The wizard's draft, shared by its steps: kept in browser storage (it
// survives a reload) and, for a signed-in client, on the server (it follows
// the person to another device); of the two, the newest wins.

export type WizardViewer = {
  role: "client" | "other";
  prefill: Partial<CareRequestDraft["data"]>;
  /** The family's saved care recipients (docs/product-rules.md, "Care recipients"); none for others. */
  recipients: SavedRecipient[];
} | null;
export type DraftData = CareRequestDraft["data"];

type Wizard = {
  draft: CareRequestDraft;
  /** False until the browser's copy of the draft has been read. */
  isReady: boolean;
  viewer: WizardViewer;
  update: (changes: Partial<DraftData>) => void;
  /** Replaces every answer (a saved person chosen, or "Someone new"), keeping the steps already complete. */
  replaceData: (data: DraftData) => void;
  /**
   * Fills in answers the person did not give (their profile's phone and address): the draft does not
   * become newer, so a fuller copy saved on another device still wins over it.
   */
  prefill: (changes: Partial<DraftData>) => void;
  /**
   * Validates the step (the schedule against `clock`, the time where care happens, when known);
   * on success marks it complete and opens the next one.
   */
  complete: (step: CareRequestStep, clock?: ScheduleClock | null) => Record<string, string> | null;
  reset: () => void;
  /** After a successful submit: the draft is done with, everywhere. */
  finish: () => void;
  /** While the request is being sent no server save is made, so that none lands after it. */
  holdServerSaves: (isHeld: boolean) => void;
};

const WizardContext = createContext<Wizard | null>(null);

export function useWizard(): Wizard {
  const wizard = useContext(WizardContext);
  if (!wizard) throw new Error("useWizard outside the /request wizard");
  return wizard;
}

/** A step's title (messages `request:stepTitle.<step>`); a recipient's gender is `request:gender.<code>`. */
export const stepTitleKey = (step: CareRequestStep) => `stepTitle.${step}`;

const SERVER_SAVE_DELAY_MS = 800;
/** The time stamp of a draft nobody has touched yet: never stored, never newer than a stored one. */
const UNTOUCHED = new Date(0);

function readStoredDraft(): CareRequestDraft | null {
  try {
    const raw = window.localStorage.getItem(DRAFT_STORAGE_KEY);
    return raw ? readDraft(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/**
 * Saves (or clears) a signed-in client's copy on the server in the background. A plain request, not
 * a router submission: a router submission reloads the page's data when it is answered, and one
 * answered while Continue is moving to the next step would take over that navigation. A failed save
 * is made again by the next change; the browser's copy keeps the work meanwhile.
 */
function sendDraftToServer(fields: { intent: "save"; draft: string } | { intent: "clear" }) {
  void fetch("/request/draft", {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
  }).catch(() => undefined);
}

function storeDraft(draft: CareRequestDraft | null) {
  try {
    if (draft) window.localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
    else window.localStorage.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Private windows may refuse storage: the draft then lives as long as the page.
  }
}

export function WizardProvider({
  viewer,
  serverDraft,
  children,
}: {
  viewer: WizardViewer;
  serverDraft: CareRequestDraft | null;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState<CareRequestDraft>(() => serverDraft ?? emptyDraft(UNTOUCHED));
  const [isReady, setIsReady] = useState(false);
  const [searchParams] = useSearchParams();
  const preferredCaregiver = searchParams.get("caregiver");
  // "Request … again" and "Request care for …" name the saved person the new request is for.
  const recipientId = searchParams.get("recipient");
  const recipient = viewer?.recipients.find((saved) => saved.id === recipientId);
  /** Applied once per page: choosing someone else afterwards is not undone by a reload of the page's data. */
  const appliedRecipient = useRef<string | null>(null);
  const isClient = viewer?.role === "client";
  const pendingServerSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isSaveHeld = useRef(false);

  // The browser's copy, the server's copy and the one on screen: the newest
  // wins, so that reloading the server's copy (after a sign-in, or after any
  // form on the page) never takes back what the person just did.
  useEffect(() => {
    const stored = readStoredDraft();
    const toApply = recipient && appliedRecipient.current !== recipient.id ? recipient : null;
    if (toApply) appliedRecipient.current = toApply.id;
    // Browser storage exists only once the page runs in the browser, after hydration.
    // oxlint-disable-next-line react/set-state-in-effect
    setDraft((current) => {
      const onScreen = current.updatedAt === UNTOUCHED.toISOString() ? null : current;
      let next = newestDraft(newestDraft(stored, serverDraft), onScreen) ?? current;
      // A new draft for the person, unless the draft is already theirs (a reload keeps what was changed since).
      if (toApply && next.data.careRecipientId !== toApply.id) next = draftForRecipient(toApply);
      if (preferredCaregiver && next.data.preferredCaregiverSlug !== preferredCaregiver) {
        next = updateDraftData(next, { preferredCaregiverSlug: preferredCaregiver.slice(0, 120) });
      }
      return next;
    });
    setIsReady(true);
  }, [serverDraft, preferredCaregiver, recipient]);

  useEffect(() => {
    // A sent request is kept neither here nor on the server.
    if (!isReady || draft.updatedAt === UNTOUCHED.toISOString() || draft.orderFinal) return;
    storeDraft(draft);
    if (!isClient || isSaveHeld.current) return;
    clearTimeout(pendingServerSave.current);
    pendingServerSave.current = setTimeout(() => {
      sendDraftToServer({ intent: "save", draft: JSON.stringify(draft) });
    }, SERVER_SAVE_DELAY_MS);
    return () => clearTimeout(pendingServerSave.current);
  }, [draft, isReady, isClient]);

  const update = useCallback((changes: Partial<DraftData>) => {
    setDraft((current) => updateDraftData(current, changes));
  }, []);

  const replaceData = useCallback((data: DraftData) => {
    // Other answers about the person: their steps are to be checked again.
    setDraft((current) => ({
      ...current,
      data,
      completedSteps: current.completedSteps.filter((step) => step !== "client-info" && step !== "health-needs"),
      updatedAt: new Date().toISOString(),
    }));
  }, []);

  const prefill = useCallback((changes: Partial<DraftData>) => {
    setDraft((current) => ({ ...current, data: { ...current.data, ...changes } }));
  }, []);

  const complete = useCallback(
    (step: CareRequestStep, clock?: ScheduleClock | null) => {
      const result = validateStep(step, draft.data, clock);
      if (!result.success) return fieldErrors(result.error.issues);
      setDraft((current) => completeStep(current, step));
      return null;
    },
    [draft.data],
  );

  const reset = useCallback(() => {
    clearTimeout(pendingServerSave.current);
    setDraft(emptyDraft());
    storeDraft(null);
    if (isClient) sendDraftToServer({ intent: "clear" });
  }, [isClient]);

  const finish = useCallback(() => {
    clearTimeout(pendingServerSave.current);
    setDraft((current) => ({ ...current, orderFinal: true }));
    storeDraft(null);
  }, []);

  const holdServerSaves = useCallback((isHeld: boolean) => {
    isSaveHeld.current = isHeld;
    if (isHeld) clearTimeout(pendingServerSave.current);
  }, []);

  const value = useMemo(
    () => ({ draft, isReady, viewer, update, replaceData, prefill, complete, reset, finish, holdServerSaves }),
    [draft, isReady, viewer, update, replaceData, prefill, complete, reset, finish, holdServerSaves],
  );
  return <WizardContext.Provider value={value}>{children}</WizardContext.Provider>;
}

/** Sends a person who opens a step too early to the furthest step they may open. */
function useStepGuard(step: CareRequestStep) {
  const { draft, isReady, reset } = useWizard();
  const navigate = useNavigate();
  const isAllowed = canOpenStep(draft, step);
  // Review-submit itself moves on to the thank-you page once its request is sent.
  const isSentElsewhere = draft.orderFinal === true && step !== "review-submit";
  useEffect(() => {
    if (!isReady) return;
    if (isSentElsewhere) reset();
    else if (!isAllowed && !draft.orderFinal) void navigate(`/request/${furthestOpenStep(draft)}`, { replace: true });
  }, [isReady, isAllowed, isSentElsewhere, draft, navigate, reset]);
  return isAllowed;
}

function StepIndicator({ current }: { current: CareRequestStep }) {
  const { draft } = useWizard();
  const { t } = useT("request");
  return (
    <ol className="grid grid-cols-4 gap-2" aria-label={t("wizard.steps")}>
      {CARE_REQUEST_STEPS.map((step) => {
        const isDone = draft.completedSteps.includes(step);
        const isCurrent = step === current;
        const label = (
          <>
            <span
              className={`flex size-8 items-center justify-center rounded-full text-sm font-bold ${
                isCurrent
                  ? "bg-teal-700 text-white"
                  : isDone
                    ? "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-100"
                    : "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-100"
              }`}
              aria-hidden="true"
            >
              {isDone && !isCurrent ? <Check className="size-4" /> : stepNumber(step)}
            </span>
            <span className="mt-1 text-xs font-medium sm:text-sm">
              {t(stepTitleKey(step))}
              {isDone && <span className="sr-only">{t("wizard.complete")}</span>}
            </span>
          </>
        );
        return (
          <li key={step} aria-current={isCurrent ? "step" : undefined} className="text-center">
            {canOpenStep(draft, step) && !isCurrent ? (
              <Link
                to={`/request/${step}`}
                className="flex flex-col items-center rounded-lg p-1 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
              >
                {label}
              </Link>
            ) : (
              <span className="flex flex-col items-center p-1 text-slate-900 dark:text-white">{label}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** One step of the wizard: progress, title, the step's content, and Start over. */
export function WizardStep({
  step,
  description,
  children,
}: {
  step: CareRequestStep;
  description: string;
  children: ReactNode;
}) {
  const { isReady, reset } = useWizard();
  const navigate = useNavigate();
  const isAllowed = useStepGuard(step);
  const { t } = useT("request");
  // The steps before the review need no server: the code of the steps still ahead is fetched
  // while there is a connection, so that Continue works on a phone that loses its signal later
  // (docs/decisions/0015-routes-known-offline.md). Never offline: a prefetch loads the step's
  // module, and one that cannot load makes React Router reload the page.
  const isOnline = useOnline();
  const stepsAhead = CARE_REQUEST_STEPS.slice(stepNumber(step));
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      {isOnline && stepsAhead.map((ahead) => <PrefetchPageLinks key={ahead} page={`/request/${ahead}`} />)}
      <p className="text-sm font-semibold text-teal-800 dark:text-teal-300">
        {t("wizard.stepOf", { number: stepNumber(step), total: WIZARD_STEP_COUNT })}
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t(stepTitleKey(step))}
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{description}</p>
      <div className="mt-6">
        <StepIndicator current={step} />
      </div>
      <div className="mt-8">
        {!isReady ? (
          <output className="block text-slate-600 dark:text-slate-300">{t("wizard.loading")}</output>
        ) : isAllowed ? (
          children
        ) : null}
      </div>
      <div className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-700">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            reset();
            void navigate("/request/client-info");
          }}
        >
          {t("wizard.startOver")}
        </button>
      </div>
    </section>
  );
}

/** Back and Continue under a step's form. */
export function StepButtons({ back, continueLabel }: { back?: CareRequestStep; continueLabel?: string }) {
  const { t } = useT("request");
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      {back ? (
        <Link to={`/request/${back}`} className={secondaryButtonClass}>
          {t("wizard.back")}
        </Link>
      ) : (
        <span />
      )}
      <button
        type="submit"
        className="inline-flex min-h-12 items-center justify-center rounded-lg bg-teal-700 px-6 py-3 text-lg font-semibold text-white hover:bg-teal-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
      >
        {continueLabel ?? t("wizard.continue")}
      </button>
    </div>
  );
}

/**
 * The submit handler of a step form: validates, then goes on or shows the errors. `timeZone` is
 * where care happens (useCareTimeZone): the schedule is checked against the clock there.
 */
export function useStepSubmit(
  step: CareRequestStep,
  next: CareRequestStep,
  careTimeZone?: () => Promise<string | null>,
) {
  const { complete } = useWizard();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The schemas' message keys, worded in the person's language.
  const translateErrors = useFieldErrors();
  // The step's answers as they are once the zone is known (the wait can span a render).
  const latestComplete = useRef(complete);
  useEffect(() => {
    latestComplete.current = complete;
  });
  const isChecking = useRef(false);
  const check = (form: HTMLFormElement, completeThis: typeof complete, timeZone: string | null) => {
    const problems = completeThis(step, timeZone ? { timeZone, now: new Date() } : null);
    // At once, also after the wait for the zone, so that the fields in error are marked before the focus moves.
    flushSync(() => setErrors(problems ?? {}));
    if (problems) {
      // Focus the first field in error so that keyboard and screen reader users land on it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());
      return;
    }
    void navigate(`/request/${next}`);
  };
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!careTimeZone) return check(form, complete, null);
    if (isChecking.current) return;
    isChecking.current = true;
    void careTimeZone().then((timeZone) => {
      isChecking.current = false;
      check(form, latestComplete.current, timeZone);
    });
  };
  return { errors: translateErrors(errors), onSubmit };
}

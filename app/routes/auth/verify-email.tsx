import { CircleAlert, CircleCheck, Clock, LoaderCircle, MailCheck } from "lucide-react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useEffect, useRef, useState } from "react";
import { data, Link, redirect, useFetcher, useLocation, useNavigate } from "react-router";
import { toast } from "~/components/toast";
import { z } from "zod";
import {
  clearPendingVerificationCookie,
  pendingVerificationCookie,
  readPendingVerification,
} from "~/platform/auth/pending-verification.server";
import { homePathFor } from "~/platform/auth/redirects";
import { getCurrentUser } from "~/platform/auth/session.server";
import { formatCountdown, useCountdown } from "~/components/use-countdown";
import { resendVerificationEmail, verifyEmailToken } from "~/features/accounts/email-verification.server";
import { isLegacySignupLink, VERIFY_EMAIL_TIMINGS } from "~/features/accounts/registration-rules";
import { getServerT, messageText } from "~/i18n/i18n.server";
import { metaT, Trans, useT } from "~/i18n/react";
import type { Route } from "./+types/verify-email";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "auth");
  return [{ title: t("verify.metaTitle") }, { name: "description", content: t("verify.metaDescription") }];
};

// The page (docs/product-rules.md, "Accounts and sign-in") shows the address of the pending verification (carried
// in a signed cookie since a redirect cannot carry history state), confirms a
// link's token, or explains what went wrong.
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  if (token) return { view: "token" as const, token };
  if (isLegacySignupLink(params)) {
    return { view: "error" as const, message: getServerT(request, "auth").t("verification.legacyLink") };
  }

  const pending = await readPendingVerification(request);
  if (pending) {
    // From the cooldown's end, or 300 s when only the rate-limited state is known.
    const cooldownEndsAt =
      pending.cooldownEndsAt ??
      (pending.rateLimited ? Date.now() + VERIFY_EMAIL_TIMINGS.defaultCountdownSeconds * 1000 : null);
    return {
      view: "pending" as const,
      email: pending.email,
      role: pending.role,
      justRegistered: pending.justRegistered,
      cooldownEndsAt: cooldownEndsAt === null ? null : new Date(cooldownEndsAt).toISOString(),
    };
  }
  // Where a verified link leads once the address is cleared from the URL.
  const user = await getCurrentUser(request);
  if (user) return { view: "welcome" as const, homePath: homePathFor(user.roles) };
  throw redirect("/register");
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), token: z.string().min(1).max(4000) }),
  z.object({ intent: z.literal("resend") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const submission = await parseForm(request, ActionSchema);
  // The verification's messages come from the feature as keys, worded here; so is a failed resend.
  const { locale, t } = getServerT(request, "auth");
  if (submission.status !== "success") {
    const message = t("verification.invalidLink");
    return data({ intent: "verify" as const, result: "failed" as const, message }, 400);
  }

  if (submission.value.intent === "verify") {
    const outcome = await verifyEmailToken({ token: submission.value.token, request });
    if (outcome.status !== "verified") {
      return data(
        { intent: "verify" as const, result: outcome.status, message: messageText(locale, outcome.message) },
        { status: outcome.status === "failed" ? 400 : 200 },
      );
    }
    // better-auth signed the person in: pass its session cookie on.
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", await clearPendingVerificationCookie());
    return data({ intent: "verify" as const, result: "verified" as const, homePath: outcome.homePath }, { headers });
  }

  const pending = await readPendingVerification(request);
  if (!pending) throw redirect("/register");
  const outcome = await resendVerificationEmail({ email: pending.email, request });
  if (outcome.status === "failed") {
    return data(
      { intent: "resend" as const, status: "failed" as const, message: t("verification.resendFailedFallback") },
      500,
    );
  }
  const isLimited = outcome.status === "limited";
  const cookie = await pendingVerificationCookie({
    ...pending,
    cooldownEndsAt: isLimited ? outcome.retryAt.getTime() : null,
    rateLimited: false,
  });
  // A 429 does not reload the page's data: the new countdown travels with the answer.
  return data(
    {
      intent: "resend" as const,
      status: outcome.status,
      cooldownEndsAt: isLimited ? outcome.retryAt.toISOString() : null,
    },
    { status: isLimited ? 429 : 200, headers: { "Set-Cookie": cookie } },
  );
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.view) {
    case "token":
      return <TokenVerification token={loaderData.token} actionData={actionData} />;
    case "error":
      return <VerificationIssue message={loaderData.message} />;
    case "welcome":
      return <Welcome homePath={loaderData.homePath} />;
    case "pending":
      return (
        <PendingVerification
          email={loaderData.email}
          justRegistered={loaderData.justRegistered}
          cooldownEndsAt={loaderData.cooldownEndsAt}
          actionData={actionData}
        />
      );
  }
}

function Panel({ children, icon }: { children: React.ReactNode; icon: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <div className="mx-auto mb-5 flex size-16 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          {icon}
        </div>
        {children}
      </div>
    </section>
  );
}

const primaryButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:bg-slate-400 sm:w-auto";
const secondaryButton =
  "inline-flex w-full items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-800 hover:bg-slate-50 sm:w-auto";

type ActionData = Route.ComponentProps["actionData"];

/**
 * The verifications this page has seen succeed, by token, with their moment. The verification signs the person
 * in, and the chrome around the page changes with that, which draws the page anew: the same verification then
 * neither asks the server again nor says so twice (a second "Email verified" was seen).
 */
const succeeded = new Map<string, number>();

function TokenVerification({ token, actionData }: { token: string; actionData: ActionData }) {
  // Keyed: a page drawn anew finds the same request and its answer.
  const fetcher = useFetcher<typeof action>({ key: `verify-email:${token}` });
  const navigate = useNavigate();
  const result = fetcher.data ?? actionData;
  const verification = result?.intent === "verify" ? result : undefined;

  // Confirm with a POST once the page runs: a mail scanner's GET of the link does nothing.
  const hasSubmitted = useRef(false);
  const { submit } = fetcher;
  const isAsked = fetcher.state !== "idle" || fetcher.data !== undefined || succeeded.has(token);
  useEffect(() => {
    if (hasSubmitted.current || isAsked) return;
    hasSubmitted.current = true;
    void submit({ intent: "verify", token }, { method: "post" });
  }, [isAsked, submit, token]);

  const isVerified = verification?.result === "verified";
  // The moment of success, from which the redirect home counts.
  const [verifiedAt, setVerifiedAt] = useState<number | null>(() => succeeded.get(token) ?? null);
  if (isVerified && verifiedAt === null) setVerifiedAt(Date.now());
  const { t } = useT("auth");
  useEffect(() => {
    if (verifiedAt === null) return;
    if (!succeeded.has(token)) {
      succeeded.set(token, verifiedAt);
      toast.success(t("verification.success"));
    }
    // The link's parameters leave the address bar; the welcome drawn again there keeps the same moment.
    const state: WelcomeState = { verifiedAt };
    void navigate("/verify-email", { replace: true, state });
    // oxlint-disable-next-line react/exhaustive-deps -- once, in the language of the moment
  }, [verifiedAt, navigate, token]);

  if (verification?.result === "verified") {
    return <Welcome homePath={verification.homePath} verifiedAt={verifiedAt ?? Date.now()} />;
  }
  if (verification?.result === "confirmed") return <EmailConfirmed message={verification.message} />;
  if (verification?.result === "failed") return <VerificationIssue message={verification.message} />;
  return (
    <Panel icon={<LoaderCircle aria-hidden="true" className="size-8 animate-spin" />}>
      <h1 className="text-2xl font-bold text-slate-900">{t("verify.verifying")}</h1>
      <p className="mt-3 text-slate-600">{t("verify.momentOnly")}</p>
      <noscript>
        <form method="post" className="mt-6">
          <input type="hidden" name="intent" value="verify" />
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={primaryButton}>
            {t("verify.verifyButton")}
          </button>
        </form>
      </noscript>
    </Panel>
  );
}

/**
 * The welcomes already said, by the moment of their verification: the welcome is drawn more than once (the chrome
 * changing with the sign-in, the address cleared), and on a slow page more than one drawing reached its moment to go
 * home; "Welcome to Tendly!" showed twice.
 */
const welcomed = new Set<number>();

/** What the address-clearing navigation carries to the welcome it draws again. */
type WelcomeState = { verifiedAt: number };

function verifiedAtOf(state: unknown): number | null {
  if (typeof state !== "object" || state === null || !("verifiedAt" in state)) return null;
  return typeof state.verifiedAt === "number" ? state.verifiedAt : null;
}

/**
 * The welcome, which goes home 1.5 s after the verification succeeded (docs/product-rules.md,
 * "Accounts and sign-in"): counted from that moment, not from this drawing of it, since the welcome
 * is drawn a second time once the link's token has left the address bar.
 */
function Welcome({ homePath, verifiedAt }: { homePath: string; verifiedAt?: number }) {
  const navigate = useNavigate();
  const { state } = useLocation();
  const { t } = useT("auth");
  const [since] = useState(() => verifiedAt ?? verifiedAtOf(state) ?? Date.now());
  useEffect(() => {
    const wait = Math.min(
      VERIFY_EMAIL_TIMINGS.redirectDelayMs,
      Math.max(0, since + VERIFY_EMAIL_TIMINGS.redirectDelayMs - Date.now()),
    );
    const timer = setTimeout(() => {
      if (!welcomed.has(since)) {
        welcomed.add(since);
        toast.success(t("verify.welcomeToast"), { description: t("verify.welcomeToastDescription") });
      }
      void navigate(homePath, { replace: true });
    }, wait);
    return () => clearTimeout(timer);
    // oxlint-disable-next-line react/exhaustive-deps -- the toast in the language of the moment; t must not restart the wait
  }, [homePath, navigate, since]);
  return (
    <Panel icon={<CircleCheck aria-hidden="true" className="size-8" />}>
      <h1 className="text-2xl font-bold text-slate-900">{t("verify.welcomeHeading")}</h1>
      <p className="mt-3 text-slate-600">{t("verify.welcomeText")}</p>
      <Link to={homePath} replace className={`${primaryButton} mt-6`}>
        {t("verify.goToDashboard")}
      </Link>
    </Panel>
  );
}

function VerificationIssue({ message }: { message: string }) {
  const { t } = useT("auth");
  useEffect(() => {
    toast.error(t("verification.failedTitle"), { description: message });
    // oxlint-disable-next-line react/exhaustive-deps -- once per message, not again when the language changes
  }, [message]);
  return (
    <Panel icon={<CircleAlert aria-hidden="true" className="size-8 text-red-700" />}>
      <h1 className="text-2xl font-bold text-slate-900">{t("verify.issueHeading")}</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {message}
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/verify-email" className={primaryButton}>
          {t("verify.tryAgain")}
        </Link>
        <Link to="/login" className={secondaryButton}>
          {t("verify.continueToLogin")}
        </Link>
      </div>
      <SupportLine />
    </Panel>
  );
}

function EmailConfirmed({ message }: { message: string }) {
  const { t } = useT("auth");
  return (
    <Panel icon={<CircleCheck aria-hidden="true" className="size-8" />}>
      <h1 className="text-2xl font-bold text-slate-900">{t("verify.confirmedHeading")}</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <Link to="/login" className={`${primaryButton} mt-6`}>
        {t("verify.continueToLogin")}
      </Link>
    </Panel>
  );
}

function SupportLine() {
  const { t } = useT("auth");
  return (
    <p className="mt-8 text-sm text-slate-600">
      {t("verify.needHelp")}{" "}
      <Link to="/contact" className="font-semibold text-teal-800 underline">
        {t("verify.contactSupport")}
      </Link>
    </p>
  );
}

const STEPS = ["open", "find", "click", "start"] as const;

type PendingProps = {
  email: string;
  justRegistered: boolean;
  cooldownEndsAt: string | null;
  actionData: ActionData;
};

function PendingVerification({ email, justRegistered, cooldownEndsAt, actionData }: PendingProps) {
  const fetcher = useFetcher<typeof action>();
  // The form is sent by the fetcher once the page runs; before that (or without
  // JavaScript) the browser posts it, and the answer comes back as the page's actionData.
  const answer = fetcher.data ?? actionData;
  const resend = answer?.intent === "resend" ? answer : undefined;
  // A refused resend brings a new end of the cooldown (a 429 does not reload the page's data).
  const remaining = useCountdown(resend?.status === "limited" ? resend.cooldownEndsAt : cooldownEndsAt);
  const isLimited = remaining > 0;
  const isSending = fetcher.state !== "idle";
  const { t } = useT("auth");

  useAfterEachAnswer(resend, () => {
    if (resend?.status === "sent") {
      toast.success(t("verification.resendSent"), { description: t("verify.resendSentDescription", { email }) });
    } else if (resend?.status === "failed") {
      toast.error(t("verification.resendFailedTitle"), {
        description: resend.message || t("verification.resendFailedFallback"),
      });
    }
  });

  return (
    <Panel
      icon={
        isLimited ? (
          <Clock aria-hidden="true" className="size-8" />
        ) : (
          <MailCheck aria-hidden="true" className="size-8" />
        )
      }
    >
      {isLimited ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t("verify.limitHeading")}</h1>
          <p className="mt-3 font-medium text-amber-900">{t("registration.cooldownNotice")}</p>
          <p className="mt-2 text-slate-600">
            <Trans
              ns="auth"
              i18nKey="verify.limitWait"
              values={{ time: formatCountdown(remaining), email }}
              components={{
                time: (
                  <span role="timer" suppressHydrationWarning className="font-semibold text-slate-900 tabular-nums" />
                ),
                strong: <strong className="text-slate-900" />,
              }}
            />
          </p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t("verify.inboxHeading")}</h1>
          <p className="mt-3 text-slate-600">
            <Trans
              ns="auth"
              i18nKey="verify.sentTo"
              values={{ email }}
              components={{ strong: <strong className="break-all text-slate-900" /> }}
            />
          </p>
          {justRegistered && <p className="mt-2 text-slate-600">{t("verify.almostReady")}</p>}
        </>
      )}

      <ol className="mt-8 space-y-4 text-left">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-700 text-sm font-semibold text-white"
            >
              {index + 1}
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{t(`verify.steps.${step}Title`)}</span>
              <span className="block text-sm text-slate-600">{t(`verify.steps.${step}Text`)}</span>
            </span>
          </li>
        ))}
      </ol>

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <fetcher.Form method="post" className="contents">
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" disabled={isLimited || isSending} className={primaryButton}>
            {isSending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
            {isSending ? t("verify.sending") : t("verify.resend")}
          </button>
        </fetcher.Form>
        <Link to="/login" className={secondaryButton}>
          {t("verify.continueToLogin")}
        </Link>
      </div>
      <p className="mt-6 text-sm text-slate-600">
        {t("verify.wrongAddress")}{" "}
        <Link to="/register" className="font-semibold text-teal-800 underline">
          {t("verify.registerAnother")}
        </Link>
      </p>
      <SupportLine />
    </Panel>
  );
}

import { getFormProps } from "@conform-to/react";
import type { Stripe, StripeCardElement } from "@stripe/stripe-js";
import { CreditCard } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, data, redirect, useFetcher } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  SubmitButton,
  labelClass,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { completeCardSetup, savedCardOf, startCardSetup } from "~/features/payments/setup-intents.server";
import { stripePublishableKey } from "~/features/payments/stripe-client.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { isAppError } from "~/utils/app-error";
import { parseForm } from "~/utils/form-data.server";
import { CardSetupSchema, StartCardSetupSchema } from "~/features/payments/payments.schema";
import { useSchemaForm } from "~/components/use-schema-form";
import { toastCookie } from "~/utils/toast.server";
import { loadStripeJs } from "~/features/payments/stripe-browser";
import { getPaymentInstructions } from "~/features/billing/payment-instructions.server";
import { PaymentInstructionsSection } from "~/components/client/how-to-pay";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/payment-method";

// The family's payment card (docs/product-rules.md, "Billing and pay"): the saved card as Stripe
// describes it (brand, last four: read at render, never stored by us) and "Add a card" / "Replace
// card" with Stripe's card element. The card number goes from Stripe's field to Stripe; we get a
// SetupIntent back and keep only its payment method's id. Without Stripe the page says card
// payments are not available and shows how to pay instead: the payment instructions an admin set,
// or support's address until there are some (docs/product-rules.md, "How to pay an invoice"); with
// Stripe, the instructions follow as other ways to pay when an admin set them.

const PAGE = "/dashboard/billing/card";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches, "payments")("card.metaTitle") }];

const ERROR_REASONS = ["setup-unknown", "setup-incomplete"] as const;
type ErrorReason = (typeof ERROR_REASONS)[number] | "generic";

function errorReason(error: unknown): ErrorReason {
  const reason = isAppError(error) ? error.reason : undefined;
  return (ERROR_REASONS as readonly string[]).includes(reason ?? "") ? (reason as ErrorReason) : "generic";
}

async function savedAnswer(request: Request, userId: string, locale: string | null | undefined, setupIntentId: string) {
  const { t } = getServerT(request, "payments", locale);
  await completeCardSetup({ userId, setupIntentId });
  return redirect(PAGE, { headers: { "Set-Cookie": toastCookie({ type: "success", title: t("card.saved") }) } });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const publishableKey = stripePublishableKey();
  const otherWays = { instructions: await getPaymentInstructions(), supportEmail: getEnv().SUPPORT_EMAIL };
  if (!publishableKey) return { configured: false as const, ...otherWays };
  // Stripe.js comes back here after a bank's page (redirect flows) with the SetupIntent's id.
  const returned = new URL(request.url).searchParams.get("setup_intent");
  let returnError: ErrorReason | null = null;
  if (returned && /^seti_[A-Za-z0-9]+$/.test(returned)) {
    try {
      return await savedAnswer(request, user.id, user.locale, returned);
    } catch (error) {
      returnError = errorReason(error);
    }
  }
  try {
    const card = await savedCardOf({ userId: user.id });
    return { configured: true as const, publishableKey, card, returnError, ...otherWays };
  } catch {
    // Stripe unreachable: the page still works, saying the card could not be shown.
    return { configured: true as const, publishableKey, card: null, cardUnavailable: true, returnError, ...otherWays };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  if (!stripePublishableKey()) return data({ error: "generic" as ErrorReason }, 404);
  const submission = await parseForm(request, CardSetupSchema);
  if (submission.status !== "success")
    return data({ status: "invalid" as const, error: "generic" as ErrorReason, result: submission.reply() }, 400);
  try {
    if (submission.value.intent === "start")
      return { clientSecret: (await startCardSetup({ userId: user.id })).clientSecret };
    return await savedAnswer(request, user.id, user.locale, submission.value.setupIntentId);
  } catch (error) {
    return data({ error: errorReason(error) }, isAppError(error) ? error.status : 502);
  }
}

type ActionData = { clientSecret?: string; error?: ErrorReason };

function CardForm({
  publishableKey,
  clientSecret,
  onClose,
}: {
  publishableKey: string;
  clientSecret: string;
  /** Cancelled, or saved (the page's loader then shows the new card). */
  onClose: () => void;
}) {
  const { t } = useT("payments");
  const fetcher = useFetcher<ActionData>();
  const labelId = useId();
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // "submitted" once the card goes to our server, "sent" once its request is under way.
  const submission = useRef<"none" | "submitted" | "sent">("none");

  // The server took the card (its redirect reloaded the page's data): the form has done its work.
  // After every commit rather than keyed on the fetcher (docs/architecture.md, "An answer shown once: toasts and countdowns").
  // oxlint-disable-next-line react/exhaustive-deps -- after every commit, on purpose
  useEffect(() => {
    if (submission.current === "none") return;
    if (fetcher.state !== "idle") {
      submission.current = "sent";
      return;
    }
    if (submission.current !== "sent") return;
    submission.current = "none";
    if (!fetcher.data?.error) onClose();
  });

  useEffect(() => {
    let element: StripeCardElement | undefined;
    let isCurrent = true;
    loadStripeJs(publishableKey)
      .then((loaded) => {
        if (!isCurrent || !mountRef.current) return;
        element = loaded.elements().create("card", { hidePostalCode: false });
        element.mount(mountRef.current);
        element.on("ready", () => element?.focus());
        setStripe(loaded);
        setCard(element);
        setState("ready");
      })
      .catch(() => isCurrent && setState("failed"));
    return () => {
      isCurrent = false;
      element?.destroy();
    };
  }, [publishableKey]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe || !card || isSaving) return;
    setIsSaving(true);
    setMessage(null);
    const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
    if (result.error || !result.setupIntent) {
      setMessage(t("card.declined", { message: result.error?.message ?? t("card.errors.generic") }));
      setIsSaving(false);
      return;
    }
    // The server reads the SetupIntent back from Stripe; the browser's word is not taken for it.
    submission.current = "submitted";
    setIsSaving(false);
    void fetcher.submit({ intent: "saved", setupIntentId: result.setupIntent.id }, { method: "post" });
  };

  const serverError = fetcher.data?.error;
  const isBusy = isSaving || fetcher.state !== "idle";
  return (
    <form onSubmit={save} className="mt-4 space-y-4" aria-busy={isBusy || undefined}>
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{t("card.formTitle")}</h3>
      <fieldset>
        <legend id={labelId} className={labelClass}>
          {t("card.fieldLabel")}
        </legend>
        <div
          ref={mountRef}
          className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-3 dark:border-slate-600 dark:bg-slate-800"
        />
        <p aria-live="polite" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {state === "loading" ? t("card.loading") : ""}
        </p>
      </fieldset>
      {state === "failed" && <FormNotice tone="error">{t("card.loadFailed")}</FormNotice>}
      {message && <FormNotice tone="error">{message}</FormNotice>}
      {serverError && <FormNotice tone="error">{t(`card.errors.${serverError}`)}</FormNotice>}
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("card.privacy")}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="submit"
          disabled={state !== "ready" || isBusy}
          aria-busy={isBusy || undefined}
          className={`${primaryButtonClass} w-full sm:w-auto`}
        >
          {isBusy ? t("card.saving") : t("card.save")}
        </button>
        <button type="button" onClick={onClose} className={`${secondaryButtonClass} w-full sm:w-auto`}>
          {t("card.cancel")}
        </button>
      </div>
    </form>
  );
}

export default function PaymentMethod({ loaderData }: Route.ComponentProps) {
  const { t } = useT("payments");
  const starter = useFetcher<ActionData>();
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const clientSecret = isOpen ? starter.data?.clientSecret : undefined;
  const [startForm] = useSchemaForm(StartCardSetupSchema, { id: "card-setup-start" });
  const startFormProps = getFormProps(startForm);

  const heading = (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("card.title")}
      </h1>
      {loaderData.configured && <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t("card.intro")}</p>}
    </div>
  );
  const back = (
    <Link to="/dashboard/billing" className={linkClass}>
      {t("card.back")}
    </Link>
  );

  if (!loaderData.configured)
    return (
      <div className="space-y-6">
        {heading}
        <section className={sectionClass}>
          <p className="text-slate-700 dark:text-slate-200">{t("card.notConfigured")}</p>
        </section>
        <PaymentInstructionsSection
          instructions={loaderData.instructions}
          supportEmail={loaderData.supportEmail}
          title={t("card.howToPayTitle")}
        />
        {back}
      </div>
    );

  const { card, publishableKey, returnError } = loaderData;
  const cardUnavailable = "cardUnavailable" in loaderData && loaderData.cardUnavailable;
  const isStarting = starter.state !== "idle";
  return (
    <div className="space-y-6">
      {heading}
      {returnError && <FormNotice tone="error">{t(`card.errors.${returnError}`)}</FormNotice>}
      <section aria-labelledby="saved-card-heading" className={sectionClass}>
        <h2 id="saved-card-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("card.savedTitle")}
        </h2>
        {card ? (
          <p className="mt-3 flex items-center gap-3 text-slate-800 dark:text-slate-100">
            <CreditCard aria-hidden="true" className="size-6 text-teal-700 dark:text-teal-300" />
            <span>
              <span className="block font-semibold">
                {t("card.savedCard", {
                  brand: t(
                    `brands.${["visa", "mastercard", "amex", "discover"].includes(card.brand) ? card.brand : "other"}`,
                  ),
                  last4: card.last4,
                })}
              </span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">
                {t("card.expires", { month: String(card.expMonth).padStart(2, "0"), year: card.expYear })}
              </span>
            </span>
          </p>
        ) : (
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            {cardUnavailable ? t("card.unavailable") : t("card.none")}
          </p>
        )}
        {starter.data?.error && <FormNotice tone="error">{t(`card.errors.${starter.data.error}`)}</FormNotice>}
        {clientSecret ? (
          <CardForm key={clientSecret} publishableKey={publishableKey} clientSecret={clientSecret} onClose={close} />
        ) : (
          <starter.Form
            method="post"
            className="mt-4"
            {...startFormProps}
            onSubmit={(event) => {
              startFormProps.onSubmit(event);
              if (!event.defaultPrevented) setIsOpen(true);
            }}
          >
            <SubmitButton
              name="intent"
              value="start"
              isPending={isStarting}
              pendingLabel={t("card.loading")}
              className="w-full sm:w-auto"
            >
              {card ? t("card.replace") : t("card.add")}
            </SubmitButton>
          </starter.Form>
        )}
      </section>
      {loaderData.instructions && (
        <PaymentInstructionsSection
          instructions={loaderData.instructions}
          supportEmail={loaderData.supportEmail}
          title={t("card.otherWaysTitle")}
        />
      )}
      {back}
    </div>
  );
}

import { getFormProps } from "@conform-to/react";
import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { FormNotice, SubmitButton, primaryButtonClass } from "~/components/form-controls";
import { InvoicePaymentSchema } from "~/features/payments/payments.schema";
import type { InvoiceCardAction } from "~/features/payments/payment-rules";
import { useSchemaForm } from "~/components/use-schema-form";
import { loadStripeJs } from "~/features/payments/stripe-browser";
import { useFormat, useT } from "~/i18n/react";

// "Confirm payment" on a family's invoice when their bank asked for 3-D Secure (the charge job
// could not finish it off-session). Stripe.js shows the bank's challenge; once it passes, the page
// asks its own action to read the payment back from Stripe (`onConfirmed`), and Stripe's webhook
// records it too, whichever comes first. Rendered by the invoice page (billing's) with the props of
// features/payments/invoice-card-payment.server.ts `invoiceCardAction` when its kind is "confirm".

export type ConfirmCardPaymentProps = {
  publishableKey: string;
  clientSecret: string;
  paymentMethodId: string | null;
  amountCents: number;
  /** Called once Stripe says the payment succeeded (e.g. a fetcher posting intent=card-confirmed). */
  onConfirmed: () => void;
};

export function ConfirmCardPayment({
  publishableKey,
  clientSecret,
  paymentMethodId,
  amountCents,
  onConfirmed,
}: ConfirmCardPaymentProps) {
  const { t } = useT("payments");
  const format = useFormat();
  const [state, setState] = useState<"idle" | "working" | "done">("idle");
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setState("working");
    setError(null);
    try {
      const stripe = await loadStripeJs(publishableKey);
      const result = await stripe.confirmCardPayment(
        clientSecret,
        paymentMethodId ? { payment_method: paymentMethodId } : undefined,
      );
      if (result.error || result.paymentIntent?.status !== "succeeded") {
        setError(t("confirm.failed", { message: result.error?.message ?? result.paymentIntent?.status ?? "" }));
        setState("idle");
        return;
      }
      setState("done");
      onConfirmed();
    } catch {
      setError(t("confirm.loadFailed"));
      setState("idle");
    }
  };

  return (
    <section
      aria-labelledby="confirm-payment-heading"
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 dark:border-amber-700 dark:bg-amber-950/40"
    >
      <h2
        id="confirm-payment-heading"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white"
      >
        <ShieldCheck aria-hidden="true" className="size-5 text-amber-700 dark:text-amber-300" />
        {t("confirm.title")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-200">
        {t("confirm.intro", { amount: format.money(amountCents) })}
      </p>
      <div className="mt-3 space-y-3">
        {error && <FormNotice tone="error">{error}</FormNotice>}
        {state === "done" ? (
          <FormNotice tone="success">{t("confirm.done")}</FormNotice>
        ) : (
          <button
            type="button"
            onClick={confirm}
            disabled={state === "working"}
            aria-busy={state === "working" || undefined}
            className={`${primaryButtonClass} w-full sm:w-auto`}
          >
            {state === "working" ? t("confirm.working") : t("confirm.button")}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The card part of an invoice page, from `invoiceCardAction`: nothing; a link to add a card;
 * "Pay now" (posts intent=pay-now to the page's own action, which calls `payInvoiceNow`); or
 * "Confirm payment" (which posts intent=card-confirmed once Stripe says it succeeded, for the
 * action to call `settleConfirmedPayment`).
 */
export function InvoiceCardPanel({ action }: { action: InvoiceCardAction }) {
  const { t } = useT("payments");
  const fetcher = useFetcher();
  const [form] = useSchemaForm(InvoicePaymentSchema, { id: "invoice-pay-now" });
  if (action.kind === "none") return null;
  if (action.kind === "add-card")
    return (
      <Link to="/dashboard/billing/card" className={`${primaryButtonClass} w-full sm:w-auto`}>
        {t("payNow.addCard")}
      </Link>
    );
  if (action.kind === "confirm")
    return (
      <ConfirmCardPayment
        publishableKey={action.publishableKey}
        clientSecret={action.clientSecret}
        paymentMethodId={action.paymentMethodId}
        amountCents={action.amountCents}
        onConfirmed={() => fetcher.submit({ intent: "card-confirmed" }, { method: "post" })}
      />
    );
  return (
    <fetcher.Form method="post" className="space-y-2" {...getFormProps(form)}>
      {action.lastError && (
        <FormNotice tone="warning">{t("payNow.lastError", { message: action.lastError })}</FormNotice>
      )}
      <SubmitButton
        name="intent"
        value="pay-now"
        isPending={fetcher.state !== "idle"}
        pendingLabel={t("payNow.paying")}
        className="w-full sm:w-auto"
      >
        {t("payNow.button")}
      </SubmitButton>
    </fetcher.Form>
  );
}

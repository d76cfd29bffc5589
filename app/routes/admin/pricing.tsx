import { format } from "date-fns";
import { useEffect, useRef } from "react";
import { data, useFetcher } from "react-router";
import { requireRole } from "~/auth/session.server";
import {
  FormNotice,
  SelectField,
  SubmitButton,
  TextField,
  fieldErrors,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import {
  createPromoCode,
  deactivatePromoCode,
  getAdminPricing,
  updatePricing,
} from "~/features/pricing/admin-pricing.server";
import { PricingFormSchema, PromoFormSchema, rateField } from "~/features/pricing/pricing.schema";
import { formatCents } from "~/features/pricing/quote";
import { isAppError } from "~/utils/app-error";
import { SERVICES } from "~/utils/services";
import type { Route } from "./+types/pricing";

export const meta: Route.MetaFunction = () => [
  { title: "Pricing | Tendly" },
  { name: "description", content: "Hourly rates, caregiver pay, multipliers, fees and promo codes." },
];

function formatUtcDate(date: Date | null) {
  return date ? format(new Date(date.getTime() + date.getTimezoneOffset() * 60_000), "MMM d, yyyy") : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { pricing, promos } = await getAdminPricing({ actor });
  return {
    pricing: {
      rates: Object.fromEntries(
        SERVICES.map((service) => [service.id, (pricing.serviceRatesCents[service.id] / 100).toFixed(2)]),
      ),
      caregiverPayPercent: String(pricing.caregiverPayPercent),
      weekendMultiplier: String(pricing.weekendMultiplier),
      overnightMultiplier: String(pricing.overnightMultiplier),
      minimumHoursPerVisit: String(pricing.minimumHoursPerVisit),
      platformFeePercent: String(pricing.platformFeePercent),
      updated: formatUtcDate(pricing.updatedAt),
    },
    promos: promos.map((promo) => ({
      id: promo.id,
      code: promo.code,
      discount: promo.kind === "percent" ? `${promo.amount}% off` : `${formatCents(promo.amount)} off`,
      validity:
        [
          promo.validFrom ? `from ${formatUtcDate(promo.validFrom)}` : null,
          promo.validUntil ? `until ${formatUtcDate(promo.validUntil)}` : null,
        ]
          .filter(Boolean)
          .join(" ") || "No end date",
      usage:
        promo.usageCap === null ? `${promo.timesUsed} used, no limit` : `${promo.timesUsed} of ${promo.usageCap} used`,
      active: promo.active,
    })),
  };
}

type ActionResult = { intent: string; ok: boolean; message?: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? "");
  try {
    if (intent === "pricing") {
      const parsed = PricingFormSchema.safeParse(form);
      if (!parsed.success) {
        return data<ActionResult>(
          { intent, ok: false, fieldErrors: fieldErrors(parsed.error.issues) },
          { status: 400 },
        );
      }
      await updatePricing({ actor, values: parsed.data, request });
      return { intent, ok: true, message: "Pricing saved. New quotes use it from now on; booked orders keep theirs." };
    }
    if (intent === "create-promo") {
      const parsed = PromoFormSchema.safeParse(form);
      if (!parsed.success) {
        return data<ActionResult>(
          { intent, ok: false, fieldErrors: fieldErrors(parsed.error.issues) },
          { status: 400 },
        );
      }
      const created = await createPromoCode({ actor, values: parsed.data, request });
      return { intent, ok: true, message: `Promo code ${created.code} created.` };
    }
    if (intent === "deactivate-promo") {
      const row = await deactivatePromoCode({ actor, promoId: String(form.promoId ?? ""), request });
      return { intent, ok: true, message: `Promo code ${row.code} deactivated.` };
    }
  } catch (error) {
    if (isAppError(error)) return data<ActionResult>({ intent, ok: false, message: error.message }, { status: 409 });
    throw error;
  }
  return data<ActionResult>({ intent, ok: false, message: "Unknown action." }, { status: 400 });
}

export default function AdminPricing({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Pricing</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          What families pay per hour, what caregivers earn, and the promo codes families can use.
        </p>
      </header>
      <PricingSection pricing={loaderData.pricing} />
      <PromoSection promos={loaderData.promos} />
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function PricingSection({ pricing }: { pricing: LoaderData["pricing"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "pricing" });
  const result = fetcher.state === "idle" && fetcher.data?.intent === "pricing" ? fetcher.data : undefined;
  const errors = result?.fieldErrors ?? {};
  return (
    <section aria-labelledby="pricing-heading" className={sectionClass}>
      <h2 id="pricing-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Rates and fees
      </h2>
      {pricing.updated && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Last changed {pricing.updated}.</p>
      )}
      <fetcher.Form method="post" noValidate className="mt-4 space-y-6">
        <input type="hidden" name="intent" value="pricing" />
        <fieldset>
          <legend className="text-base font-semibold text-slate-900 dark:text-white">
            Hourly rate per service (USD)
          </legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICES.map((service) => (
              <TextField
                key={service.id}
                label={service.title}
                name={rateField(service.id)}
                inputMode="decimal"
                defaultValue={pricing.rates[service.id]}
                error={errors[rateField(service.id)]}
                required
              />
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label="Caregiver pay share (%)"
            name="caregiverPayPercent"
            inputMode="decimal"
            hint="Of the care subtotal, before discounts."
            defaultValue={pricing.caregiverPayPercent}
            error={errors.caregiverPayPercent}
            required
          />
          <TextField
            label="Weekend multiplier"
            name="weekendMultiplier"
            inputMode="decimal"
            hint="Saturday and Sunday hours, e.g. 1.15."
            defaultValue={pricing.weekendMultiplier}
            error={errors.weekendMultiplier}
            required
          />
          <TextField
            label="Overnight multiplier"
            name="overnightMultiplier"
            inputMode="decimal"
            hint="Hours between 22:00 and 06:00, e.g. 1.25."
            defaultValue={pricing.overnightMultiplier}
            error={errors.overnightMultiplier}
            required
          />
          <TextField
            label="Minimum hours per visit"
            name="minimumHoursPerVisit"
            inputMode="decimal"
            defaultValue={pricing.minimumHoursPerVisit}
            error={errors.minimumHoursPerVisit}
            required
          />
          <TextField
            label="Platform fee (%)"
            name="platformFeePercent"
            inputMode="decimal"
            defaultValue={pricing.platformFeePercent}
            error={errors.platformFeePercent}
            required
          />
        </div>
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel="Saving...">
          Save pricing
        </SubmitButton>
      </fetcher.Form>
      {result?.message && (
        <div className="mt-4">
          <FormNotice tone={result.ok ? "success" : "error"}>{result.message}</FormNotice>
        </div>
      )}
      {result && !result.ok && !result.message && (
        <div className="mt-4">
          <FormNotice tone="error">Nothing was saved: please correct the fields marked above.</FormNotice>
        </div>
      )}
    </section>
  );
}

function PromoSection({ promos }: { promos: LoaderData["promos"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "create-promo" });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" && fetcher.data?.intent === "create-promo" ? fetcher.data : undefined;
  const errors = result?.fieldErrors ?? {};
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <section aria-labelledby="promo-heading" className={sectionClass}>
      <h2 id="promo-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        Promo codes
      </h2>
      {promos.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No promo codes yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {promos.map((promo) => (
            <PromoItem key={promo.id} promo={promo} />
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">New promo code</h3>
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="create-promo" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Code" name="code" autoComplete="off" maxLength={40} error={errors.code} required />
          <SelectField label="Kind of discount" name="kind" defaultValue="percent" error={errors.kind}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off (USD)</option>
          </SelectField>
          <TextField
            label="Discount"
            name="amount"
            inputMode="decimal"
            hint="Percent (1 to 100) or dollars."
            error={errors.amount}
            required
          />
          <TextField label="Valid from" name="validFrom" type="date" hint="Optional." error={errors.validFrom} />
          <TextField label="Valid until" name="validUntil" type="date" hint="Optional." error={errors.validUntil} />
          <TextField
            label="Usage limit"
            name="usageCap"
            inputMode="numeric"
            hint="Optional: how many orders may use it."
            error={errors.usageCap}
          />
        </div>
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel="Creating...">
          Create promo code
        </SubmitButton>
      </fetcher.Form>
      {result?.message && (
        <div className="mt-4">
          <FormNotice tone={result.ok ? "success" : "error"}>{result.message}</FormNotice>
        </div>
      )}
    </section>
  );
}

function PromoItem({ promo }: { promo: LoaderData["promos"][number] }) {
  const fetcher = useFetcher<ActionResult>();
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">
          {promo.code}{" "}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            · {promo.discount} · {promo.active ? "Active" : "Deactivated"}
          </span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {promo.validity} · {promo.usage}
        </p>
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </div>
      {promo.active && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="deactivate-promo" />
          <input type="hidden" name="promoId" value={promo.id} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            aria-label={`Deactivate ${promo.code}`}
            className={secondaryButtonClass}
          >
            {fetcher.state !== "idle" ? "Deactivating..." : "Deactivate"}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

import { VIEWER_TIME_ZONE, formatDate } from "~/utils/datetime";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { useRef } from "react";
import { data, useFetcher } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import {
  FormNotice,
  SelectField,
  SubmitButton,
  TextField,
  secondaryButtonClass,
  sectionClass,
  FieldError,
} from "~/components/form-controls";
import {
  createPromoCode,
  deactivatePromoCode,
  getAdminPricing,
  updatePricing,
} from "~/features/pricing/admin-pricing.server";
import { caregiverPayBand } from "~/features/pricing/pay-band";
import {
  PricingActionSchema,
  PricingFieldsSchema,
  PromoFieldsSchema,
  rateField,
} from "~/features/pricing/pricing.schema";
import type { Locale } from "~/i18n/config";
import { centsToDecimal, formatMoney } from "~/utils/money";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useLabels, useT } from "~/i18n/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { refusalData } from "~/i18n/refusal-response";
import { SERVICE_IDS } from "~/utils/services";
import type { Route } from "./+types/pricing";
import { parseForm } from "~/utils/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("pricing.metaTitle") }, { name: "description", content: t("pricing.metaDescription") }];
};

function formatUtcDate(date: Date | null, locale: Locale) {
  return date ? formatDate(date, VIEWER_TIME_ZONE, locale) : null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { pricing, promos } = await getAdminPricing({ actor });
  // The rates caregivers may ask on their profile (docs/product-rules.md, "Caregiver profile").
  const payBand = caregiverPayBand(pricing);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const validity = (from: Date | null, until: Date | null) => {
    const fromDate = formatUtcDate(from, locale);
    const untilDate = formatUtcDate(until, locale);
    if (fromDate && untilDate) return t("pricing.validBetween", { from: fromDate, until: untilDate });
    if (fromDate) return t("pricing.validFromDate", { date: fromDate });
    if (untilDate) return t("pricing.validUntilDate", { date: untilDate });
    return t("pricing.noEndDate");
  };
  return {
    pricing: {
      rates: Object.fromEntries(SERVICE_IDS.map((id) => [id, centsToDecimal(pricing.serviceRatesCents[id])])),
      caregiverPayPercent: String(pricing.caregiverPayPercent),
      weekendMultiplier: String(pricing.weekendMultiplier),
      overnightMultiplier: String(pricing.overnightMultiplier),
      minimumHoursPerVisit: String(pricing.minimumHoursPerVisit),
      platformFeePercent: String(pricing.platformFeePercent),
      updated: formatUtcDate(pricing.updatedAt, locale),
      payBand: { min: formatMoney(payBand.minCents, locale), max: formatMoney(payBand.maxCents, locale) },
    },
    promos: promos.map((promo) => ({
      id: promo.id,
      code: promo.code,
      discount:
        promo.kind === "percent"
          ? t("pricing.percentOffAmount", { amount: promo.amount })
          : t("pricing.fixedOffAmount", { amount: formatMoney(promo.amount, locale) }),
      validity: validity(promo.validFrom, promo.validUntil),
      usage:
        promo.usageCap === null
          ? t("pricing.usedNoLimit", { used: promo.timesUsed })
          : t("pricing.usedOfCap", { used: promo.timesUsed, cap: promo.usageCap }),
      active: promo.active,
    })),
  };
}

type ActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  /** The form's errors and values, when its schema refused it. */
  result?: SubmissionResult<string[]>;
};

const INTENTS: unknown[] = ["pricing", "create-promo", "deactivate-promo"];

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRole(request, ["admin"]);
  const { locale, t } = getServerT(request, "admin", actor.locale);
  const submission = await parseForm(request, PricingActionSchema);
  const intent = String(submission.payload.intent ?? "");
  if (!INTENTS.includes(intent))
    return data<ActionResult>({ intent, ok: false, message: t("common.unknownAction") }, { status: 400 });
  if (submission.status !== "success")
    return data<ActionResult>({ intent, ok: false, result: submission.reply() }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "pricing") {
      await updatePricing({ actor, values: value.values, request });
      return { intent, ok: true, message: t("pricing.saved") };
    }
    if (value.intent === "create-promo") {
      const created = await createPromoCode({ actor, values: value.values, request });
      return { intent, ok: true, message: t("pricing.promoCreated", { code: created.code }) };
    }
    const row = await deactivatePromoCode({ actor, promoId: value.promoId, request });
    return { intent, ok: true, message: t("pricing.promoDeactivated", { code: row.code }) };
  } catch (error) {
    return refusalData<ActionResult>(error, locale, ({ text }) => ({ intent, ok: false, message: text }));
  }
}

export default function AdminPricing({ loaderData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("pricing.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("pricing.intro")}</p>
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
  const { t } = useT("admin");
  const labels = useLabels();
  // The same schema checks the values in the browser first; the server's answer brings its errors.
  const [form, fields] = useSchemaForm(PricingFieldsSchema, { id: "pricing", lastResult: result?.result });
  return (
    <section aria-labelledby="pricing-heading" className={sectionClass}>
      <h2 id="pricing-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("pricing.ratesHeading")}
      </h2>
      {pricing.updated && (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("pricing.lastChanged", { date: pricing.updated })}
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("pricing.payBand", pricing.payBand)}</p>
      <fetcher.Form method="post" className="mt-4 space-y-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="pricing" />
        <fieldset>
          <legend className="text-base font-semibold text-slate-900 dark:text-white">{t("pricing.ratesLegend")}</legend>
          <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SERVICE_IDS.map((id) => (
              <TextField
                key={id}
                label={labels.service(id)}
                field={fields[rateField(id)]}
                inputMode="decimal"
                defaultValue={pricing.rates[id]}
                required
              />
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label={t("pricing.payShare")}
            field={fields.caregiverPayPercent}
            inputMode="decimal"
            hint={t("pricing.payShareHint")}
            defaultValue={pricing.caregiverPayPercent}
            required
          />
          <TextField
            label={t("pricing.weekend")}
            field={fields.weekendMultiplier}
            inputMode="decimal"
            hint={t("pricing.weekendHint")}
            defaultValue={pricing.weekendMultiplier}
            required
          />
          <TextField
            label={t("pricing.overnight")}
            field={fields.overnightMultiplier}
            inputMode="decimal"
            hint={t("pricing.overnightHint")}
            defaultValue={pricing.overnightMultiplier}
            required
          />
          <TextField
            label={t("pricing.minimumHours")}
            field={fields.minimumHoursPerVisit}
            inputMode="decimal"
            defaultValue={pricing.minimumHoursPerVisit}
            required
          />
          <TextField
            label={t("pricing.platformFee")}
            field={fields.platformFeePercent}
            inputMode="decimal"
            defaultValue={pricing.platformFeePercent}
            required
          />
        </div>
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("common.saving")}>
          {t("pricing.save")}
        </SubmitButton>
      </fetcher.Form>
      {result?.message && (
        <div className="mt-4">
          <FormNotice tone={result.ok ? "success" : "error"}>{result.message}</FormNotice>
        </div>
      )}
      {form.status === "error" && (
        <div className="mt-4">
          <FormNotice tone="error">{t("pricing.nothingSaved")}</FormNotice>
        </div>
      )}
    </section>
  );
}

function PromoSection({ promos }: { promos: LoaderData["promos"] }) {
  const fetcher = useFetcher<ActionResult>({ key: "create-promo" });
  const formRef = useRef<HTMLFormElement>(null);
  const result = fetcher.state === "idle" && fetcher.data?.intent === "create-promo" ? fetcher.data : undefined;
  const { t } = useT("admin");
  // The kind, the dates and the limit are not asked for (the schema calls every field required): required={false}.
  const [form, fields] = useSchemaForm(PromoFieldsSchema, { id: "create-promo", lastResult: result?.result });
  useAfterEachAnswer(result, () => {
    if (result?.ok) formRef.current?.reset();
  });
  return (
    <section aria-labelledby="promo-heading" className={sectionClass}>
      <h2 id="promo-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("pricing.promosHeading")}
      </h2>
      {promos.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("pricing.noPromos")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
          {promos.map((promo) => (
            <PromoItem key={promo.id} promo={promo} />
          ))}
        </ul>
      )}
      <h3 className="mt-6 text-lg font-semibold text-slate-900 dark:text-white">{t("pricing.newPromoHeading")}</h3>
      <fetcher.Form ref={formRef} method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create-promo" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label={t("pricing.code")} field={fields.code} autoComplete="off" maxLength={40} required />
          <SelectField label={t("pricing.kind")} field={fields.kind} defaultValue="percent" required={false}>
            <option value="percent">{t("pricing.percentOff")}</option>
            <option value="fixed">{t("pricing.fixedOff")}</option>
          </SelectField>
          <TextField
            label={t("pricing.discount")}
            field={fields.amount}
            inputMode="decimal"
            hint={t("pricing.discountHint")}
            required
          />
          <TextField
            label={t("pricing.validFrom")}
            field={fields.validFrom}
            type="date"
            hint={t("pricing.optional")}
            required={false}
          />
          <TextField
            label={t("pricing.validUntil")}
            field={fields.validUntil}
            type="date"
            hint={t("pricing.optional")}
            required={false}
          />
          <TextField
            label={t("pricing.usageLimit")}
            field={fields.usageCap}
            inputMode="numeric"
            hint={t("pricing.usageLimitHint")}
            required={false}
          />
        </div>
        <SubmitButton isPending={fetcher.state !== "idle"} pendingLabel={t("pricing.creating")}>
          {t("pricing.create")}
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
  const { t } = useT("admin");
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 dark:text-white">
          {promo.code}{" "}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
            · {promo.discount} · {promo.active ? t("pricing.active") : t("pricing.deactivated")}
          </span>
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {promo.validity} · {promo.usage}
        </p>
        {error && <FieldError>{error}</FieldError>}
      </div>
      {promo.active && (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="deactivate-promo" />
          <input type="hidden" name="promoId" value={promo.id} />
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            aria-label={t("pricing.deactivateLabel", { code: promo.code })}
            className={secondaryButtonClass}
          >
            {fetcher.state !== "idle" ? t("pricing.deactivating") : t("pricing.deactivate")}
          </button>
        </fetcher.Form>
      )}
    </li>
  );
}

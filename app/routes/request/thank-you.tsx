import { CircleAlert, Star } from "lucide-react";
import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import { requireRole } from "~/platform/auth/session.server";
import { FormNotice, linkClass, primaryButtonClass, secondaryButtonClass } from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import type { Match } from "~/features/matching/match";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { getOrderMatches } from "~/features/orders/client-orders.server";
import { stripeAccountOf } from "~/features/payments/customers.server";
import { isStripeConfigured } from "~/features/payments/stripe-client.server";
import { getServerT, getTranslate, labelsFor, messageText } from "~/i18n/i18n.server";
import { metaT, Trans, useFormat, useLabels, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseOrderId } from "~/components/orders/order-id";
import type { Route } from "./+types/thank-you";
import {
  distanceText,
  matchReasonText,
  preferenceGapText,
  rankReasonText,
} from "~/components/orders/match-reason-text";
import { rankReasons } from "~/features/matching/rank-reason";
import { publicAvatarUrl } from "~/features/caregivers/avatar.server";
import { formatMoney } from "~/utils/money";
import type { SubmittedRequest } from "./review-submit";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { ChooseCaregiverSchema } from "~/features/orders/orders.schema";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "request");
  return [{ title: t("thankYou.metaTitle") }, { name: "description", content: t("thankYou.metaDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["client"]);
  const order = new URL(request.url).searchParams.get("order");
  if (!order) throw redirect("/request/client-info");
  const orderId = parseOrderId(order);
  const { locale, t } = getServerT(request, "request", user.locale);
  try {
    const found = await getOrderMatches({ actor: user, orderId });
    const labels = labelsFor(locale);
    const requestT = getTranslate(locale, "request");
    const names = found.matches.map((match) => `${match.firstName} ${match.lastInitial}.`);
    const ranks = rankReasons(found.matches.map((match, index) => ({ ...match, name: names[index]! })));
    const matches = found.matches.map(({ scoreParts: _parts, ...match }, index) => ({
      ...match,
      // The photo as public pages address it: by the profile's slug, never the caregiver's account id.
      photoUrl: publicAvatarUrl(match.slug, match.photoUrl),
      reasons: match.reasons.map((reason) => matchReasonText(reason, requestT, labels)),
      gaps: match.gaps.map((gap) => preferenceGapText(gap, requestT, labels)),
      rank: rankReasonText(ranks[index]!, requestT, labels),
    }));
    // At booking, a family without a saved card is offered one (when cards are taken at all).
    const offerCard = isStripeConfigured() && !(await stripeAccountOf(user.id))?.paymentMethodId;
    const rate = formatMoney(found.hourlyRateCents, locale);
    return { ...found, matches, offerCard, rate };
  } catch (error) {
    throwRefusal(error, locale, { not_found: t("thankYou.notFound") });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["client"]);
  const { locale, t } = getServerT(request, "request", user.locale);
  const submission = await parseForm(request, ChooseCaregiverSchema);
  // Only a hand-made post misses these hidden fields: it is refused as before.
  if (submission.status !== "success") throw data(t("thankYou.chooseACaregiver"), 400);
  const { orderId, caregiverId } = submission.value;
  try {
    const result = await chooseCaregiver({ actor: user, orderId, caregiverId: caregiverId || null });
    return result.status === "offered"
      ? { error: null, notice: null }
      : { error: null, notice: messageText(locale, result.message) };
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ error: text, notice: null }));
  }
}

/** A match as the page shows it: its reasons, gaps and place in the list already worded in the reader's language. */
type ShownMatch = Omit<Match, "reasons" | "gaps" | "scoreParts"> & { reasons: string[]; gaps: string[]; rank: string };

function MatchCard({
  match,
  orderId,
  isBusy,
  rate,
}: {
  match: ShownMatch;
  orderId: string;
  isBusy: boolean;
  rate: string;
}) {
  const name = `${match.firstName} ${match.lastInitial}.`;
  const { t } = useT("request");
  const [form] = useSchemaForm(ChooseCaregiverSchema, { id: `choose-${match.caregiverId}` });
  const labels = useLabels();
  const format = useFormat();
  const miles = format.number(match.distanceMiles, {
    maximumFractionDigits: match.distanceMiles < 10 ? 1 : 0,
    minimumFractionDigits: match.distanceMiles < 10 ? 1 : 0,
    useGrouping: false,
  });
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-start gap-4">
        <UserAvatar name={name} avatarUrl={match.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h3>
          <p className="mt-1 text-sm font-medium text-teal-900 dark:text-teal-200">{match.rank}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
            {match.ratingAvg !== null && match.ratingCount > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                {t("match.rating", {
                  rating: format.number(match.ratingAvg, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
                  count: match.ratingCount,
                })}
              </span>
            ) : (
              <span>{t("match.newToTendly")}</span>
            )}
            <span>{distanceText(match.distanceMiles, t, miles)}</span>
            <span>{t("match.speaks", { languages: labels.languageList(match.languages) })}</span>
            <span>{t("match.rate", { rate })}</span>
          </p>
          <Link to={`/caregiver/${match.slug}`} className={`${linkClass} mt-1 inline-block text-sm`}>
            {t("match.profile", { name })}
          </Link>
        </div>
      </div>
      <ul
        className="mt-4 space-y-1 text-sm text-slate-800 dark:text-slate-100"
        aria-label={t("match.whyMatches", { name })}
      >
        {match.reasons.map((reason) => (
          <li key={reason} className="flex gap-2">
            <span aria-hidden="true" className="text-teal-700 dark:text-teal-300">
              ✓
            </span>
            {reason}
          </li>
        ))}
      </ul>
      {match.gaps.length > 0 && (
        <ul
          className="mt-3 space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-900 dark:bg-amber-950 dark:text-amber-50"
          aria-label={t("match.gapsOf", { name })}
        >
          {match.gaps.map((gap) => (
            <li key={gap} className="flex gap-2">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
              {gap}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-4" {...getFormProps(form)}>
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="caregiverId" value={match.caregiverId} />
        <button type="submit" disabled={isBusy} className={`${primaryButtonClass} w-full sm:w-auto`}>
          {t("match.choose", { name })}
        </button>
      </Form>
    </li>
  );
}

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  const [letTendlyChooseForm] = useSchemaForm(ChooseCaregiverSchema, { id: "choose-none" });
  const fromSubmit = (location.state as { submitted?: SubmittedRequest } | null)?.submitted;
  const { orderId, orderNumber, status, matches, offeredTo, offerCard, rate } = loaderData;
  const isOffered = status !== "submitted";
  const orderLink = `/dashboard/appointments/order/${orderId}`;
  const { t } = useT("request");
  const { t: tPayments } = useT("payments");

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {isOffered ? t("thankYou.headingOffered") : t("thankYou.headingReceived")}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        <Trans
          ns="request"
          i18nKey={fromSubmit ? "thankYou.requestNumberEmailed" : "thankYou.requestNumber"}
          values={{ number: orderNumber }}
          components={{ strong: <strong className="whitespace-nowrap" /> }}
        />
      </p>
      {actionData?.error && (
        <div className="mt-6">
          <FormNotice tone="error">{actionData.error}</FormNotice>
        </div>
      )}
      {actionData?.notice && (
        <div className="mt-6 space-y-4">
          <FormNotice tone="warning">{actionData.notice}</FormNotice>
          <Link to={`${orderLink}#next-steps`} className={linkClass}>
            {t("thankYou.whatNext")}
          </Link>
        </div>
      )}
      {isOffered ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="success">
            {offeredTo ? t("thankYou.offeredTo", { name: offeredTo }) : t("thankYou.offeredToSomeone")}
          </FormNotice>
          <Link to={orderLink} className={primaryButtonClass}>
            {t("thankYou.viewOrder")}
          </Link>
        </div>
      ) : matches.length === 0 ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="warning">{t("thankYou.noMatches")}</FormNotice>
          <Link to={`${orderLink}#next-steps`} className={primaryButtonClass}>
            {t("thankYou.whatNext")}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-semibold text-slate-900 dark:text-white">{t("thankYou.bestMatches")}</h2>
          <p className="mt-1 text-slate-700 dark:text-slate-200">{t("thankYou.chooseIntro")}</p>
          <ol className="mt-4 grid gap-4 md:grid-cols-2">
            {matches.map((match) => (
              <MatchCard key={match.caregiverId} match={match} orderId={orderId} isBusy={isBusy} rate={rate} />
            ))}
          </ol>
          <Form method="post" className="mt-6" {...getFormProps(letTendlyChooseForm)}>
            <input type="hidden" name="orderId" value={orderId} />
            <input type="hidden" name="caregiverId" value="" />
            <button type="submit" disabled={isBusy} className={`${secondaryButtonClass} w-full sm:w-auto`}>
              {t("thankYou.letTendlyChoose")}
            </button>
          </Form>
        </>
      )}
      {offerCard && (
        <aside
          aria-labelledby="save-card-heading"
          className="mt-8 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <h2 id="save-card-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            {tPayments("booking.heading")}
          </h2>
          <p className="mt-1 text-slate-700 dark:text-slate-200">{tPayments("booking.text")}</p>
          <Link to="/dashboard/billing/card" className={`${secondaryButtonClass} mt-3`}>
            {tPayments("booking.link")}
          </Link>
        </aside>
      )}
    </section>
  );
}

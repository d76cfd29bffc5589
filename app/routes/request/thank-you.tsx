import { Star } from "lucide-react";
import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import { z } from "zod";
import { requireRole } from "~/auth/session.server";
import { FormNotice, linkClass, primaryButtonClass, secondaryButtonClass } from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import type { Match } from "~/features/matching/match";
import { formatMiles, languageName } from "~/features/matching/score";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { getOrderMatches } from "~/features/orders/queries.server";
import { isAppError } from "~/utils/app-error";
import { parseOrderId } from "~/routes/shared/order-id";
import type { Route } from "./+types/thank-you";
import type { SubmittedRequest } from "./review-submit";

export const meta: Route.MetaFunction = () => [
  { title: "Request received | Tendly" },
  { name: "description", content: "Choose your caregiver, or let Tendly choose." },
];

const ChoiceSchema = z.object({
  orderId: z.uuid(),
  caregiverId: z.string().max(100),
});

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["client"]);
  const order = new URL(request.url).searchParams.get("order");
  if (!order) throw redirect("/request/client-info");
  const orderId = parseOrderId(order);
  try {
    return await getOrderMatches({ actor: user, orderId });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw data("We could not find that request.", 404);
    throw error;
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["client"]);
  const parsed = ChoiceSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Choose a caregiver", 400);
  const { orderId, caregiverId } = parsed.data;
  try {
    const result = await chooseCaregiver({ actor: user, orderId, caregiverId: caregiverId || null });
    return result.status === "offered" ? { error: null, notice: null } : { error: null, notice: result.message };
  } catch (error) {
    if (isAppError(error)) return data({ error: error.message, notice: null }, 400);
    throw error;
  }
}

function MatchCard({ match, orderId, isBusy }: { match: Match; orderId: string; isBusy: boolean }) {
  const name = `${match.firstName} ${match.lastInitial}.`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex items-start gap-4">
        <UserAvatar name={name} avatarUrl={match.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{name}</h3>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
            {match.ratingAvg !== null && match.ratingCount > 0 ? (
              <span className="inline-flex items-center gap-1">
                <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
                {match.ratingAvg.toFixed(1)} ({match.ratingCount} {match.ratingCount === 1 ? "review" : "reviews"})
              </span>
            ) : (
              <span>New to Tendly</span>
            )}
            <span>{formatMiles(match.distanceMiles)}</span>
            <span>Speaks {match.languages.map(languageName).join(", ")}</span>
          </p>
        </div>
      </div>
      <ul className="mt-4 space-y-1 text-sm text-slate-800 dark:text-slate-100" aria-label={`Why ${name} matches`}>
        {match.reasons.map((reason) => (
          <li key={reason} className="flex gap-2">
            <span aria-hidden="true" className="text-teal-700 dark:text-teal-300">
              ✓
            </span>
            {reason}
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <input type="hidden" name="orderId" value={orderId} />
        <input type="hidden" name="caregiverId" value={match.caregiverId} />
        <button type="submit" disabled={isBusy} className={`${primaryButtonClass} w-full sm:w-auto`}>
          Choose {name}
        </button>
      </Form>
    </li>
  );
}

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const isBusy = navigation.state !== "idle";
  const fromSubmit = (location.state as { submitted?: SubmittedRequest } | null)?.submitted;
  const { orderId, orderNumber, status, matches, offeredTo } = loaderData;
  const isOffered = status !== "submitted";
  const orderLink = `/dashboard/appointments/order/${orderId}`;

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {isOffered ? "Your request is on its way" : "Thank you: your request is in"}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-200">
        Request number <strong>{orderNumber}</strong>
        {fromSubmit ? ". We emailed you a copy." : "."}
      </p>
      {actionData?.error && (
        <div className="mt-6">
          <FormNotice tone="error">{actionData.error}</FormNotice>
        </div>
      )}
      {actionData?.notice && (
        <div className="mt-6 space-y-4">
          <FormNotice tone="warning">{actionData.notice}</FormNotice>
          <Link to={orderLink} className={linkClass}>
            View your order
          </Link>
        </div>
      )}
      {isOffered ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="success">
            {offeredTo
              ? `We offered your request to ${offeredTo}. They have 24 hours to accept; if they cannot, we offer it to the next best match.`
              : "We offered your request to a caregiver. If they cannot take it, we offer it to the next best match."}
          </FormNotice>
          <Link to={orderLink} className={primaryButtonClass}>
            View your order
          </Link>
        </div>
      ) : matches.length === 0 ? (
        <div className="mt-6 space-y-4">
          <FormNotice tone="warning">
            No caregiver matches this request right now. Our care team will look for one and contact you.
          </FormNotice>
          <Link to={orderLink} className={linkClass}>
            View your order
          </Link>
        </div>
      ) : (
        <>
          <h2 className="mt-8 text-xl font-semibold text-slate-900 dark:text-white">Your best matches</h2>
          <p className="mt-1 text-slate-700 dark:text-slate-200">
            Choose a caregiver to offer your request to, or let Tendly choose the best match.
          </p>
          <ol className="mt-4 grid gap-4 md:grid-cols-2">
            {matches.map((match) => (
              <MatchCard key={match.caregiverId} match={match} orderId={orderId} isBusy={isBusy} />
            ))}
          </ol>
          <Form method="post" className="mt-6">
            <input type="hidden" name="orderId" value={orderId} />
            <input type="hidden" name="caregiverId" value="" />
            <button type="submit" disabled={isBusy} className={`${secondaryButtonClass} w-full sm:w-auto`}>
              Let Tendly choose
            </button>
          </Form>
        </>
      )}
    </section>
  );
}

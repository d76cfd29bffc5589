import { ReviewRating } from "~/components/review-rating";
import { shortName } from "~/utils/person-name";
import { Heart, UserRound } from "lucide-react";
import { Form, Link, data, useNavigation } from "react-router";
import { getFormProps } from "@conform-to/react";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { UserAvatar } from "~/components/user-avatar";
import { listFamilyCaregivers, setPreferredCaregiver } from "~/features/home/providers.server";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { useSchemaForm } from "~/components/use-schema-form";
import { PreferredCaregiverSchema } from "~/features/home/providers.schema";
import type { Route } from "./+types/providers";

// "Your Caregiver" (spec 2.4): the family's current and past caregivers, each
// with their profile, "Request again" (the wizard's existing hook,
// /request/client-info?caregiver={slug}, which matching then ranks first, with
// &recipient={id}: the person the latest order was for, filled in) and
// the preferred mark (matching ranks preferred caregivers first).

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "home");
  return [{ title: t("providers.metaTitle") }, { name: "description", content: t("providers.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  return listFamilyCaregivers({ actor: context.get(currentUserContext) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "home", user.locale);
  const submission = await parseForm(request, PreferredCaregiverSchema);
  if (submission.status !== "success") {
    return data(
      {
        ok: false as const,
        status: "invalid" as const,
        message: t("providers.refusals.notFound"),
        result: submission.reply(),
      },
      400,
    );
  }
  const { intent, caregiver } = submission.value;
  try {
    const result = await setPreferredCaregiver({
      actor: user,
      caregiverSlug: caregiver,
      isPreferred: intent === "prefer",
    });
    return {
      ok: true as const,
      message: t(result.isPreferred ? "providers.markedPreferred" : "providers.removedPreferred", {
        name: result.caregiverName,
      }),
    };
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ ok: false as const, message: text }));
  }
}

type Caregiver = Route.ComponentProps["loaderData"]["current"][number];

/** The wizard for this caregiver and for the person their latest order was for (docs/product-rules.md, "Care recipients"). */
function requestAgainUrl(caregiver: Caregiver): string {
  const query = new URLSearchParams({ caregiver: caregiver.slug });
  if (caregiver.latestOrder.recipientId) query.set("recipient", caregiver.latestOrder.recipientId);
  return `/request/client-info?${query}`;
}

function CaregiverItem({ caregiver }: { caregiver: Caregiver }) {
  const { t } = useT("home");
  const navigation = useNavigation();
  const name = shortName(caregiver.firstName, caregiver.lastInitial);
  const isBusy = navigation.state !== "idle" && navigation.formData?.get("caregiver") === caregiver.slug;
  const hintId = `again-${caregiver.slug}`;
  // One form per caregiver; the page's notice says what came of it.
  const [form] = useSchemaForm(PreferredCaregiverSchema, { id: `preferred-${caregiver.slug}` });
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="flex items-start gap-4">
        <UserAvatar name={name} avatarUrl={caregiver.photoUrl} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
            {name}
            {caregiver.isPreferred && (
              <span className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2 py-0.5 text-sm font-semibold text-rose-900 dark:bg-rose-900/60 dark:text-rose-50">
                <Heart aria-hidden="true" className="size-3.5 fill-current" />
                {t("providers.preferred")}
              </span>
            )}
          </h3>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {caregiver.ratingAvg !== null && caregiver.ratingCount > 0 ? (
              <ReviewRating ratingAvg={caregiver.ratingAvg} ratingCount={caregiver.ratingCount} />
            ) : (
              t("providers.newToTendly")
            )}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={`/caregiver/${caregiver.slug}`} className={linkClass}>
              {t("providers.profile", { name })}
            </Link>
            <Link to={`/dashboard/appointments/order/${caregiver.latestOrder.id}`} className={linkClass}>
              {t("providers.order", { orderNumber: caregiver.latestOrder.orderNumber })}
            </Link>
          </p>
        </div>
      </div>
      <p id={hintId} className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {t("providers.requestAgainHint", { name })}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Link
          to={requestAgainUrl(caregiver)}
          className={`${primaryButtonClass} w-full sm:w-auto`}
          aria-describedby={hintId}
        >
          {t("providers.requestAgain", { name })}
        </Link>
        <Form method="post" className="w-full sm:w-auto" {...getFormProps(form)}>
          <input type="hidden" name="caregiver" value={caregiver.slug} />
          <button
            type="submit"
            name="intent"
            value={caregiver.isPreferred ? "unprefer" : "prefer"}
            disabled={isBusy}
            aria-busy={isBusy || undefined}
            className={`${secondaryButtonClass} w-full gap-2 sm:w-auto`}
          >
            <Heart
              aria-hidden="true"
              className={`size-4 ${caregiver.isPreferred ? "" : "fill-rose-500 text-rose-600"}`}
            />
            {caregiver.isPreferred ? t("providers.removePreferred", { name }) : t("providers.markPreferred", { name })}
          </button>
        </Form>
      </div>
    </li>
  );
}

function CaregiverList({
  id,
  title,
  empty,
  caregivers,
}: {
  id: string;
  title: string;
  empty: string;
  caregivers: Caregiver[];
}) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {caregivers.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {caregivers.map((caregiver) => (
            <CaregiverItem key={caregiver.id} caregiver={caregiver} />
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ClientProviders({ loaderData, actionData }: Route.ComponentProps) {
  const { current, past } = loaderData;
  const { t } = useT("home");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("providers.heading")}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t("providers.intro")}</p>
      </div>
      {actionData && <FormNotice tone={actionData.ok ? "success" : "error"}>{actionData.message}</FormNotice>}
      {current.length === 0 && past.length === 0 ? (
        <section className={`${sectionClass} text-center`}>
          <UserRound aria-hidden="true" className="mx-auto size-10 text-teal-700 dark:text-teal-300" />
          <h2 className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">{t("providers.emptyHeading")}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t("providers.emptyText")}</p>
          <Link to="/request" className={`${primaryButtonClass} mt-4`}>
            {t("providers.request")}
          </Link>
        </section>
      ) : (
        <>
          <CaregiverList
            id="current-heading"
            title={t("providers.current")}
            empty={t("providers.noCurrent")}
            caregivers={current}
          />
          <CaregiverList
            id="past-heading"
            title={t("providers.past")}
            empty={t("providers.noPast")}
            caregivers={past}
          />
        </>
      )}
    </div>
  );
}

import { Link } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { AttentionCounts } from "~/components/console/attention-counts";
import { WeekFigures } from "~/components/console/week-figures";
import { linkClass } from "~/components/form-controls";
import { readAttention } from "~/features/admin/attention.server";
import { readWeekAgainstLast } from "~/features/analytics/public.server";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/home";

// The admin's home, where every administrator lands (docs/product-rules.md, "The admin's home"): what
// needs attention now, each count opening its list filtered to the same rows, live through the realtime
// stream; and this week's bookings, hours and revenue against last week.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "console");
  return [{ title: t("meta.homeTitle") }, { name: "description", content: t("meta.homeDescription") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requireRole(request, ["admin"]);
  const now = new Date();
  const [attention, week] = await Promise.all([readAttention({ actor, now }), readWeekAgainstLast({ actor, now })]);
  return { attention, week };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { attention, week } = loaderData;
  const { t } = useT("console");
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("home.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("home.intro")}</p>
      </header>
      <AttentionCounts counts={attention} />
      <WeekFigures week={week} />
      <p>
        <Link to="/admin/analytics" className={linkClass}>
          {t("home.analyticsLink")}
        </Link>
      </p>
    </div>
  );
}

import { requireRole } from "~/platform/auth/session.server";
import { Link } from "react-router";
import { FormNotice, linkClass, sectionClass } from "~/components/form-controls";
import { DeliverySettings } from "~/components/delivery-settings";
import { TwoFactorSettings } from "~/components/two-factor-settings";
import { loadDeliverySettings } from "~/features/notifications/delivery-preferences.server";
import { settingsFormAnswer } from "~/routes/client/settings.server";
import { getCareSettingsForAdmin } from "~/features/visits/care-settings.server";
import { getServerT } from "~/i18n/i18n.server";
import { parseForm } from "~/utils/form-data.server";
import { AdminSettingsFormSchema, careSettingsAction } from "./settings.server";
import { CareSettingsForm } from "~/components/admin/care-settings-form";
import { metaT, useT } from "~/i18n/react";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("settings.metaTitle") }, { name: "description", content: t("settings.intro") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["admin"]);
  const isRequired = getEnv().ADMIN_REQUIRE_2FA;
  return {
    name: user.name,
    email: user.email,
    roles: user.roles,
    isTwoFactorEnabled: user.twoFactorEnabled,
    isTwoFactorRequired: isRequired,
    showRequiredNotice: isRequired && !user.twoFactorEnabled,
    care: await getCareSettingsForAdmin({ actor: user }),
    delivery: await loadDeliverySettings({ actor: user }),
  };
}

// Sections post here: the care-delivery thresholds (intent "care-settings"),
// the administrator's own notification delivery ("delivery-preferences",
// "quiet-hours") and two-factor (its own "2fa-…" intents), parsed once by one schema.
export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["admin"]);
  const submission = await parseForm(request, AdminSettingsFormSchema);
  const value = submission.status === "success" ? submission.value : undefined;
  if (submission.payload.intent === "care-settings") {
    const { locale } = getServerT(request, "alerts", user.locale);
    return careSettingsAction(
      user,
      submission.reply,
      value?.intent === "care-settings" ? value : undefined,
      locale,
      request,
    );
  }
  return settingsFormAnswer(request, user, {
    payload: submission.payload,
    reply: submission.reply,
    value: value?.intent === "care-settings" ? undefined : value,
  });
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { name, email, roles, isTwoFactorEnabled, isTwoFactorRequired, showRequiredNotice, care, delivery } =
    loaderData;
  const { t } = useT("admin");
  const { t: ta } = useT("audit");
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{t("settings.heading")}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("settings.intro")}</p>
      </header>
      {showRequiredNotice && <FormNotice tone="warning">{t("settings.twoFactorNotice")}</FormNotice>}
      <section aria-labelledby="account-heading" className={sectionClass}>
        <h2 id="account-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("settings.account")}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("settings.name")}</dt>
          <dd className="text-slate-900 dark:text-white">{name}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("settings.email")}</dt>
          <dd className="break-all text-slate-900 dark:text-white">{email}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("settings.roleList")}</dt>
          <dd className="text-slate-900 dark:text-white">
            {roles.map((role) => t(`settings.roles.${role}`)).join(", ")}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("settings.session")}</dt>
          <dd className="text-slate-900 dark:text-white">{t("settings.sessionText")}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">{t("settings.twoFactor")}</dt>
          <dd className="text-slate-900 dark:text-white">
            {isTwoFactorRequired ? t("settings.twoFactorRequired") : t("settings.twoFactorOptional")}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="audit-link-heading" className={sectionClass}>
        <h2 id="audit-link-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          <Link to="/admin/audit" className={linkClass}>
            {ta("link")}
          </Link>
        </h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{ta("linkIntro")}</p>
      </section>
      <TwoFactorSettings isEnabled={isTwoFactorEnabled} />
      <CareSettingsForm settings={care.settings} updatedAt={care.updatedAt} />
      <div id="notifications" className="scroll-mt-24">
        <DeliverySettings settings={delivery} />
      </div>
    </div>
  );
}

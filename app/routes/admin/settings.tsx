import { requireRole } from "~/auth/session.server";
import { FormNotice, sectionClass } from "~/components/form-controls";
import { TwoFactorSettings } from "~/components/two-factor-settings";
import { twoFactorAction } from "~/routes/shared/two-factor-action.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [
  { title: "Settings | Tendly" },
  { name: "description", content: "Your administrator account and its security." },
];

const ROLE_LABELS = { admin: "Administrator", caregiver: "Caregiver", client: "Client" } as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["admin"]);
  const isRequired = getEnv().ADMIN_REQUIRE_2FA;
  return {
    name: user.name,
    email: user.email,
    roles: user.roles.map((role) => ROLE_LABELS[role]),
    isTwoFactorEnabled: user.twoFactorEnabled,
    isTwoFactorRequired: isRequired,
    showRequiredNotice: isRequired && !user.twoFactorEnabled,
  };
}

export function action({ request }: Route.ActionArgs) {
  return twoFactorAction(request, ["admin"]);
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { name, email, roles, isTwoFactorEnabled, isTwoFactorRequired, showRequiredNotice } = loaderData;
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Settings</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">Your administrator account and its security.</p>
      </header>
      {showRequiredNotice && (
        <FormNotice tone="warning">
          Administrators must use two-factor authentication. Set it up below to open the rest of the admin area.
        </FormNotice>
      )}
      <section aria-labelledby="account-heading" className={sectionClass}>
        <h2 id="account-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
          Account
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-300">Name</dt>
          <dd className="text-slate-900 dark:text-white">{name}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Email</dt>
          <dd className="break-all text-slate-900 dark:text-white">{email}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Roles</dt>
          <dd className="text-slate-900 dark:text-white">{roles.join(", ")}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Session</dt>
          <dd className="text-slate-900 dark:text-white">
            For your security, admin sessions end after 30 minutes without activity.
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-300">Two-factor</dt>
          <dd className="text-slate-900 dark:text-white">
            {isTwoFactorRequired ? "Required for administrators." : "Optional for administrators, and recommended."}
          </dd>
        </dl>
      </section>
      <TwoFactorSettings isEnabled={isTwoFactorEnabled} />
    </div>
  );
}

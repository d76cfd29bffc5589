import { ShieldCheck } from "lucide-react";
import { DemoAccountPanel, SignInForm } from "~/components/sign-in-form";
import { metaT, useT } from "~/i18n/react";
import type { Route } from "./+types/admin-login";
import { signInPageAction, signInPageLoader } from "./login-desktop.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "admin");
  return [{ title: t("login.metaTitle") }, { name: "description", content: t("login.metaDescription") }];
};

export const loader = ({ request }: Route.LoaderArgs) => signInPageLoader(request, "admin");
export const action = ({ request }: Route.ActionArgs) => signInPageAction(request, "admin");

// Admin sign-in (docs/product-rules.md, "Accounts and sign-in"): administrators sign in here and land on /admin. Others who
// sign in here are sent to their own home by the admin area's guard.
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("admin");
  return (
    <section className="bg-slate-100 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md space-y-6">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg">
          <div className="flex items-center gap-3 bg-slate-900 px-6 py-5 text-white sm:px-8">
            <span className="grid size-11 place-items-center rounded-xl bg-teal-600">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-300">{t("login.eyebrow")}</p>
              <h1 className="text-2xl font-bold tracking-tight">{t("login.heading")}</h1>
            </div>
          </div>
          <div className="p-6 sm:p-8">
            <p className="mb-6 text-slate-600">{t("login.intro")}</p>
            <SignInForm variant="full" actionData={actionData} />
          </div>
        </div>
        <DemoAccountPanel accounts={loaderData.demoAccounts} variant="full" />
      </div>
    </section>
  );
}

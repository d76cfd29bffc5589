import { ShieldCheck } from "lucide-react";
import { DemoAccountPanel, SignInForm } from "~/components/sign-in-form";
import type { Route } from "./+types/admin-login";
import { signInClientAction } from "./sign-in-client";
import { signInPageAction, signInPageLoader } from "./sign-in-page.server";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Sign In | Tendly" },
  { name: "description", content: "Sign in to the Tendly administration area." },
];

export const loader = ({ request }: Route.LoaderArgs) => signInPageLoader(request, "admin");
export const action = ({ request }: Route.ActionArgs) => signInPageAction(request, "admin");
export const clientAction = (args: Route.ClientActionArgs) => signInClientAction(args);

// Spec 2.10 and 6: administrators sign in here and land on /admin. Others who
// sign in here are sent to their own home by the admin area's guard.
export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="bg-slate-100 px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md space-y-6">
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg">
          <div className="flex items-center gap-3 bg-slate-900 px-6 py-5 text-white sm:px-8">
            <span className="grid size-11 place-items-center rounded-xl bg-teal-600">
              <ShieldCheck aria-hidden="true" className="size-6" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-300">Tendly Administration</p>
              <h1 className="text-2xl font-bold tracking-tight">Admin Sign In</h1>
            </div>
          </div>
          <div className="p-6 sm:p-8">
            <p className="mb-6 text-slate-600">For members of the Tendly team. Administrators join by invitation.</p>
            <SignInForm variant="full" actionData={actionData} />
          </div>
        </div>
        <DemoAccountPanel accounts={loaderData.demoAccounts} variant="full" />
      </div>
    </section>
  );
}

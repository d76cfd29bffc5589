import { BadgeCheck, Clock, HeartHandshake, Star } from "lucide-react";
import { Link } from "react-router";
import { DemoAccountPanel, SignInForm } from "~/components/sign-in-form";
import type { Route } from "./+types/login-desktop";
import { signInClientAction } from "./sign-in-client";
import { signInPageAction, signInPageLoader } from "./sign-in-page.server";

export const meta: Route.MetaFunction = () => [
  { title: "Sign In | Tendly" },
  { name: "description", content: "Sign in to Tendly to manage care, messages and visits." },
];

export const loader = ({ request }: Route.LoaderArgs) => signInPageLoader(request, "desktop");
export const action = ({ request }: Route.ActionArgs) => signInPageAction(request, "desktop");
export const clientAction = (args: Route.ClientActionArgs) => signInClientAction(args);

const BENEFITS = [
  { icon: BadgeCheck, text: "Vetted caregivers with identity, reference and criminal record checks" },
  { icon: HeartHandshake, text: "Matched to your loved one's needs, language and culture" },
  { icon: Clock, text: "24/7 human support, whenever you need us" },
];

// Spec 2.10: two columns on desktop (why Tendly, and the form), one on mobile.
export default function LoginDesktop({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
      <div className="hidden rounded-3xl bg-gradient-to-br from-teal-700 to-teal-900 p-10 text-white shadow-xl lg:block">
        <p className="text-sm font-semibold tracking-wide text-teal-100 uppercase">Tendly</p>
        <p className="mt-3 text-3xl leading-tight font-bold">Trusted in-home care for the people you love</p>
        <ul className="mt-8 space-y-5">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-teal-200" />
              <span className="text-teal-50">{text}</span>
            </li>
          ))}
        </ul>
        <p className="mt-10 flex items-center gap-2 text-teal-50">
          <Star aria-hidden="true" className="size-5 fill-amber-300 text-amber-300" />
          <span>
            <strong className="font-semibold text-white">4.9/5</strong> from 100+ families
          </span>
        </p>
      </div>

      <div className="mx-auto w-full max-w-md space-y-6">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome Back</h1>
          <p className="mt-2 mb-6 text-slate-600">Sign in to your Tendly account.</p>
          <SignInForm variant="full" actionData={actionData} />
          <p className="mt-6 text-center text-slate-600">
            New to Tendly?{" "}
            <Link to="/register" className="font-semibold text-teal-800 underline-offset-4 hover:underline">
              Create your account
            </Link>
          </p>
        </div>
        <DemoAccountPanel accounts={loaderData.demoAccounts} variant="full" />
      </div>
    </section>
  );
}

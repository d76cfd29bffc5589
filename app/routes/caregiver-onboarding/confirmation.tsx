import { Link, redirect } from "react-router";
import type { Route } from "./+types/confirmation";

export const meta: Route.MetaFunction = () => [{ title: "Application Submitted | Tendly" }];

// Spec 2.3: only with message=registration-success; otherwise back to /.
export function loader({ request }: Route.LoaderArgs) {
  const message = new URL(request.url).searchParams.get("message");
  if (message !== "registration-success") throw redirect("/");
  return null;
}

export default function Confirmation() {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">Application Submitted Successfully</h1>
      <p className="mt-4 text-lg text-slate-600">Thank you for applying to care with Tendly.</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6 text-left">
        <h2 className="text-lg font-semibold text-slate-900">What happens next</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-700">
          <li>We run your background check; this usually takes 5-7 business days.</li>
          <li>We verify your credentials and may invite you to a short interview.</li>
          <li>We email you as soon as you are approved, with your training modules.</li>
        </ol>
      </div>
      <Link
        to="/"
        className="mt-8 inline-block rounded-lg bg-teal-700 px-6 py-3 font-semibold text-white hover:bg-teal-800"
      >
        Return to Homepage
      </Link>
    </section>
  );
}

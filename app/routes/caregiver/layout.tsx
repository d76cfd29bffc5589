import { Form } from "react-router";
import { requireRole } from "~/auth/session.server";
import { AreaLayout } from "~/components/area-layout";
import type { Route } from "./+types/layout";

// Spec 2.13: pending or suspended caregivers see a status screen instead of
// any /caregiver page.
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, ["caregiver"]);
  const status = user.caregiverStatus;
  return { blockedStatus: status === "pending" || status === "suspended" ? status : null };
}

export default function CaregiverArea({ loaderData }: Route.ComponentProps) {
  if (loaderData.blockedStatus) return <CaregiverStatusScreen status={loaderData.blockedStatus} />;
  return <AreaLayout area="caregiver" />;
}

function CaregiverStatusScreen({ status }: { status: "pending" | "suspended" }) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      {status === "pending" ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Your application is pending review</h1>
          <h2 className="mt-8 text-xl font-semibold">What to expect</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            <li>Background check processing: 5-7 business days</li>
            <li>Verification of your credentials</li>
            <li>A possible interview</li>
            <li>An email notification once you are approved</li>
          </ul>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Account Suspended</h1>
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            Your caregiver account is suspended. Please contact our support team to find out more.
          </p>
        </>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href="/contact"
          className="rounded-lg border border-teal-700 px-5 py-2.5 font-semibold text-teal-800 hover:bg-teal-50 dark:text-teal-200"
        >
          Contact Support
        </a>
        <Form method="post" action="/logout">
          <button
            type="submit"
            className="rounded-lg bg-slate-800 px-5 py-2.5 font-semibold text-white hover:bg-slate-900"
          >
            Sign Out
          </button>
        </Form>
      </div>
    </section>
  );
}

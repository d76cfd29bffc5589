import { SignOutForm } from "./sign-out-form";

/**
 * Spec 2.13: what a caregiver whose application is pending review, or whose
 * account is suspended, sees instead of any /caregiver page.
 */
export function CaregiverStatusScreen({
  status,
  contact,
}: {
  status: "pending" | "suspended";
  contact: { phone: string; email: string };
}) {
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <title>{status === "pending" ? "Application pending review | Tendly" : "Account Suspended | Tendly"}</title>
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
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Questions? Call us at{" "}
        <a
          href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
          className="font-medium text-teal-800 underline dark:text-teal-200"
        >
          {contact.phone}
        </a>{" "}
        or email{" "}
        <a href={`mailto:${contact.email}`} className="font-medium text-teal-800 underline dark:text-teal-200">
          {contact.email}
        </a>
        .
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href="/contact"
          className="rounded-lg border border-teal-700 px-5 py-2.5 font-semibold text-teal-800 hover:bg-teal-50 dark:text-teal-200 dark:hover:bg-slate-800"
        >
          Contact Support
        </a>
        <SignOutForm>
          <button
            type="submit"
            className="rounded-lg bg-slate-800 px-5 py-2.5 font-semibold text-white hover:bg-slate-900 dark:bg-slate-700 dark:hover:bg-slate-600"
          >
            Sign Out
          </button>
        </SignOutForm>
      </div>
    </section>
  );
}

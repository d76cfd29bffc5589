import { Trans, useT } from "~/i18n/react";
import { SignOutForm } from "./sign-out-form";

/**
 * Caregiver status (docs/product-rules.md, "Areas, roles and redirects"): what a caregiver whose application is pending review, or whose
 * account is suspended, sees instead of any /caregiver page.
 */
export function CaregiverStatusScreen({
  status,
  contact,
}: {
  status: "pending" | "suspended";
  contact: { phone: string; email: string };
}) {
  const { t } = useT("onboarding");
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 sm:px-6">
      <title>{status === "pending" ? t("status.pendingTitle") : t("status.suspendedTitle")}</title>
      {status === "pending" ? (
        <>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("status.pendingHeading")}</h1>
          <h2 className="mt-8 text-xl font-semibold">{t("status.expectHeading")}</h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            <li>{t("status.expectCheck")}</li>
            <li>{t("status.expectCredentials")}</li>
            <li>{t("status.expectInterview")}</li>
            <li>{t("status.expectEmail")}</li>
          </ul>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("status.suspendedHeading")}</h1>
          <p className="mt-4 text-slate-700 dark:text-slate-300">{t("status.suspendedBody")}</p>
        </>
      )}
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        <Trans
          ns="onboarding"
          i18nKey="status.questions"
          values={{ phone: contact.phone, email: contact.email }}
          components={{
            phone: (
              <a
                href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}
                className="font-medium text-teal-800 underline dark:text-teal-200"
              >
                {contact.phone}
              </a>
            ),
            email: (
              <a href={`mailto:${contact.email}`} className="font-medium text-teal-800 underline dark:text-teal-200">
                {contact.email}
              </a>
            ),
          }}
        />
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href="/contact"
          className="rounded-lg border border-teal-700 px-5 py-2.5 font-semibold text-teal-800 hover:bg-teal-50 dark:text-teal-200 dark:hover:bg-slate-800"
        >
          {t("status.contactSupport")}
        </a>
        <SignOutForm>
          <button
            type="submit"
            className="rounded-lg bg-slate-800 px-5 py-2.5 font-semibold text-white hover:bg-slate-900 dark:bg-slate-700 dark:hover:bg-slate-600"
          >
            {t("status.signOut")}
          </button>
        </SignOutForm>
      </div>
    </section>
  );
}

import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { FormNotice, linkClass, primaryButtonClass, sectionClass } from "~/components/form-controls";
import { acceptFamilyInvitation, lookUpFamilyInvitation } from "~/features/family/circle.server";
import { FamilyJoinSchema } from "~/features/family/family.schema";
import { getServerT } from "~/i18n/i18n.server";
import { metaT, useT } from "~/i18n/react";
import { refusalData } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { toastCookie } from "~/utils/toast.server";
import type { Route } from "./+types/family-join";

// The page an invitation email links to (docs/product-rules.md, "Family circle"): inside the client area, so a
// signed-out visitor signs in or registers first and comes back here. The signed-in account of the invited address
// accepts; another address, an expired, used or withdrawn link are told so.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "account");
  return [{ title: t("family.join.metaTitle") }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const lookup = token ? await lookUpFamilyInvitation(token) : ({ status: "invalid" } as const);
  if (lookup.status !== "valid") return { token, status: lookup.status, email: user.email };
  const status = lookup.email === user.email.trim().toLowerCase() ? "valid" : "wrongEmail";
  return {
    token,
    status,
    email: user.email,
    invitedEmail: lookup.email,
    recipientName: lookup.recipientName,
    role: lookup.role,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "account", user.locale);
  const submission = await parseForm(request, FamilyJoinSchema);
  if (submission.status !== "success") return data({ text: t("family.refusals.inviteInvalid") }, 400);
  try {
    await acceptFamilyInvitation({ actor: user, email: user.email, token: submission.value.token, request });
    const toast = toastCookie({ type: "success", title: t("family.join.accepted") });
    return redirect("/dashboard/family", { headers: { "Set-Cookie": toast } });
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ text }));
  }
}

const CLOSED_TEXTS = {
  invalid: "family.refusals.inviteInvalid",
  expired: "family.refusals.inviteExpired",
  closed: "family.refusals.inviteClosed",
} as const;

export default function FamilyJoinPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT("account");
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t("family.join.heading")}
      </h1>
      <section aria-label={t("family.join.heading")} className={`${sectionClass} space-y-4`}>
        {loaderData.status === "valid" ? (
          <>
            <p className="text-slate-800 dark:text-slate-100">
              {t("family.join.invited", { name: loaderData.recipientName })}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <strong className="font-semibold">{t(`family.roles.${loaderData.role}`)}:</strong>{" "}
              {t(`family.roleHints.${loaderData.role}`)}
            </p>
            {result?.text && <FormNotice tone="error">{result.text}</FormNotice>}
            <Form method="post">
              <input type="hidden" name="token" value={loaderData.token} />
              <button
                type="submit"
                disabled={busy}
                aria-busy={busy || undefined}
                className={`${primaryButtonClass} w-full sm:w-auto`}
              >
                {busy ? t("family.join.accepting") : t("family.join.accept")}
              </button>
            </Form>
          </>
        ) : (
          <FormNotice tone="error">
            {loaderData.status === "wrongEmail"
              ? t("family.join.wrongEmail", { invited: loaderData.invitedEmail, email: loaderData.email })
              : t(CLOSED_TEXTS[loaderData.status as keyof typeof CLOSED_TEXTS] ?? CLOSED_TEXTS.invalid)}
          </FormNotice>
        )}
        <Link to="/dashboard/family" className={`${linkClass} inline-block`}>
          {t("family.join.toFamily")}
        </Link>
      </section>
    </div>
  );
}

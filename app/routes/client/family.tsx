import type { ReactNode } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import {
  FormNotice,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionClass,
} from "~/components/form-controls";
import { useViewerTimeZone } from "~/components/viewer-time-zone";
import { listCareRecipients } from "~/features/care-requests/recipients.server";
import {
  changeFamilyMemberRole,
  getFamilyCircle,
  inviteFamilyMember,
  acceptFamilyInvitation,
  leaveFamilyCircle,
  listInvitationsForMe,
  listMyFamilyCircles,
  removeFamilyMember,
  resendFamilyInvitation,
  revokeFamilyInvitation,
} from "~/features/family/circle.server";
import { FamilyActionSchema } from "~/features/family/family.schema";
import { FAMILY_ROLES, type FamilyRole } from "~/features/family/public";
import { getServerT } from "~/i18n/i18n.server";
import { localeOfRequest } from "~/i18n/locale";
import { metaT, useFormat, useLocale, useT } from "~/i18n/react";
import { refusalData, throwRefusal } from "~/i18n/refusal-response";
import { parseForm } from "~/utils/form-data.server";
import { toastCookie } from "~/utils/toast.server";
import { formatDateTime, VIEWER_TIME_ZONE } from "~/utils/datetime";
import type { Route } from "./+types/family";

// The family circle (docs/product-rules.md, "Family circle"; docs/decisions/0050-family-circle.md): the account
// holder invites people for each saved care recipient with a role, sees pending invitations, members and the
// changes; a member sees the circles they belong to and may leave. Every read and change is checked on the server
// by the family feature: another family's person or invitation is "not found".

const PAGE = "/dashboard/family";

type ActionBody = { intent: string; target?: string; field?: string; text: string };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "account");
  return [{ title: t("family.page.metaTitle") }, { name: "description", content: t("family.page.metaDescription") }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  try {
    const recipients = await listCareRecipients({ actor: user });
    const circles = await Promise.all(
      recipients.map(async (recipient) => ({
        careRecipientId: recipient.id,
        ...(await getFamilyCircle({ actor: user, careRecipientId: recipient.id })),
      })),
    );
    const [memberships, invitationsForMe] = await Promise.all([
      listMyFamilyCircles({ actor: user }),
      listInvitationsForMe({ actor: user, email: user.email }),
    ]);
    return { circles, memberships, invitationsForMe };
  } catch (error) {
    throwRefusal(error, localeOfRequest(request, user.locale));
  }
}

function done(title: string) {
  return redirect(PAGE, { headers: { "Set-Cookie": toastCookie({ type: "success", title }) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(currentUserContext);
  const { locale, t } = getServerT(request, "account", user.locale);
  const submission = await parseForm(request, FamilyActionSchema);
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const target = String(submission.payload.careRecipientId ?? submission.payload.memberId ?? "");
    const [field] = Object.keys(submission.error ?? {});
    return data<ActionBody>(
      { intent, target, field, text: t(field === "email" ? "family.page.emailInvalid" : "family.page.invalid") },
      400,
    );
  }
  const value = submission.value;
  try {
    switch (value.intent) {
      case "invite": {
        const sent = await inviteFamilyMember({
          actor: user,
          careRecipientId: value.careRecipientId,
          email: value.email,
          role: value.role,
          inviterName: user.name,
          locale,
          request,
        });
        return done(t("family.page.toasts.invited", { email: sent.email }));
      }
      case "resend": {
        const sent = await resendFamilyInvitation({
          actor: user,
          invitationId: value.invitationId,
          inviterName: user.name,
          locale,
          request,
        });
        return done(t("family.page.toasts.resent", { email: sent.email }));
      }
      case "revoke":
        await revokeFamilyInvitation({ actor: user, invitationId: value.invitationId, request });
        return done(t("family.page.toasts.revoked"));
      case "changeRole":
        await changeFamilyMemberRole({ actor: user, memberId: value.memberId, role: value.role, request });
        return done(t("family.page.toasts.roleChanged"));
      case "remove":
        await removeFamilyMember({ actor: user, memberId: value.memberId, request });
        return done(t("family.page.toasts.removed"));
      case "accept":
        await acceptFamilyInvitation({ actor: user, email: user.email, invitationId: value.invitationId, request });
        return done(t("family.join.accepted"));
      case "leave":
        await leaveFamilyCircle({ actor: user, careRecipientId: value.careRecipientId, request });
        return done(t("family.page.toasts.left"));
    }
  } catch (error) {
    const target = "careRecipientId" in value ? value.careRecipientId : "memberId" in value ? value.memberId : "";
    return refusalData<ActionBody>(error, locale, ({ text, field }) => ({
      intent: value.intent,
      target: target || ("invitationId" in value ? value.invitationId : ""),
      field,
      text,
    }));
  }
}

const headingClass = "text-lg font-semibold text-slate-900 dark:text-white";
const smallHeadingClass = "text-base font-semibold text-slate-900 dark:text-white";
const selectClass =
  "min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-600 dark:border-slate-500 dark:bg-slate-900 dark:text-white";
const inputClass = `${selectClass} w-full`;

function useBusy(intent: string, id: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return (
    navigation.state !== "idle" &&
    form?.get("intent") === intent &&
    [form.get("careRecipientId"), form.get("memberId"), form.get("invitationId")].includes(id)
  );
}

function useRefusal(intent: string, id: string) {
  const result = useActionData<ActionBody>();
  return result && result.intent === intent && result.target === id ? result : undefined;
}

export default function FamilyPage({ loaderData }: Route.ComponentProps) {
  const { circles, memberships, invitationsForMe } = loaderData;
  const { t } = useT("account");
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
          {t("family.page.heading")}
        </h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-300">{t("family.page.intro")}</p>
      </div>
      <InvitationsForMeSection invitations={invitationsForMe} />
      {circles.length === 0 ? (
        <section aria-labelledby="no-people" className={sectionClass}>
          <h2 id="no-people" className={headingClass}>
            {t("family.page.noPeopleHeading")}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("family.page.noPeople")}</p>
          <Link to="/dashboard/profile" className={`${linkClass} mt-3 inline-block`}>
            {t("family.page.toProfile")}
          </Link>
        </section>
      ) : (
        circles.map((circle) => <CircleSection key={circle.careRecipientId} circle={circle} />)
      )}
      <MembershipsSection memberships={memberships} />
    </div>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];
type Circle = LoaderData["circles"][number];

function RoleOptions() {
  const { t } = useT("account");
  return (
    <>
      {FAMILY_ROLES.map((role) => (
        <option key={role} value={role}>
          {t(`family.roles.${role}`)}
        </option>
      ))}
    </>
  );
}

function CircleSection({ circle }: { circle: Circle }) {
  const { t } = useT("account");
  const format = useFormat();
  const locale = useLocale();
  const viewerZone = useViewerTimeZone();
  const id = circle.careRecipientId;
  const headingId = `circle-${id}`;
  return (
    <section aria-labelledby={headingId} className={`${sectionClass} space-y-6`}>
      <h2 id={headingId} className={`${headingClass} break-words`}>
        {t("family.page.circleHeading", { name: circle.recipientName })}
      </h2>
      <InviteForm careRecipientId={id} recipientName={circle.recipientName} />
      <div>
        <h3 className={smallHeadingClass}>{t("family.page.pendingHeading")}</h3>
        {circle.invitations.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("family.page.noPending")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            {circle.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} format={format} />
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className={smallHeadingClass}>{t("family.page.membersHeading")}</h3>
        {circle.members.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("family.page.noMembers")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
            {circle.members.map((member) => (
              <MemberRow key={member.id} member={member} />
            ))}
          </ul>
        )}
      </div>
      <details>
        <summary className={`${linkClass} cursor-pointer`}>{t("family.page.changesHeading")}</summary>
        {circle.changes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("family.page.noChanges")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-200">
            {circle.changes.map((change, index) => (
              <li key={index}>
                <span className="text-slate-500 dark:text-slate-400">
                  {formatDateTime(change.at, viewerZone ?? VIEWER_TIME_ZONE, locale)}
                </span>{" "}
                {t(`family.changes.${change.type}`, {
                  by: change.byName ?? t("family.page.someone"),
                  member: change.memberName ?? t("family.page.aMember"),
                  email: String(change.metadata.email ?? ""),
                  role: t(`family.roles.${String(change.metadata.role ?? change.metadata.to ?? "follow")}`),
                })}
              </li>
            ))}
          </ul>
        )}
      </details>
    </section>
  );
}

function InviteForm({ careRecipientId, recipientName }: { careRecipientId: string; recipientName: string }) {
  const { t } = useT("account");
  const busy = useBusy("invite", careRecipientId);
  const refusal = useRefusal("invite", careRecipientId);
  const emailId = `invite-email-${careRecipientId}`;
  const roleId = `invite-role-${careRecipientId}`;
  const errorId = `invite-error-${careRecipientId}`;
  const emailError = refusal && (refusal.field === "email" || !refusal.field) ? refusal.text : undefined;
  return (
    <Form method="post" className="space-y-3" aria-label={t("family.page.inviteLabel", { name: recipientName })}>
      <input type="hidden" name="intent" value="invite" />
      <input type="hidden" name="careRecipientId" value={careRecipientId} />
      <h3 className={smallHeadingClass}>{t("family.page.inviteHeading")}</h3>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={emailId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
            {t("family.page.email")}
          </label>
          <input
            id={emailId}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={255}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? errorId : undefined}
            className={`${inputClass} mt-1`}
          />
          {emailError && (
            <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
              {emailError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
            {t("family.page.role")}
          </label>
          <select id={roleId} name="role" defaultValue="follow" className={`${inputClass} mt-1`}>
            <RoleOptions />
          </select>
        </div>
      </div>
      <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
        {FAMILY_ROLES.map((role) => (
          <li key={role}>
            <strong className="font-semibold text-slate-800 dark:text-slate-100">{t(`family.roles.${role}`)}:</strong>{" "}
            {t(`family.roleHints.${role}`)}
          </li>
        ))}
      </ul>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className={`${primaryButtonClass} w-full sm:w-auto`}
      >
        {busy ? t("family.page.sending") : t("family.page.invite")}
      </button>
    </Form>
  );
}

function InvitationRow({
  invitation,
  format,
}: {
  invitation: Circle["invitations"][number];
  format: ReturnType<typeof useFormat>;
}) {
  const { t } = useT("account");
  const resendRefusal = useRefusal("resend", invitation.id);
  const revokeRefusal = useRefusal("revoke", invitation.id);
  return (
    <ActionRow
      title={invitation.email}
      detail={`${t(`family.roles.${invitation.role}`)} · ${t("family.page.expires", { date: format.date(invitation.expiresAt) })}`}
      refusal={resendRefusal ?? revokeRefusal}
    >
      <div className="flex gap-2">
        <RowAction
          intent="resend"
          field="invitationId"
          id={invitation.id}
          label={t("family.page.resend")}
          accessibleName={t("family.page.resendFor", { email: invitation.email })}
        />
        <RowAction
          intent="revoke"
          field="invitationId"
          id={invitation.id}
          label={t("family.page.revoke")}
          accessibleName={t("family.page.revokeFor", { email: invitation.email })}
        />
      </div>
    </ActionRow>
  );
}

function MemberRow({ member }: { member: Circle["members"][number] }) {
  const { t } = useT("account");
  const changing = useBusy("changeRole", member.id);
  const roleRefusal = useRefusal("changeRole", member.id);
  const removeRefusal = useRefusal("remove", member.id);
  const refusal = roleRefusal ?? removeRefusal;
  const roleId = `member-role-${member.id}`;
  return (
    <li className="space-y-2 py-3">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{member.name}</p>
        <p className="text-sm break-words text-slate-600 dark:text-slate-300">{member.email}</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Form method="post">
          <input type="hidden" name="intent" value="changeRole" />
          <input type="hidden" name="memberId" value={member.id} />
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-800 dark:text-slate-100">
            {t("family.page.roleOf", { name: member.name })}
          </label>
          <div className="mt-1 flex gap-2">
            <select id={roleId} name="role" defaultValue={member.role} className={selectClass}>
              <RoleOptions />
            </select>
            <button
              type="submit"
              disabled={changing}
              aria-busy={changing || undefined}
              className={secondaryButtonClass}
            >
              {t("family.page.changeRole")}
            </button>
          </div>
        </Form>
        <RowAction
          intent="remove"
          field="memberId"
          id={member.id}
          label={t("family.page.remove")}
          accessibleName={t("family.page.removeFor", { name: member.name })}
          confirm={t("family.page.removeConfirm", { name: member.name })}
        />
      </div>
      {refusal && <FormNotice tone="error">{refusal.text}</FormNotice>}
    </li>
  );
}

function InvitationsForMeSection({ invitations }: { invitations: LoaderData["invitationsForMe"] }) {
  const { t } = useT("account");
  const format = useFormat();
  if (invitations.length === 0) return null;
  return (
    <section aria-labelledby="for-me-heading" className={sectionClass}>
      <h2 id="for-me-heading" className={headingClass}>
        {t("family.page.forMeHeading")}
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {invitations.map((invitation) => (
          <InvitationForMeRow key={invitation.id} invitation={invitation} format={format} />
        ))}
      </ul>
    </section>
  );
}

function InvitationForMeRow({
  invitation,
  format,
}: {
  invitation: LoaderData["invitationsForMe"][number];
  format: ReturnType<typeof useFormat>;
}) {
  const { t } = useT("account");
  return (
    <ActionRow
      title={t("family.page.careOf", { name: invitation.recipientName, holder: invitation.holderName })}
      detail={`${t(`family.roles.${invitation.role}`)} · ${t(`family.roleHints.${invitation.role}`)} · ${t("family.page.expires", { date: format.date(invitation.expiresAt) })}`}
      refusal={useRefusal("accept", invitation.id)}
    >
      <RowAction
        intent="accept"
        field="invitationId"
        id={invitation.id}
        label={t("family.join.accept")}
        accessibleName={t("family.page.acceptFor", { name: invitation.recipientName })}
        primary
      />
    </ActionRow>
  );
}

function MembershipsSection({ memberships }: { memberships: LoaderData["memberships"] }) {
  const { t } = useT("account");
  return (
    <section aria-labelledby="memberships-heading" className={sectionClass}>
      <h2 id="memberships-heading" className={headingClass}>
        {t("family.page.membershipsHeading")}
      </h2>
      {memberships.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("family.page.noMemberships")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
          {memberships.map((membership) => (
            <MembershipRow key={membership.careRecipientId} membership={membership} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MembershipRow({ membership }: { membership: LoaderData["memberships"][number] }) {
  const { t } = useT("account");
  return (
    <ActionRow
      title={t("family.page.careOf", { name: membership.recipientName, holder: membership.holderName })}
      detail={`${t(`family.roles.${membership.role satisfies FamilyRole}`)} · ${t(`family.roleHints.${membership.role}`)}`}
      refusal={useRefusal("leave", membership.careRecipientId)}
    >
      <RowAction
        intent="leave"
        field="careRecipientId"
        id={membership.careRecipientId}
        label={t("family.page.leave")}
        accessibleName={t("family.page.leaveFor", { name: membership.recipientName })}
        confirm={t("family.page.leaveConfirm", { name: membership.recipientName })}
      />
    </ActionRow>
  );
}

/** One button that posts an intent about one invitation, member or circle; a confirmation first when asked. */
function RowAction({
  intent,
  field,
  id,
  label,
  accessibleName,
  confirm,
  primary = false,
}: {
  intent: string;
  field: "invitationId" | "memberId" | "careRecipientId";
  id: string;
  label: string;
  accessibleName: string;
  confirm?: string;
  primary?: boolean;
}) {
  const busy = useBusy(intent, id);
  return (
    <Form
      method="post"
      onSubmit={
        confirm
          ? (event) => {
              if (!window.confirm(confirm)) event.preventDefault();
            }
          : undefined
      }
    >
      <input type="hidden" name={field} value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={accessibleName}
        className={primary ? primaryButtonClass : secondaryButtonClass}
      >
        {label}
      </button>
    </Form>
  );
}

/** A row of a list on this page: who or what, a line about it, a refusal if any, and its buttons. */
function ActionRow({
  title,
  detail,
  refusal,
  children,
}: {
  title: string;
  detail: string;
  refusal: ActionBody | undefined;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900 dark:text-white">{title}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{detail}</p>
        {refusal && <FormNotice tone="error">{refusal.text}</FormNotice>}
      </div>
      {children}
    </li>
  );
}

import { DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { getFixedT } from "~/i18n/i18n.server";
import { renderEmail } from "./layout";

// The invitation of an administrator, in the inviting administrator's language
// (locales/<lang>/emails/admin.ts); English when none is given. Without an
// inviter (the command line), it comes from the Tendly team.

export function adminInviteEmail({
  inviterName,
  url,
  locale = DEFAULT_LOCALE,
}: {
  inviterName: string | null;
  url: string;
  locale?: Locale;
}) {
  const t = getFixedT(locale, "email");
  return renderEmail({
    locale,
    subject: t("admin.invite.subject"),
    preheader: t("admin.invite.preheader"),
    heading: t("admin.invite.heading"),
    paragraphs: [
      t("admin.invite.invitedBy", { inviterName: inviterName ?? t("admin.invite.defaultInviter") }),
      t("admin.invite.body"),
    ],
    action: { label: t("admin.invite.action"), url },
    footnote: t("admin.invite.footnote"),
  });
}

// The invitation into a care recipient's family circle (docs/product-rules.md, "Family circle"), in the holder's
// language (locales/<lang>/emails/care.ts), laid out as the administrators' invitation.
export function familyInviteEmail({
  inviterName,
  recipientName,
  role,
  url,
  locale = DEFAULT_LOCALE,
}: {
  inviterName: string;
  recipientName: string;
  role: "manage" | "follow" | "alerts";
  url: string;
  locale?: Locale;
}) {
  const t = getFixedT(locale, "email");
  const names = { inviterName, recipientName };
  return renderEmail({
    locale,
    subject: t("care.familyInvite.subject", names),
    preheader: t("care.familyInvite.preheader"),
    heading: t("care.familyInvite.heading", names),
    paragraphs: [
      t("care.familyInvite.invitedBy", { ...names, roleText: t(`care.familyInvite.roles.${role}`, names) }),
      t("care.familyInvite.body"),
    ],
    action: { label: t("care.familyInvite.action"), url },
    footnote: t("care.familyInvite.footnote"),
  });
}

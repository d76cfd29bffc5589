import { useT } from "~/i18n/react";
import type { MenuRole } from "~/utils/chrome-rules";

const BADGE_STYLES: Record<MenuRole, string> = {
  client: "bg-teal-100 text-teal-900 dark:bg-teal-900/60 dark:text-teal-100",
  caregiver: "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100",
  admin: "bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100",
};

/**
 * The header's role badge: Client, Caregiver or Admin (docs/product-rules.md, "Public site and header"),
 * in the active language unless `label` says otherwise.
 */
export function RoleBadge({ role, label }: { role: MenuRole; label?: string }) {
  const { t } = useT("common");
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_STYLES[role]}`}
      data-role-badge={role}
    >
      {label ?? t(`roles.${role}`)}
    </span>
  );
}

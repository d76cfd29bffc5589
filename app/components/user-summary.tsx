import { useT } from "~/i18n/react";
import type { ChromeUser } from "~/utils/chrome-rules";
import { menuRoleFor } from "~/utils/chrome-rules";
import { RoleBadge } from "./role-badge";
import { UserAvatar } from "./user-avatar";

/** Avatar, name, email and role badge of the signed-in person (avatar menu and drawer). */
export function UserSummary({ user }: { user: ChromeUser }) {
  const { t } = useT();
  const role = menuRoleFor(user.roles);
  return (
    <>
      <UserAvatar name={user.name} avatarUrl={user.avatarUrl} size="md" />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold text-slate-900 dark:text-white">{user.name}</span>
        <span className="block truncate text-sm text-slate-600 dark:text-slate-300">{user.email}</span>
        <span className="mt-1 block">
          <RoleBadge role={role} label={t(`roles.${role}`)} />
        </span>
      </span>
    </>
  );
}

import { LogOut } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { useNavLabel, useT } from "~/i18n/react";
import { ROLE_MENUS, type MenuRole } from "~/utils/chrome-rules";
import { MenuIcon } from "./menu-icon";
import { RoleBadge } from "./role-badge";
import { SignOutForm } from "./sign-out-form";

/** The sidebar of a role area (client, caregiver, admin) beside its screens. */
export function AreaLayout({ area }: { area: MenuRole }) {
  const { t } = useT("account");
  const { t: tc } = useT("common");
  const navLabel = useNavLabel();
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6 sm:px-6">
      {/* Below md the same menu is in the header's drawer. */}
      <nav aria-label={t(`areaMenus.${area}`)} className="hidden w-56 shrink-0 md:block">
        <div className="sticky top-24">
          <p className="mb-3 flex items-center gap-2 px-3 text-sm text-slate-600 dark:text-slate-300">
            {tc("account.myAccount")} <RoleBadge role={area} />
          </p>
          <ul className="space-y-1">
            {ROLE_MENUS[area].map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/dashboard" || item.to === "/caregiver" || item.to === "/admin"}
                  className={({ isActive }) =>
                    `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                      isActive
                        ? "bg-teal-50 text-teal-800 dark:bg-teal-900/40 dark:text-teal-200"
                        : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                    }`
                  }
                >
                  <MenuIcon name={item.icon} className="size-4" />
                  {navLabel(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
          <SignOutForm className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
            <button
              type="submit"
              className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-red-800 hover:bg-red-50 dark:text-red-200 dark:hover:bg-slate-800"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {tc("account.signOut")}
            </button>
          </SignOutForm>
        </div>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

import { NavLink } from "react-router";
import { useNavLabel } from "~/i18n/react";
import type { NavLinkItem } from "~/utils/chrome-rules";
import { UnreadMessagesBadge } from "./unread-messages";

/** A link of the header or drawer; signed out, Messages leads to "/" and is never the current page there. */
export function SiteNavLink({
  link,
  className,
}: {
  link: NavLinkItem;
  className: (state: { isActive: boolean }) => string;
}) {
  const leadsHome = link.to === "/";
  const navLabel = useNavLabel();
  return (
    <NavLink
      to={link.to}
      end={leadsHome}
      className={(state) => className({ isActive: state.isActive && !leadsHome })}
      aria-current={leadsHome ? false : undefined}
    >
      {navLabel(link.label)}
      <UnreadMessagesBadge label={link.label} />
    </NavLink>
  );
}

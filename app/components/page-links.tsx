import { Link } from "react-router";
import { useT } from "~/i18n/react";

/**
 * Previous and next links of a list paginated on the server, with "Page N of M"
 * between them; nothing when everything fits on one page.
 */
export function PageLinks({
  label,
  page,
  pageCount,
  hrefFor,
  linkClassName,
  className = "mt-4",
}: {
  /** Names the navigation landmark, e.g. "Pages of orders". */
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  linkClassName: string;
  className?: string;
}) {
  const { t } = useT("public");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`${className} flex items-center justify-between gap-3`}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={linkClassName} rel="prev">
          {t("pageLinks.previous")}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-slate-700 dark:text-slate-200">{t("pageLinks.pageOf", { page, total: pageCount })}</p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={linkClassName} rel="next">
          {t("pageLinks.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

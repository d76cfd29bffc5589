import { CalendarPlus } from "lucide-react";
import { Link } from "react-router";
import { useT } from "~/i18n/react";

/**
 * The floating Care booking button (docs/product-rules.md, "Public site and header"). Whether it shows is
 * decided by the caller (showsCareBookingButton: public pages, app mode).
 */
export function CareBookingButton() {
  const { t } = useT();
  return (
    <Link
      to="/request/client-info"
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex items-center gap-2 rounded-full bg-teal-700 px-5 py-3.5 font-semibold text-white shadow-lg shadow-teal-900/30 hover:bg-teal-800"
    >
      <CalendarPlus aria-hidden="true" className="size-5" />
      {t("bookCare")}
    </Link>
  );
}

import { MapPin } from "lucide-react";
import { useT } from "~/i18n/react";
import { mapsSearchUrl, OFFICES } from "~/utils/chrome-rules";

type Tone = "dark" | "light";
const STYLES: Record<Tone, { link: string; icon: string; name: string }> = {
  dark: {
    link: "inline-flex gap-2 rounded text-slate-300 hover:text-white hover:underline",
    icon: "mt-0.5 size-4 shrink-0",
    name: "block font-medium text-white",
  },
  light: {
    link: "inline-flex gap-3 text-slate-800 hover:underline",
    icon: "size-5 shrink-0 text-teal-700",
    name: "block font-semibold text-slate-900",
  },
};

/** Tendly's two offices, each opening a maps search in a new tab (docs/product-rules.md, "Public site and header"). */
export function OfficeLinks({ tone, className }: { tone: Tone; className?: string }) {
  const style = STYLES[tone];
  const { t } = useT();
  return OFFICES.map((office) => (
    <li key={office.city} className={className}>
      <a href={mapsSearchUrl(office.address)} target="_blank" rel="noopener noreferrer" className={style.link}>
        <MapPin aria-hidden="true" className={style.icon} />
        <span>
          <span className={style.name}>{t("footer.office", { city: office.city })}</span>
          {office.address}
          <span className="sr-only">{t("footer.opensMap")}</span>
        </span>
      </a>
    </li>
  ));
}

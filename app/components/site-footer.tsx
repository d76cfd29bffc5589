import { Mail, Phone } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useT } from "~/i18n/react";
import { OfficeLinks } from "./office-link";

/** A footer link: its path and the key of its text under `nav` (common messages). */
type FooterLink = { to: string; navKey: string };

const CARE_LINKS: FooterLink[] = [
  { to: "/", navKey: "home" },
  { to: "/services", navKey: "services" },
  { to: "/providers", navKey: "providers" },
  { to: "/request", navKey: "findCare" },
  { to: "/become-caregiver", navKey: "becomeACaregiver" },
  { to: "/blog", navKey: "resources" },
];
const SUPPORT_LINKS: FooterLink[] = [
  { to: "/contact", navKey: "supportChat" },
  { to: "/privacy", navKey: "privacyPolicy" },
  { to: "/terms", navKey: "termsOfService" },
  { to: "/accessibility", navKey: "accessibility" },
];

const headingClass = "text-sm font-semibold tracking-wide text-white uppercase";
const linkClass = "rounded text-slate-300 hover:text-white hover:underline";

export type SiteFooterProps = {
  contact: { phone: string; email: string };
  /** Room at the bottom so the floating Care booking button never covers a link. */
  hasFloatingButton?: boolean;
};

export function SiteFooter({ contact, hasFloatingButton = false }: SiteFooterProps) {
  const emailId = useId();
  const [year] = useState(() => new Date().getFullYear());
  const { t } = useT();
  return (
    <footer className={`bg-slate-800 text-slate-300 ${hasFloatingButton ? "pb-20" : ""}`}>
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <Link to="/" className="inline-block rounded text-2xl font-bold text-white">
            {t("brand")}
          </Link>
          <p className="text-sm">{t("footer.tagline")}</p>
          <a
            href="https://www.facebook.com/"
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t("footer.facebook")}
            className="inline-flex size-10 items-center justify-center rounded-full bg-slate-700 text-white hover:bg-teal-700"
          >
            <FacebookIcon />
          </a>
        </div>

        <FooterLinks id={`${emailId}-care`} title={t("footer.care")} links={CARE_LINKS} />

        <FooterLinks id={`${emailId}-support`} title={t("footer.support")} links={SUPPORT_LINKS} />

        <div className="space-y-6">
          <section aria-labelledby={`${emailId}-contact`}>
            <h2 id={`${emailId}-contact`} className={headingClass}>
              {t("footer.contact")}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              <li>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`} className={`${linkClass} inline-flex gap-2`}>
                  <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {contact.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${contact.email}`} className={`${linkClass} inline-flex gap-2 break-all`}>
                  <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {contact.email}
                </a>
              </li>
              <OfficeLinks tone="dark" />
            </ul>
          </section>

          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-slate-700">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-slate-300 sm:px-6">{t("footer.rights", { year })}</p>
      </div>
    </footer>
  );
}

function FacebookIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
    </svg>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  const { t } = useT();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={headingClass}>
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {t(`nav.${link.navKey}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The newsletter box: posts to /newsletter (double opt-in) and shows the outcome in place. */
function NewsletterForm() {
  const emailId = useId();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const isSending = fetcher.state !== "idle";
  const { t } = useT();
  return (
    <fetcher.Form method="post" action="/newsletter" className="space-y-2">
      <h2 className={headingClass}>{t("footer.newsletter")}</h2>
      <label htmlFor={emailId} className="block text-sm text-slate-200">
        {t("footer.emailAddress")}
      </label>
      <div className="flex gap-2">
        <input
          id={emailId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder={t("footer.emailPlaceholder")}
          aria-describedby={fetcher.data ? `${emailId}-result` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-slate-500 bg-slate-900 px-3 py-2 text-sm text-white placeholder:text-slate-400"
        />
        <button
          type="submit"
          disabled={isSending}
          className="rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-80"
        >
          {isSending ? t("footer.subscribing") : t("footer.subscribe")}
        </button>
      </div>
      <output
        id={`${emailId}-result`}
        className={`block text-sm ${fetcher.data?.ok === false ? "text-red-200" : "text-teal-100"}`}
      >
        {fetcher.data?.message}
      </output>
    </fetcher.Form>
  );
}

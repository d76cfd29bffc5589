import { IdCard } from "lucide-react";
import { Link } from "react-router";
import { CREDENTIALS_PATH, type CredentialKind } from "~/features/credentials/public";
import { useLocale, useT } from "~/i18n/react";
import { formatCalendarDate } from "~/utils/datetime";

export type CredentialNoticeData = {
  expired: { kind: CredentialKind; expiresOn: string }[];
  expiring: { kind: CredentialKind; expiresOn: string }[];
};

/**
 * What the caregiver's home and offer screens say before Accept when a required credential is past its date, or
 * expires within 30 days (docs/product-rules.md, "Credentials that expire"): named, with the way to renew it.
 */
export function CredentialGateNotice({ notice }: { notice: CredentialNoticeData }) {
  const { t } = useT("credentials");
  const locale = useLocale();
  if (notice.expired.length === 0 && notice.expiring.length === 0) return null;
  const isBlocking = notice.expired.length > 0;
  const items = isBlocking ? notice.expired : notice.expiring;
  return (
    <div
      role={isBlocking ? "alert" : "status"}
      data-credential-notice={isBlocking ? "expired" : "expiring"}
      className={`rounded-lg border px-4 py-3 text-sm ${
        isBlocking
          ? "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
          : "border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-50"
      }`}
    >
      <p className="flex items-start gap-2 font-semibold">
        <IdCard aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {isBlocking ? t("gate.expired") : t("gate.expiring")}
      </p>
      <ul className="mt-1 ml-6 list-disc">
        {items.map((item) => (
          <li key={item.kind} className="first-letter:uppercase">
            {t(isBlocking ? "gate.item" : "gate.itemSoon", {
              credential: t(`kinds.${item.kind}`),
              date: formatCalendarDate(item.expiresOn, "date", locale),
            })}
          </li>
        ))}
      </ul>
      <CredentialLink />
    </div>
  );
}

/** The way to /caregiver/credentials, under a notice or a refusal of the credential gate. */
export function CredentialLink() {
  const { t } = useT("credentials");
  return (
    <Link
      to={CREDENTIALS_PATH}
      className="mt-1 inline-flex min-h-11 items-center font-semibold text-teal-900 underline underline-offset-2 dark:text-teal-200"
    >
      {t("gate.link")}
    </Link>
  );
}

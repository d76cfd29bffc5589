import { Link } from "react-router";
import { linkClass, sectionClass } from "~/components/form-controls";
import type { BackupOfferView } from "~/features/visits/backup-offers.server";
import { useT } from "~/i18n/react";
import { useBackupVisitWords } from "./backup-visit-display";

// The caregiver's open backup offers (listOpenBackupOffers in
// features/visits/backup-offers.server.ts), for their home screen: each visit's
// time, area and pay, and a link to its backup page where they accept it.
// Shows nothing when there are none, unless `showEmpty`.

export function BackupOffersList({ offers, showEmpty = false }: { offers: BackupOfferView[]; showEmpty?: boolean }) {
  const { t } = useT("alerts");
  const words = useBackupVisitWords();
  if (offers.length === 0 && !showEmpty) return null;
  return (
    <section
      aria-labelledby="backup-offers-heading"
      className={`${sectionClass} border-amber-300 dark:border-amber-700`}
    >
      <h2 id="backup-offers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("backupList.heading")}
      </h2>
      {offers.length === 0 ? (
        <p className="mt-2 text-slate-700 dark:text-slate-200">{t("backupList.empty")}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-200">{t("backupList.intro")}</p>
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {offers.map((offer) => (
              <li key={offer.offerId} className="py-3">
                <Link to={`/caregiver/visits/${offer.visitId}/backup`} className={`${linkClass} text-base`}>
                  {t("backupList.open", { when: words.start(offer) })}
                </Link>
                <p className="text-sm text-slate-700 dark:text-slate-200">
                  {words.area(offer)} · {words.pay(offer)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

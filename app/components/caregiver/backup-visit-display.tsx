import type { BackupOfferView } from "~/features/visits/backup-offers.server";
import { useFormat, useT } from "~/i18n/react";
import { formatInZone, formatTimeOfDay, formatVisitDateTime } from "~/utils/datetime";
import { useZonedTime } from "~/components/viewer-time-zone";

// How a backup offer's visit reads on the backup page and in the list: the
// time where care happens, the area, and the pay for the visit (or its length).

export type BackupVisit = Pick<BackupOfferView, "startsAt" | "endsAt" | "timeZone" | "area" | "payCents" | "minutes">;

export function useBackupVisitWords() {
  const { t, locale } = useT("alerts");
  const format = useFormat();
  const zoned = useZonedTime();
  return {
    when: (visit: BackupVisit) =>
      t("backupOffer.whenValue", {
        start: formatVisitDateTime(visit.startsAt, visit.timeZone, { locale }),
        end: formatTimeOfDay(formatInZone(visit.endsAt, visit.timeZone, "HH:mm"), locale),
      }) + zoned.label(visit.startsAt, visit.timeZone),
    start: (visit: BackupVisit) => zoned.dateTime(visit.startsAt, visit.timeZone),
    area: ({ area }: BackupVisit) =>
      area.city
        ? t("backupOffer.zipCity", { zip: area.zip, city: area.city, state: area.state ?? "" })
        : t("backupOffer.zip", { zip: area.zip }),
    pay: (visit: BackupVisit) =>
      visit.payCents === null
        ? t("backupOffer.hours", { hours: format.number(visit.minutes / 60, { maximumFractionDigits: 1 }) })
        : t("backupOffer.payValue", { amount: format.money(visit.payCents) }),
    payLabel: (visit: BackupVisit) => t(visit.payCents === null ? "backupOffer.length" : "backupOffer.pay"),
  };
}

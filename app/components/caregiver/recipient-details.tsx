import type { CareRecipient } from "~/features/orders/order-view";
import { useLabels, useT } from "~/i18n/react";

const termClass = "text-sm font-medium text-slate-600 dark:text-slate-300";
const valueClass = "text-slate-900 dark:text-white";

/** The person cared for, as a caregiver who holds the order or the visit may read it (health details included). */
export function RecipientDetails({ recipient }: { recipient: CareRecipient }) {
  const { t } = useT("orders");
  const labels = useLabels();
  return (
    <dl className="mt-3 grid gap-3 sm:grid-cols-2">
      <div>
        <dt className={termClass}>{t("caregiverOrder.name")}</dt>
        <dd className={valueClass}>
          {recipient.fullName}, {recipient.age}
        </dd>
      </div>
      <div>
        <dt className={termClass}>{t("caregiverOrder.phone")}</dt>
        <dd className={valueClass}>{recipient.phoneNumber}</dd>
      </div>
      <div>
        <dt className={termClass}>{t("caregiverOrder.healthNeeds")}</dt>
        <dd className={valueClass}>
          {recipient.healthNeeds.length > 0
            ? recipient.healthNeeds.map(labels.healthNeed).join(", ")
            : t("caregiverOrder.noneGiven")}
        </dd>
      </div>
      {recipient.additionalDetails && (
        <div className="sm:col-span-2">
          <dt className={termClass}>{t("caregiverOrder.notes")}</dt>
          <dd className={`${valueClass} whitespace-pre-line`}>{recipient.additionalDetails}</dd>
        </div>
      )}
    </dl>
  );
}

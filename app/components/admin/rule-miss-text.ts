import type { RuleMiss } from "~/features/matching/hand-candidates.server";
import type { Translate } from "~/i18n/config";
import type { Labels } from "~/i18n/labels";
import { milesFigure } from "~/components/orders/match-reason-text";

/**
 * A matching rule a caregiver misses, in the administrator's language (`t` of the `admin` namespace): what
 * offering them the order by hand overrides (features/matching/hand-candidates.server.ts).
 */
export function ruleMissText(miss: RuleMiss, t: Translate, labels: Labels): string {
  switch (miss.code) {
    case "beyond-radius":
      return t("order.rule.beyondRadius", { miles: milesFigure(miss.miles), radius: miss.radiusMiles });
    case "missing-services":
      return t("order.rule.missingServices", { services: miss.services.map(labels.service).join(", ") });
    case "not-available":
      return t("order.rule.notAvailable");
    case "busy":
      return t("order.rule.busy");
    case "required-preference":
      switch (miss.gap.code) {
        case "language":
          return t("order.rule.language", { language: labels.languageList([miss.gap.language]) });
        case "gender":
          return t("order.rule.gender");
        case "culture":
          return t("order.rule.culture");
      }
  }
}

import { describe, expect, test } from "vitest";
import { BACKGROUND_CHECK_LABELS, CAREGIVER_STATUS_LABELS, QUEUE_LABELS } from "~/features/caregiver-vetting/public";
import { HEALTH_NEED_LABELS, LANGUAGE_LABELS } from "~/features/care-requests/public";
import { OFFER_STATUS_LABELS, ORDER_STATUS_LABELS, VISIT_STATUS_LABELS } from "~/features/orders/public";
import { labelsFor } from "~/i18n/i18n.server";
import labels from "~/i18n/locales/en/labels";
import { CARE_SKILL_LABELS, SERVICE_LABELS } from "~/utils/services";

// The `labels` messages name the same codes as the features' label maps, in
// the same English words (i18n/labels.ts).

describe("English labels are the features' labels", () => {
  test.each([
    ["service", SERVICE_LABELS],
    ["skill", CARE_SKILL_LABELS],
    ["healthNeed", HEALTH_NEED_LABELS],
    ["language", LANGUAGE_LABELS],
    ["orderStatus", ORDER_STATUS_LABELS],
    ["visitStatus", VISIT_STATUS_LABELS],
    ["offerStatus", OFFER_STATUS_LABELS],
    ["caregiverStatus", CAREGIVER_STATUS_LABELS],
    ["queue", QUEUE_LABELS],
    ["backgroundCheck", BACKGROUND_CHECK_LABELS],
  ] as const)("%s", (group, featureLabels) => {
    expect(labels[group]).toEqual(featureLabels);
  });
});

describe("labelsFor", () => {
  test("names codes in the reader's language, and unknown codes as themselves (a language never as its code)", () => {
    const es = labelsFor("es");
    expect(es.service("meal-preparation")).toBe("Preparación de comidas");
    expect(es.orderStatusWords("offered")).toBe("ofrecido a un cuidador");
    expect(es.language("es")).toBe("Español");
    expect(es.language("xx")).toBe("Otro idioma");
    expect(es.languageList(["xx", "es", "en"])).toBe("español, inglés");
    expect(es.service("old-service")).toBe("old-service");
    expect(labelsFor("en").orderStatus("submitted")).toBe("Waiting for a caregiver");
  });

  test("names weekdays Monday first (weekday 0), long and short", () => {
    const en = labelsFor("en");
    expect([0, 1, 2, 3, 4, 5, 6].map(en.weekday)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
      "Sunday",
    ]);
    expect(en.weekdayShort("0")).toBe("Mon");
    expect(labelsFor("es").weekday(2)).toBe("Miércoles");
    expect(labelsFor("es").weekdayShort(6)).toBe("Dom");
  });
});

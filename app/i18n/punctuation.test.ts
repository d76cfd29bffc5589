import { createInstance } from "i18next";
import { describe, expect, test } from "vitest";
import { SINGLE_PERIOD } from "./punctuation";

/** A t() with the post-processor, as the app's instances have it. */
function spanishT() {
  const instance = createInstance();
  void instance.use(SINGLE_PERIOD).init({
    lng: "es",
    resources: { es: { common: { arrives: "Llega a las {{time}}.", wait: "Un momento..." } } },
    defaultNS: "common",
    initAsync: false,
    interpolation: { escapeValue: false },
    postProcess: [SINGLE_PERIOD.name],
  });
  return instance.t;
}

describe("one period where a value ends a sentence", () => {
  test("a time ending in its abbreviation's period ends the sentence once", () => {
    const t = spanishT();
    expect(t("arrives", { time: "4:38 p. m." })).toBe("Llega a las 4:38 p. m.");
    expect(t("arrives", { time: "16:38" })).toBe("Llega a las 16:38.");
  });

  test("an ellipsis stays", () => {
    expect(spanishT()("wait")).toBe("Un momento...");
  });
});

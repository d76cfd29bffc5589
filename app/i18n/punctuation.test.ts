import { createInstance } from "i18next";
import { describe, expect, test } from "vitest";
import { flattenMessages } from "./completeness";
import { LOCALES } from "./config";
import { getFixedT } from "./i18n.server";
import { SINGLE_PERIOD } from "./punctuation";
import { RESOURCES } from "./resources.server";

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

describe("a short name that ends a sentence ends it once", () => {
  // "Jordan R." (utils/person-name.ts shortName) before a sentence's period, in every message of every
  // language whose placeholder is followed by one: never "Jordan R..".
  test.each(LOCALES)("%s", (locale) => {
    const doubled: string[] = [];
    let checked = 0;
    for (const [namespace, tree] of Object.entries(RESOURCES[locale])) {
      for (const [key, text] of flattenMessages(tree)) {
        const names = [...text.matchAll(/\{\{(\w+)\}\}[.?!]/g)].map((match) => match[1]!);
        if (names.length === 0) continue;
        checked += 1;
        const values = Object.fromEntries(names.map((name) => [name, "Jordan R."]));
        const worded = String(
          getFixedT(locale, namespace as never)(key.replace(/_(one|other)$/, ""), { ...values, count: 2 }),
        );
        if (/R\.\.(?!\.)/.test(worded) || /R\.\s*\./.test(worded)) doubled.push(`${namespace}:${key}: ${worded}`);
      }
    }
    expect(doubled).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  });
});

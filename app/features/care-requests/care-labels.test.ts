import { describe, expect, test } from "vitest";
import { labelsWith } from "~/i18n/labels";
import en from "~/i18n/locales/en/labels";
import es from "~/i18n/locales/es/labels";
import type { Translate } from "~/i18n/config";
import { CARE_SKILLS } from "~/utils/services";
import {
  CARE_LANGUAGES,
  HEALTH_NEED_LABELS,
  healthNeedLabel,
  LANGUAGE_CODES,
  LANGUAGE_LABELS,
  languageLabel,
  languagesByName,
} from "./care-labels";

describe("language labels", () => {
  test("every language code has a name, and no name is left over", () => {
    expect(Object.keys(LANGUAGE_LABELS).toSorted()).toEqual([...LANGUAGE_CODES].toSorted());
    for (const code of LANGUAGE_CODES) expect(languageLabel(code)?.trim()).toBeTruthy();
  });

  test("no two languages share a name (the directory filter and the request form list them by name)", () => {
    const names = LANGUAGE_CODES.map(languageLabel);
    expect(new Set(names).size).toBe(names.length);
  });

  test("one list: what a family asks for is every language known", () => {
    expect(new Set(LANGUAGE_CODES).size).toBe(LANGUAGE_CODES.length);
    expect(CARE_LANGUAGES).toEqual(LANGUAGE_CODES);
  });

  test("forms list the languages by name, accents aside", () => {
    const names = languagesByName((code) => LANGUAGE_LABELS[code]).map((language) => language.name);
    expect(names.slice(0, 3)).toEqual(["Arabic", "Bengali", "Chinese"]);
    const spanish = languagesByName((code) => es.language[code]).map((language) => language.name);
    // "Árabe" sorts among the A's, as if it had no accent.
    expect(spanish.slice(0, 2)).toEqual(["Alemán", "Árabe"]);
  });

  test("a code we do not know has no name, and is never shown as the code", () => {
    expect(languageLabel("es")).toBe("Spanish");
    expect(languageLabel("xx")).toBeNull();
    expect(languageLabel("toString")).toBeNull();
  });
});

/** i18next's `t` over one namespace's messages, enough for labelsWith. */
function translate(messages: Record<string, unknown>): Translate {
  return ((key: string, options?: { defaultValue?: string }) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
    return typeof value === "string" ? value : (options?.defaultValue ?? key);
  }) as unknown as Translate;
}

describe("language labels in the reader's language", () => {
  test("names in a sentence leave unknown codes out; Spanish writes them in lower case", () => {
    const english = labelsWith(translate(en), "en");
    expect(english.languageList(["en", "tw", "xx", "toString"])).toBe("English, Twi");
    expect(english.languages(["xx", "es"])).toEqual(["Spanish"]);
    expect(english.language("xx")).toBe("Another language");
    const spanish = labelsWith(translate(es), "es");
    expect(spanish.languageList(["tw", "en"])).toBe("twi, inglés");
    expect(spanish.language("es")).toBe("Español");
  });
});

describe("health need labels", () => {
  test("every skill code has a family-facing label, each different", () => {
    expect(Object.keys(HEALTH_NEED_LABELS).toSorted()).toEqual([...CARE_SKILLS].toSorted());
    const labels = CARE_SKILLS.map(healthNeedLabel);
    for (const label of labels) expect(label.trim()).not.toBe("");
    expect(new Set(labels).size).toBe(labels.length);
    expect(healthNeedLabel("dementia")).toBe("Dementia or memory care");
    expect(healthNeedLabel("unknown-need")).toBe("unknown-need");
  });
});

import { describe, expect, test } from "vitest";
import { CARE_SKILLS } from "~/utils/services";
import {
  CARE_LANGUAGES,
  HEALTH_NEED_LABELS,
  healthNeedLabel,
  LANGUAGE_CODES,
  LANGUAGE_LABELS,
  languageLabel,
} from "./care-labels";

describe("language labels", () => {
  test("every language code has a name, and no name is left over", () => {
    expect(Object.keys(LANGUAGE_LABELS).toSorted()).toEqual([...LANGUAGE_CODES].toSorted());
    for (const code of LANGUAGE_CODES) expect(languageLabel(code).trim()).not.toBe("");
  });

  test("no two languages share a name (the directory filter and the request form list them by name)", () => {
    const names = LANGUAGE_CODES.map(languageLabel);
    expect(new Set(names).size).toBe(names.length);
  });

  test("a family's choices are known languages, each once", () => {
    expect(new Set(CARE_LANGUAGES).size).toBe(CARE_LANGUAGES.length);
    for (const code of CARE_LANGUAGES) expect(LANGUAGE_CODES).toContain(code);
  });

  test("a code we do not know reads as itself in capitals", () => {
    expect(languageLabel("es")).toBe("Spanish");
    expect(languageLabel("xx")).toBe("XX");
    expect(languageLabel("toString")).toBe("TOSTRING");
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

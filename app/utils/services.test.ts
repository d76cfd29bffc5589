import { describe, expect, test } from "vitest";
import { CARE_SKILL_LABELS, CARE_SKILLS, careSkillLabel, SERVICE_IDS, SERVICE_LABELS, serviceLabel } from "./services";

describe("service labels", () => {
  test("every service has a name, each different, and no name is left over", () => {
    expect(Object.keys(SERVICE_LABELS).toSorted()).toEqual([...SERVICE_IDS].toSorted());
    const names = SERVICE_IDS.map(serviceLabel);
    for (const name of names) expect(name.trim()).not.toBe("");
    expect(new Set(names).size).toBe(names.length);
  });

  test("an id we do not know reads as itself", () => {
    expect(serviceLabel("meal-preparation")).toBe("Meal Preparation");
    expect(serviceLabel("gardening")).toBe("gardening");
    expect(serviceLabel("constructor")).toBe("constructor");
  });
});

describe("care skill labels", () => {
  test("every skill has a name, each different, and no name is left over", () => {
    expect(Object.keys(CARE_SKILL_LABELS).toSorted()).toEqual([...CARE_SKILLS].toSorted());
    const names = CARE_SKILLS.map(careSkillLabel);
    for (const name of names) expect(name.trim()).not.toBe("");
    expect(new Set(names).size).toBe(names.length);
    expect(careSkillLabel("dementia")).toBe("Dementia care");
    expect(careSkillLabel("juggling")).toBe("juggling");
  });
});

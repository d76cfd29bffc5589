import { describe, expect, test } from "vitest";
import { CAREGIVER_AREA_SEGMENTS } from "~/utils/chrome-rules";
import {
  applicationReceivedEmail,
  applicationRejectedEmail,
  preAdverseNoticeEmail,
} from "~/platform/email/templates/caregiver-emails";
import type { Translate } from "~/i18n/config";
import { flattenMessages } from "~/i18n/completeness";
import { getFixedT, labelsFor, validationText } from "~/i18n/i18n.server";
import { RESOURCES } from "~/i18n/resources.server";
import {
  AvailabilityStepSchema,
  ExperienceStepSchema,
  availabilityWindows,
  slotsCovered,
} from "~/features/caregivers/public";
import {
  backgroundFormValues,
  BackgroundStepSchema,
  bioWordsFrom,
  draftBio,
  missingSteps,
  nextStep,
  previousStep,
  slugBase,
  slugCandidate,
  stepAt,
  type DraftData,
} from "./application";

const reference = { name: "Dana Hill", relationship: "Former employer", contact: "dana@example.com" };

describe("steps", () => {
  test("run in the application's order and stay within it", () => {
    expect(nextStep("personal-info")).toBe("background");
    expect(nextStep("documents")).toBe("review");
    expect(nextStep("review")).toBe("review");
    expect(previousStep("personal-info")).toBe("personal-info");
    expect(stepAt(0)).toBe("personal-info");
    expect(stepAt(4)).toBe("experience");
    expect(stepAt(99)).toBe("review");
  });
});

const parseWithContact = (contact: string) =>
  BackgroundStepSchema.safeParse({
    backgroundCheckConsent: "on",
    informationConfirmation: "on",
    references: [reference, { ...reference, contact }],
  }).success;

/** The first message for each field, by its whole path. */
function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[issue.path.join(".")] ??= issue.message;
  return messages;
}

/** The background form as sent, with both references filled in. */
const backgroundForm = {
  backgroundCheckConsent: "on",
  informationConfirmation: "on",
  reference1Name: "Dana Hill",
  reference1Relationship: "Former employer",
  reference1Contact: "dana@example.com",
  reference2Name: "Sam Ortiz",
  reference2Relationship: "Client family",
  reference2Contact: "(555) 010-2233",
};

describe("background step", () => {
  test("needs the authorisation, the confirmation and complete references", () => {
    const form = backgroundForm;
    expect(BackgroundStepSchema.safeParse(backgroundFormValues(form)).success).toBe(true);

    const result = BackgroundStepSchema.safeParse(
      backgroundFormValues({ ...form, backgroundCheckConsent: undefined as never, reference2Contact: "call me" }),
    );
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(messages).toContainEqual(["backgroundCheckConsent", "validation:onboarding.backgroundConsentRequired"]);
    expect(messages).toContainEqual(["references.1.contact", "validation:onboarding.contactInvalid"]);
  });

  test("needs one reference; a second one left empty is not part of the answers, a begun one must be complete", () => {
    const form = { ...backgroundForm, reference2Name: "  ", reference2Relationship: "", reference2Contact: "" };
    const one = BackgroundStepSchema.safeParse(backgroundFormValues(form));
    expect(one.data?.references).toEqual([reference]);

    const begun = BackgroundStepSchema.safeParse(backgroundFormValues({ ...form, reference2Relationship: "Other" }));
    expect(firstMessages(begun.error!.issues)).toEqual({
      "references.1.name": "validation:onboarding.referenceNameRequired",
      "references.1.contact": "validation:onboarding.contactRequired",
    });

    const none = BackgroundStepSchema.safeParse(
      backgroundFormValues({ ...form, reference1Name: "", reference1Relationship: "", reference1Contact: "" }),
    );
    expect(firstMessages(none.error!.issues)).toEqual({
      "references.0.name": "validation:onboarding.referenceNameRequired",
      "references.0.relationship": "validation:onboarding.relationshipRequired",
      "references.0.contact": "validation:onboarding.contactRequired",
    });
    expect(
      BackgroundStepSchema.safeParse({ backgroundCheckConsent: "on", informationConfirmation: "on", references: [] })
        .success,
    ).toBe(false);
  });

  test("accepts a phone number or an email as a reference's contact", () => {
    expect(parseWithContact("555-010-2233")).toBe(true);
    expect(parseWithContact("someone@example.org")).toBe(true);
    expect(parseWithContact("12345")).toBe(false);
  });
});

describe("a first draft of the bio", () => {
  test("says only what the applicant answered, in the form's order", () => {
    expect(
      draftBio({ yearsExperience: 4, services: ["companionship", "personal-care"], skills: [], languages: ["en"] }),
    ).toBe("I have 4 years of caregiving experience and offer personal care and companionship. I speak English.");
    expect(
      draftBio({
        yearsExperience: 1,
        services: ["meal-preparation"],
        skills: ["medication-reminders", "dementia"],
        languages: ["es", "en", "tl"],
      }),
    ).toBe(
      "I have 1 year of caregiving experience and offer meal preparation. " +
        "I have experience with dementia care and medication reminders. I speak English, Spanish, and Tagalog.",
    );
    expect(draftBio({ yearsExperience: 0, services: [], skills: [], languages: ["fr"] })).toBe(
      "I am new to professional caregiving. I speak French.",
    );
    expect(draftBio({ services: ["transportation"], skills: [], languages: [] })).toBe(
      "I care for people in their own homes and offer transportation.",
    );
  });

  test("is a valid bio whenever there is something to draft it from, and nothing otherwise", () => {
    const draft = draftBio({ yearsExperience: 0, services: [], skills: [], languages: [] });
    expect(ExperienceStepSchema.shape.bio.safeParse(draft).success).toBe(true);
    expect(draftBio({ yearsExperience: Number.NaN, services: [], skills: ["dementia"], languages: [] })).toBeNull();
    expect(draftBio({ services: ["unknown"], skills: [], languages: [] })).toBeNull();
  });
});

const wordsIn = (locale: "en" | "es") =>
  bioWordsFrom(getFixedT(locale, "onboarding") as unknown as Translate, labelsFor(locale));

describe("a first draft of the bio in the reader's language", () => {
  const samples = [
    { yearsExperience: 4, services: ["companionship", "personal-care"], skills: [], languages: ["en"] },
    {
      yearsExperience: 1,
      services: ["meal-preparation"],
      skills: ["medication-reminders", "dementia"],
      languages: ["es", "en", "tl"],
    },
    { yearsExperience: 0, services: [], skills: [], languages: ["fr"] },
    { services: ["transportation"], skills: [], languages: [] },
  ];

  test("reads in English exactly as the English words write it", () => {
    for (const answers of samples) expect(draftBio(answers, wordsIn("en"))).toBe(draftBio(answers));
  });

  test("reads in Spanish, names in lower case inside the sentence", () => {
    expect(draftBio(samples[1]!, wordsIn("es"))).toBe(
      "Tengo 1 año de experiencia en el cuidado de personas y ofrezco preparación de comidas. " +
        "Tengo experiencia en cuidado de demencia y recordatorios de medicamentos. Hablo inglés, español y tagalo.",
    );
    expect(draftBio(samples[2]!, wordsIn("es"))).toBe(
      "Estoy empezando en el cuidado profesional de personas. Hablo francés.",
    );
  });
});

describe("the schemas' messages", () => {
  test("are keys of the onboarding validation messages, which forms show in the reader's language", () => {
    const known = new Set(
      [...flattenMessages(RESOURCES.en.validation).keys()]
        .filter((key) => key.startsWith("onboarding."))
        .map((key) => `validation:${key}`),
    );
    const issues = [
      ...BackgroundStepSchema.safeParse({ references: [{ name: "", relationship: "", contact: "" }] }).error!.issues,
      ...BackgroundStepSchema.safeParse({ references: [] }).error!.issues,
      ...BackgroundStepSchema.safeParse(
        backgroundFormValues({ ...backgroundForm, reference1Name: "x".repeat(101), reference1Contact: "call me" }),
      ).error!.issues,
      ...AvailabilityStepSchema.safeParse({ slots: [], travelRadiusMiles: "x" }).error!.issues,
      ...AvailabilityStepSchema.safeParse({ slots: ["9-night"], travelRadiusMiles: "1.5" }).error!.issues,
      ...AvailabilityStepSchema.safeParse({ slots: ["0-morning"], travelRadiusMiles: "0" }).error!.issues,
      ...ExperienceStepSchema.safeParse({
        yearsExperience: "-1",
        certifications: "x".repeat(101),
        bio: "short",
      }).error!.issues,
      ...ExperienceStepSchema.safeParse({ yearsExperience: "61", certifications: "", bio: "y".repeat(1001) }).error!
        .issues,
    ]
      .map((issue) => issue.message)
      // zod's own messages for a missing field ("Invalid input: ...") are not spec texts.
      .filter((message) => !message.startsWith("Invalid input"));
    expect(issues.length).toBeGreaterThan(15);
    expect(issues.filter((message) => !known.has(message))).toEqual([]);
    expect(validationText("en", "validation:onboarding.backgroundConsentRequired")).toBe(
      "Please authorise the background check to continue",
    );
    expect(validationText("es", "validation:onboarding.backgroundConsentRequired")).toBe(
      "Para continuar, autorice la verificación de antecedentes",
    );
  });
});

describe("the caregiver emails", () => {
  test("are written in the caregiver's language, English by default", () => {
    expect(applicationReceivedEmail({ firstName: "Maria" }).subject).toBe(
      "We received your Tendly caregiver application",
    );
    const spanish = applicationRejectedEmail({ firstName: "María", reason: "Referencias incompletas", locale: "es" });
    expect(spanish.subject).toBe("Su solicitud para ser cuidador en Tendly");
    expect(spanish.text).toContain("Gracias por postularse en Tendly, María.");
    expect(spanish.text).toContain("Motivo: Referencias incompletas");
    expect(spanish.html).toContain('<html lang="es">');
    expect(preAdverseNoticeEmail({ firstName: "Maria", waitDays: 5 }).text).toContain(
      "We will not make a final decision for at least 5 days. Reply to this email to respond.",
    );
  });
});

describe("availability step", () => {
  test("needs at least one slot and a radius of 1-100 miles", () => {
    expect(AvailabilityStepSchema.safeParse({ slots: "0-morning", travelRadiusMiles: "10" }).data).toEqual({
      slots: ["0-morning"],
      travelRadiusMiles: 10,
    });
    expect(AvailabilityStepSchema.safeParse({ slots: [], travelRadiusMiles: "10" }).error?.issues[0]?.message).toBe(
      "validation:onboarding.slotsRequired",
    );
    expect(AvailabilityStepSchema.safeParse({ slots: ["1-evening"], travelRadiusMiles: "0" }).success).toBe(false);
    expect(AvailabilityStepSchema.safeParse({ slots: ["1-evening"], travelRadiusMiles: "101" }).success).toBe(false);
    expect(AvailabilityStepSchema.safeParse({ slots: ["7-morning"], travelRadiusMiles: "5" }).success).toBe(false);
  });

  test("slots become windows with weekday 0 = Monday", () => {
    expect(availabilityWindows(["0-morning", "6-evening"])).toEqual([
      { weekday: 0, startMinute: 420, endMinute: 720 },
      { weekday: 6, startMinute: 1020, endMinute: 1320 },
    ]);
  });

  test("windows show as the slots they cover wholly, so the grid reads back what it saved", () => {
    expect(slotsCovered(availabilityWindows(["0-morning", "0-afternoon", "6-evening"]))).toEqual([
      "0-morning",
      "0-afternoon",
      "6-evening",
    ]);
    // 8:00-18:00 covers the afternoon only: the morning starts at 7.
    expect(slotsCovered([{ weekday: 2, startMinute: 480, endMinute: 1080 }])).toEqual(["2-afternoon"]);
    expect(slotsCovered([{ weekday: 4, startMinute: 360, endMinute: 1380 }])).toEqual([
      "4-morning",
      "4-afternoon",
      "4-evening",
    ]);
    expect(slotsCovered([])).toEqual([]);
  });
});

describe("experience step", () => {
  const valid = {
    yearsExperience: "4",
    services: ["personal-care", "companionship"],
    skills: ["dementia"],
    languages: ["en", "es"],
    certifications: "CNA\nCPR and First Aid, ",
    bio: "Four years caring for older adults at home.",
    bioLanguage: "en",
  };

  test("keeps services, skills and ISO 639-1 languages, and splits certifications", () => {
    const result = ExperienceStepSchema.parse(valid);
    expect(result.yearsExperience).toBe(4);
    expect(result.languages).toEqual(["en", "es"]);
    expect(result.certifications).toEqual(["CNA", "CPR and First Aid"]);
  });

  test("refuses unknown services, skills and languages, and a missing bio", () => {
    expect(ExperienceStepSchema.safeParse({ ...valid, services: ["gardening"] }).success).toBe(false);
    expect(ExperienceStepSchema.safeParse({ ...valid, skills: ["juggling"] }).success).toBe(false);
    expect(ExperienceStepSchema.safeParse({ ...valid, languages: ["english"] }).success).toBe(false);
    expect(ExperienceStepSchema.safeParse({ ...valid, languages: [] }).error?.issues[0]?.message).toBe(
      "validation:onboarding.languagesRequired",
    );
    expect(ExperienceStepSchema.safeParse({ ...valid, bio: "Hi" }).success).toBe(false);
  });

  test("keeps the language the bio is written in, English or Spanish, and asks for it", () => {
    expect(ExperienceStepSchema.parse({ ...valid, bioLanguage: "es" }).bioLanguage).toBe("es");
    for (const bioLanguage of [null, "", "fr", "EN"]) {
      expect(ExperienceStepSchema.safeParse({ ...valid, bioLanguage }).error?.issues[0]).toMatchObject({
        path: ["bioLanguage"],
        message: "validation:onboarding.bioLanguageRequired",
      });
    }
  });
});

describe("missing steps", () => {
  test("lists what is not done yet; documents need an ID and a photo", () => {
    expect(missingSteps({}, [])).toEqual(["background", "availability", "experience", "documents"]);
    const done: DraftData = {
      background: { backgroundCheckConsent: true, informationConfirmation: true, references: [reference, reference] },
      availability: { slots: ["0-morning"], travelRadiusMiles: 10 },
      experience: ExperienceStepSchema.parse({
        yearsExperience: "1",
        services: ["housekeeping"],
        languages: ["en"],
        certifications: "",
        bio: "I have cared for my grandmother for a year.",
        bioLanguage: "en",
      }),
      documents: { completedAt: "2026-11-23T10:00:00Z" },
    };
    expect(missingSteps(done, ["government_id"])).toEqual(["documents"]);
    expect(missingSteps(done, ["government_id", "profile_photo"])).toEqual([]);
  });
});

describe("slugs", () => {
  test("are the first name and last initial in lower-case ASCII", () => {
    expect(slugBase("María José", "García")).toBe("maria-jose-g");
    expect(slugBase("Li", "O'Neil")).toBe("li-o");
    expect(slugBase("  ", "")).toBe("caregiver");
  });

  test("get a number when taken and never equal a word of the caregiver area", () => {
    expect(slugCandidate("maria-g", 1)).toBe("maria-g");
    expect(slugCandidate("maria-g", 3)).toBe("maria-g-3");
    for (const word of CAREGIVER_AREA_SEGMENTS) {
      expect(slugCandidate(word, 1)).not.toBe(word);
      expect([...CAREGIVER_AREA_SEGMENTS]).not.toContain(slugCandidate(word, 1));
    }
    expect(slugBase("Schedule", "")).toBe("schedule");
    expect(slugCandidate(slugBase("Schedule", ""), 1)).toBe("schedule-caregiver");
  });
});

import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { CareRecipientPostSchema } from "./care-request.schema";
import {
  detailsOfRow,
  draftForRecipient,
  personColumnOf,
  recipientDetailsOf,
  withRecipient,
  withoutPerson,
} from "./recipients";

const answers = {
  careRecipient: "loved-one",
  fullName: "Jordan Reyes",
  age: 79,
  gender: "male",
  phoneNumber: "(312) 555-0199",
  streetAddress: "100 W Main St",
  zipCode: "60614",
  serviceTypes: ["companionship"],
  healthNeeds: ["diabetes"],
  preferredLanguage: "es",
  languageRequired: true,
  additionalDetails: "Likes chess.",
} as const;

describe("care recipients", () => {
  test("a request's person is its first two steps' answers: no schedule, code or terms", () => {
    const details = recipientDetailsOf({
      ...answers,
      careRecipientId: "8d3c0f6e-33c4-4c8e-a1f4-7f9a1b2c3d4e",
      scheduleType: "one-time",
      startDate: "2026-12-10",
      promoCode: "WELCOME",
      termsAccepted: true,
    });
    expect(details).toMatchObject({ ...answers, careType: "hourly", caregiverGender: "no-preference", culture: "" });
    for (const field of ["careRecipientId", "scheduleType", "startDate", "promoCode", "termsAccepted"]) {
      expect(details).not.toHaveProperty(field);
    }
    expect(recipientDetailsOf({ ...answers, zipCode: "6061a" })).toBeNull();
  });

  test("the stored row keeps name and address as columns, the rest as the person; read back whole", () => {
    const details = recipientDetailsOf(answers)!;
    const person = personColumnOf(details);
    expect(person).not.toHaveProperty("fullName");
    expect(person).not.toHaveProperty("streetAddress");
    expect(person).toMatchObject({ age: 79, healthNeeds: ["diabetes"] });
    const row = { fullName: "Jordan Reyes", streetAddress: "100 W Main St", zipCode: "60614", person };
    expect(detailsOfRow(row)).toEqual(details);
  });

  test("a stored answer that no longer parses is left out; the others stay", () => {
    const person = { ...personColumnOf(recipientDetailsOf(answers)!), healthNeeds: ["retired-skill"], age: 200 };
    const read = detailsOfRow({ fullName: "Jordan Reyes", streetAddress: "100 W Main St", zipCode: "60614", person });
    expect(read).not.toHaveProperty("healthNeeds");
    expect(read).not.toHaveProperty("age");
    expect(read).toMatchObject({ fullName: "Jordan Reyes", gender: "male", serviceTypes: ["companionship"] });
  });

  test("choosing a person replaces every answer about the person and keeps the schedule", () => {
    const draft = {
      fullName: "Someone Else",
      age: 40,
      healthNeeds: ["dementia" as const],
      culture: "latino",
      startDate: "2026-12-10",
    };
    const chosen = withRecipient(draft, { id: "r1", details: { fullName: "Jordan Reyes", zipCode: "60614" } });
    expect(chosen).toEqual({
      careRecipientId: "r1",
      fullName: "Jordan Reyes",
      zipCode: "60614",
      startDate: "2026-12-10",
    });
    expect(withoutPerson(chosen)).toEqual({ startDate: "2026-12-10" });
  });

  test("request again: a new draft with the person filled in, at step 1, nothing complete", () => {
    const now = new Date("2026-12-04T15:00:00Z");
    const draft = draftForRecipient({ id: "r1", details: recipientDetailsOf(answers)! }, now);
    expect(draft).toMatchObject({ currentStep: 1, completedSteps: [], updatedAt: now.toISOString() });
    expect(draft.data).toMatchObject({ ...answers, careRecipientId: "r1" });
    expect(draft.data).not.toHaveProperty("startDate");
  });
});

/** The care recipient's page post of `fields`, parsed as the action parses it. */
function post(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseWithZod(form, { schema: CareRecipientPostSchema, disableAutoCoercion: true });
}

describe("the care recipient's page post", () => {
  test("the answers posted as JSON are the parsed form's; remove needs nothing else", () => {
    const saved = post({ intent: "save", recipient: JSON.stringify(answers) });
    expect(saved.status === "success" && saved.value).toEqual({ intent: "save", recipient: answers });
    expect(post({ intent: "remove" }).status).toBe("success");
  });

  test("each answer's issue lands on its field; JSON that is no answers lands on the form", () => {
    const refused = post({ intent: "save", recipient: JSON.stringify({ ...answers, age: "", zipCode: "6061a" }) });
    expect(refused.status === "error" && Object.keys(refused.error ?? {})).toEqual(["age", "zipCode"]);
    const notAnswers = post({ intent: "save", recipient: "not json" });
    expect(notAnswers.status === "error" && notAnswers.error).toHaveProperty([""]);
  });
});

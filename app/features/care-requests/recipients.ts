import {
  CareRecipientSchema,
  ClientInfoSchema,
  HealthNeedsSchema,
  type CareRecipientDetails,
  type CareRequestDraft,
} from "./care-request.schema";
import { emptyDraft, updateDraftData } from "./wizard";

// A family's saved care recipients (docs/product-rules.md, "Care recipients"): what the wizard asks about the
// person (its first two steps) is kept per person, and a new request for them starts with it. Pure, so the wizard
// in the browser and the server share it.

/** A saved person as the family's own pages and the wizard receive them. */
export type SavedRecipient = {
  id: string;
  fullName: string;
  streetAddress: string;
  zipCode: string;
  details: Partial<CareRecipientDetails>;
  lastRequestedAt: string | null;
};

/** Every answer of the wizard that is about the person: client information and health needs. */
export const PERSON_FIELDS = [
  ...Object.keys(ClientInfoSchema.shape).filter((field) => field !== "careRecipientId"),
  ...Object.keys(HealthNeedsSchema.shape),
] as (keyof CareRecipientDetails)[];

/** What is kept about the person from a request (or an edit): its person fields, parsed, nothing else. */
export function recipientDetailsOf(answers: unknown): CareRecipientDetails | null {
  const parsed = CareRecipientSchema.safeParse(answers);
  return parsed.success ? parsed.data : null;
}

/** The row's `person` column: the details less the name and address, which are columns of their own. */
export function personColumnOf(details: CareRecipientDetails): Record<string, unknown> {
  const { fullName: _name, streetAddress: _street, zipCode: _zip, ...person } = details;
  return person;
}

/**
 * The details of a stored row; a row whose `person` no longer parses (a rule changed since) keeps what still
 * does, the rest left for the family to answer again.
 */
export function detailsOfRow(row: {
  fullName: string;
  streetAddress: string;
  zipCode: string;
  person: Record<string, unknown>;
}): Partial<CareRecipientDetails> {
  const answers: Record<string, unknown> = {
    ...row.person,
    fullName: row.fullName,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
  };
  const whole = CareRecipientSchema.safeParse(answers);
  if (whole.success) return whole.data;
  const bad = new Set(whole.error.issues.map((issue) => String(issue.path[0])));
  return Object.fromEntries(
    PERSON_FIELDS.filter((field) => !bad.has(field) && answers[field] !== undefined).map((field) => [
      field,
      answers[field],
    ]),
  ) as Partial<CareRecipientDetails>;
}

/** The draft's answers with every person field replaced by `recipient`'s (absent ones emptied). */
export function withRecipient(
  data: CareRequestDraft["data"],
  recipient: Pick<SavedRecipient, "id"> & { details: Partial<CareRecipientDetails> },
): CareRequestDraft["data"] {
  return { ...withoutPerson(data), ...recipient.details, careRecipientId: recipient.id };
}

/** The draft's answers with nothing about the person ("Someone new"). */
export function withoutPerson(data: CareRequestDraft["data"]): CareRequestDraft["data"] {
  const rest: Record<string, unknown> = { ...data };
  for (const field of [...PERSON_FIELDS, "careRecipientId"]) delete rest[field];
  return rest as CareRequestDraft["data"];
}

/**
 * A new draft for a saved person ("Request … again"): everything about them filled in, the dates and times left
 * to choose, no step complete yet, so the family sees each answer before sending.
 */
export function draftForRecipient(
  recipient: Pick<SavedRecipient, "id"> & { details: Partial<CareRecipientDetails> },
  now: Date = new Date(),
): CareRequestDraft {
  return updateDraftData(emptyDraft(now), withRecipient({}, recipient), now);
}

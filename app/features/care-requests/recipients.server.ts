import { and, asc, eq, sql } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db, type Tx } from "~/platform/db/client.server";
import { pgErrorCode } from "~/platform/db/pg-errors";
import { careRecipients } from "~/platform/db/schema";
import { validationRef } from "~/i18n/message-text";
import { AppError } from "~/utils/app-error";
import { CareRecipientSchema, type CareRecipientDetails } from "./care-request.schema";
import { detailsOfRow, personColumnOf, recipientDetailsOf, type SavedRecipient } from "./recipients";

// A family's saved care recipients (docs/product-rules.md, "Care recipients"). Every read and write is scoped to
// the acting family: another family's person is "not found", never shown. Health needs are health information;
// nothing here is read by anyone but the family (the caregiver and admins read the request itself, as before).

type Actor = Pick<CurrentUser, "id" | "roles">;

const NOT_FOUND = "request:recipients.refusals.notFound";
const NAME_TAKEN = "request:recipients.refusals.nameTaken";
const CHECK_AND_RETRY = "request:refusals.checkAndRetry";

function savedOf(row: typeof careRecipients.$inferSelect): SavedRecipient {
  return {
    id: row.id,
    fullName: row.fullName,
    streetAddress: row.streetAddress,
    zipCode: row.zipCode,
    details: detailsOfRow(row),
    lastRequestedAt: row.lastRequestedAt?.toISOString() ?? null,
  };
}

/** The family's saved people, the one asked for most recently first. */
export async function listCareRecipients({ actor }: { actor: Actor }): Promise<SavedRecipient[]> {
  const client = actorAs(actor, "client");
  const rows = await db
    .select()
    .from(careRecipients)
    .where(eq(careRecipients.clientId, client.id))
    .orderBy(sql`${careRecipients.lastRequestedAt} desc nulls last`, asc(careRecipients.nameKey));
  return rows.map(savedOf);
}

/** One of the family's saved people; another family's, or a removed one, is not found. */
export async function getCareRecipient({
  actor,
  recipientId,
}: {
  actor: Actor;
  recipientId: string;
}): Promise<SavedRecipient> {
  const client = actorAs(actor, "client");
  const [row] = await db
    .select()
    .from(careRecipients)
    .where(and(eq(careRecipients.id, sql`${recipientId}::uuid`), eq(careRecipients.clientId, client.id)))
    .limit(1)
    .catch((error: unknown) => {
      // Not a uuid at all: the same answer as an unknown one.
      if (pgErrorCode(error) === "22P02") return [];
      throw error;
    });
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return savedOf(row);
}

function columnsOf(details: CareRecipientDetails) {
  return {
    fullName: details.fullName,
    streetAddress: details.streetAddress,
    zipCode: details.zipCode,
    person: personColumnOf(details),
  };
}

/**
 * Keeps the person a request is for, inside the request's transaction, before the request is stored; returns the
 * saved person's id, which the request keeps. The person
 * chosen in the wizard is updated with the request's answers; else the family's saved person of the same name
 * (case and spacing ignored); else a new one. A chosen person renamed to another saved person's name updates that
 * other person (one person, one entry).
 */
export async function saveRecipientOfRequest(
  tx: Tx,
  {
    clientId,
    request,
    now,
  }: { clientId: string; request: CareRecipientDetails & { careRecipientId?: string }; now: Date },
): Promise<string | null> {
  const details = recipientDetailsOf(request);
  if (!details) return null;
  const values = { ...columnsOf(details), lastRequestedAt: now, updatedAt: now };
  let id: string | undefined;
  if (request.careRecipientId) {
    try {
      // A savepoint: a name that clashes with another saved person leaves the transaction usable.
      [{ id } = { id: undefined }] = await tx.transaction((savepoint) =>
        savepoint
          .update(careRecipients)
          .set(values)
          .where(and(eq(careRecipients.id, request.careRecipientId!), eq(careRecipients.clientId, clientId)))
          .returning({ id: careRecipients.id }),
      );
    } catch (error) {
      if (pgErrorCode(error) !== "23505") throw error;
    }
  }
  if (!id) {
    [{ id } = { id: undefined }] = await tx
      .insert(careRecipients)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: [careRecipients.clientId, careRecipients.nameKey], set: values })
      .returning({ id: careRecipients.id });
  }
  return id ?? null;
}

/** The family changes what is kept about a person (the same rules as the wizard's first two steps). */
export async function updateCareRecipient({
  actor,
  recipientId,
  details,
}: {
  actor: Actor;
  recipientId: string;
  details: unknown;
}): Promise<SavedRecipient> {
  const saved = await getCareRecipient({ actor, recipientId });
  const parsed = CareRecipientSchema.safeParse(details);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("invalid", validationRef(issue?.message) ?? CHECK_AND_RETRY, {
      field: String(issue?.path[0] ?? ""),
    });
  }
  try {
    const [row] = await db
      .update(careRecipients)
      .set({ ...columnsOf(parsed.data), updatedAt: new Date() })
      .where(and(eq(careRecipients.id, saved.id), eq(careRecipients.clientId, actor.id)))
      .returning();
    if (!row) throw new AppError("not_found", NOT_FOUND);
    return savedOf(row);
  } catch (error) {
    if (pgErrorCode(error) === "23505") throw new AppError("conflict", NAME_TAKEN, { field: "fullName" });
    throw error;
  }
}

/** The family removes a saved person; past requests keep their own copy of the answers. */
export async function removeCareRecipient({
  actor,
  recipientId,
}: {
  actor: Actor;
  recipientId: string;
}): Promise<{ fullName: string }> {
  const saved = await getCareRecipient({ actor, recipientId });
  const [row] = await db
    .delete(careRecipients)
    .where(and(eq(careRecipients.id, saved.id), eq(careRecipients.clientId, actor.id)))
    .returning({ fullName: careRecipients.fullName });
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return row;
}

import { and, eq, inArray, isNull } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { careRequests, orders, visitNotePhotos, visitNoteRevisions, visitNotes, visits } from "~/platform/db/schema";
import { visitNoteEmail } from "~/platform/email/templates/visit-note-emails";
import { emailFamily, orderUrl } from "~/features/orders/public.server";
import type { OrderReader } from "~/features/orders/public.server";
import { getCareSettings } from "~/features/visits/public.server";
import { lockVisit } from "~/features/visits/public.server";
import { isUuid } from "~/features/visits/public";
import { carePlanTasksOfOrder } from "~/features/care-documents/public.server";
import { validationRef } from "~/i18n/message-text";
import { AppError } from "~/utils/app-error";
import { formatVisitShort } from "~/utils/datetime";
import { discardPhotos, preparePhoto, storePhotos, type PreparedPhoto } from "./photos.server";
import {
  canCorrect,
  noteRefusal,
  PHOTOS_PER_NOTE,
  readCarePlanTasks,
  readTasks,
  sameContent,
  tickCarePlanTasks,
  type NoteContent,
} from "./visit-note-rules";
import { VisitNoteSchema, visitNoteFieldErrors, type VisitNoteFormValues } from "./visit-note.schema";

// A caregiver's visit note (docs/product-rules.md, "Visit notes and the care timeline"): written by
// the visit's caregiver once they have checked out; corrected by them for
// care_settings.note_correction_hours after it was first saved, each
// correction keeping the note as it was in visit_note_revisions; read-only
// after that. The family is emailed when the note is first saved.

export type SaveVisitNoteResult = { noteId: string; isCorrection: boolean };

/**
 * Saves (or corrects) the note of `visitId`. `note` is the form's values
 * (VisitNoteSchema's input, parsed again here); `photos` are new uploads;
 * `removePhotoIds` are photos of the note the correction takes away; `carePlanDone` the shared care plans'
 * tasks ticked as done (carePlanTaskKey).
 */
export async function saveVisitNote({
  actor,
  visitId,
  note,
  photos = [],
  removePhotoIds = [],
  carePlanDone = [],
  now = new Date(),
}: {
  actor: OrderReader;
  visitId: string;
  note: VisitNoteFormValues;
  photos?: File[];
  removePhotoIds?: string[];
  carePlanDone?: string[];
  now?: Date;
}): Promise<SaveVisitNoteResult> {
  const caregiver = actorAs(actor, "caregiver");
  const parsed = VisitNoteSchema.safeParse(note);
  if (!parsed.success) {
    const services = note.tasks.map((task) => task.task);
    const [field, message] = Object.entries(visitNoteFieldErrors(parsed.error.issues, services))[0] ?? [];
    throw new AppError("invalid", validationRef(message) ?? "notes:errors.taskStatusRequired", { field });
  }
  const written: NoteContent = parsed.data;
  if (photos.length > PHOTOS_PER_NOTE) throw new AppError("too_large", { key: "notes:errors.tooManyPhotos" });
  // Who may write is checked before any photo is decoded, and again under the visit's lock below.
  if (!isUuid(visitId)) throw new AppError("not_found", { key: "notes:errors.notFound" });
  const [current] = await db.select().from(visits).where(eq(visits.id, visitId));
  if (!current || noteRefusal(current, caregiver.id) === "not-found") {
    throw new AppError("not_found", { key: "notes:errors.notFound" });
  }
  // Checked and re-encoded before anything is written: a refused photo stores nothing.
  const prepared: PreparedPhoto[] = [];
  for (const photo of photos) prepared.push(await preparePhoto(photo));
  const settings = await getCareSettings();
  const stored = await storePhotos(current.id, prepared);
  try {
    return await db.transaction(async (tx) => {
      const visit = await lockVisit(tx, visitId);
      const refusal = noteRefusal(visit, caregiver.id);
      if (refusal === "not-found") throw new AppError("not_found", { key: "notes:errors.notFound" });
      if (refusal) throw new AppError("conflict", { key: "notes:errors.notCheckedOut" });
      const [order] = await tx
        .select({
          services: careRequests.services,
          clientId: orders.clientId,
          orderNumber: orders.orderNumber,
          orderId: orders.id,
          timeZone: careRequests.timeZone,
        })
        .from(orders)
        .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
        .where(eq(orders.id, visit.orderId));
      if (!order) throw new AppError("not_found", { key: "notes:errors.notFound" });
      // One task per service of the order, in its order: nothing more, nothing missing.
      const services = order.services as string[];
      const tasks = written.tasks.map((task) => task.task);
      if (tasks.length !== services.length || services.some((service, index) => tasks[index] !== service)) {
        throw new AppError("invalid", { key: "notes:errors.taskStatusRequired" });
      }
      // The care plans' tasks as shared now, each done or not.
      const content: NoteContent = {
        ...written,
        carePlanTasks: tickCarePlanTasks(await carePlanTasksOfOrder(tx, order.orderId), carePlanDone),
      };

      const [existing] = await tx.select().from(visitNotes).where(eq(visitNotes.visitId, visit.id)).for("update");
      if (!existing) {
        if (stored.length > PHOTOS_PER_NOTE) throw new AppError("too_large", { key: "notes:errors.tooManyPhotos" });
        const [created] = await tx
          .insert(visitNotes)
          .values({ visitId: visit.id, caregiverId: caregiver.id, ...content, createdAt: now, updatedAt: now })
          .returning({ id: visitNotes.id });
        const noteId = created!.id;
        if (stored.length > 0) await tx.insert(visitNotePhotos).values(stored.map((photo) => ({ noteId, ...photo })));
        // Everyone who may read the note: the holder, manage and follow members (docs/product-rules.md, "Family circle").
        const orderPage = orderUrl(`/dashboard/appointments/order/${order.orderId}`);
        await emailFamily(
          tx,
          order.orderId,
          ({ firstName, locale, url }) =>
            visitNoteEmail({
              firstName,
              orderNumber: order.orderNumber,
              visit: formatVisitShort(visit.startsAt, order.timeZone, { locale }),
              url: url ?? orderPage,
              locale,
            }),
          { type: "schedule", who: "readers" },
        );
        return { noteId, isCorrection: false };
      }

      if (!canCorrect(existing.createdAt, now, settings)) {
        throw new AppError("conflict", { key: "notes:errors.correctionClosed" });
      }
      const activePhotos = await tx
        .select({ id: visitNotePhotos.id })
        .from(visitNotePhotos)
        .where(and(eq(visitNotePhotos.noteId, existing.id), isNull(visitNotePhotos.removedAt)));
      const removing = activePhotos.filter((photo) => removePhotoIds.includes(photo.id)).map((photo) => photo.id);
      if (activePhotos.length - removing.length + stored.length > PHOTOS_PER_NOTE) {
        throw new AppError("too_large", { key: "notes:errors.tooManyPhotos" });
      }
      const previous: NoteContent = {
        tasks: readTasks(existing.tasks),
        meals: existing.meals,
        mood: (existing.mood as NoteContent["mood"]) ?? null,
        observations: existing.observations,
        carePlanTasks: readCarePlanTasks(existing.carePlanTasks),
      };
      // Saving the same note again changes nothing and keeps no revision.
      if (sameContent(previous, content) && removing.length === 0 && stored.length === 0) {
        return { noteId: existing.id, isCorrection: false };
      }
      await tx.insert(visitNoteRevisions).values({
        noteId: existing.id,
        previous: { ...previous, photoIds: activePhotos.map((photo) => photo.id), savedAt: existing.updatedAt },
        revisedBy: caregiver.id,
        revisedAt: now,
      });
      await tx
        .update(visitNotes)
        .set({ ...content, updatedAt: now })
        .where(eq(visitNotes.id, existing.id));
      if (removing.length > 0) {
        // The files stay: the revision still shows them to administrators.
        await tx.update(visitNotePhotos).set({ removedAt: now }).where(inArray(visitNotePhotos.id, removing));
      }
      if (stored.length > 0) {
        await tx.insert(visitNotePhotos).values(stored.map((photo) => ({ noteId: existing.id, ...photo })));
      }
      return { noteId: existing.id, isCorrection: true };
    });
  } catch (error) {
    await discardPhotos(stored.map((photo) => photo.storageKey));
    throw error;
  }
}

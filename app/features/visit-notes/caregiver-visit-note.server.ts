import { and, asc, eq, isNull } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import { db } from "~/platform/db/client.server";
import { careRequests, orders, visitNotePhotos, visitNotes, visits } from "~/platform/db/schema";
import type { OrderReader } from "~/features/orders/public.server";
import { getCareSettings } from "~/features/visits/public.server";
import { isUuid } from "~/features/visits/public";
import { carePlanTasksOfOrder } from "~/features/care-documents/public.server";
import { AppError } from "~/utils/app-error";
import { visitPhotoUrl } from "./photos.server";
import {
  canCorrect,
  correctionClosesAt,
  isMood,
  noteRefusal,
  PHOTOS_PER_NOTE,
  carePlanTaskKey,
  readCarePlanTasks,
  readTasks,
  type NoteContent,
} from "./visit-note-rules";

// The caregiver's note page (routes/caregiver/visit-note.tsx): their own visit
// only (anyone else's is "not found"), what the note says so far and whether
// it can still be written or corrected.

export type NoteFormState = "not-checked-out" | "new" | "correctable" | "locked";

export type VisitNoteForm = {
  visit: {
    id: string;
    orderNumber: string;
    startsAt: Date;
    endsAt: Date;
    checkedInAt: Date | null;
    checkedOutAt: Date | null;
    timeZone: string;
  };
  /** The order's services: one task each. */
  services: string[];
  /** The care plans with tasks the family shares with the order: a checkbox each, ticked as the note says. */
  carePlans: { documentId: string; title: string; tasks: { key: string; task: string; done: boolean }[] }[];
  state: NoteFormState;
  note:
    | (NoteContent & { createdAt: Date; updatedAt: Date; isEdited: boolean; photos: { id: string; url: string }[] })
    | null;
  /** Until when the note can be corrected (null before it is written). */
  correctableUntil: Date | null;
  photosPerNote: number;
};

export async function getVisitNoteForm({
  actor,
  visitId,
  now = new Date(),
}: {
  actor: OrderReader;
  visitId: string;
  now?: Date;
}): Promise<VisitNoteForm> {
  const caregiver = actorAs(actor, "caregiver");
  if (!isUuid(visitId)) throw new AppError("not_found", { key: "notes:errors.notFound" });
  const [row] = await db
    .select({
      visit: visits,
      orderNumber: orders.orderNumber,
      services: careRequests.services,
      timeZone: careRequests.timeZone,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(visits.id, visitId));
  if (!row || noteRefusal(row.visit, caregiver.id) === "not-found") {
    throw new AppError("not_found", { key: "notes:errors.notFound" });
  }
  const { visit } = row;
  const [note] = await db.select().from(visitNotes).where(eq(visitNotes.visitId, visit.id));
  const photos = note
    ? await db
        .select({ id: visitNotePhotos.id })
        .from(visitNotePhotos)
        .where(and(eq(visitNotePhotos.noteId, note.id), isNull(visitNotePhotos.removedAt)))
        .orderBy(asc(visitNotePhotos.createdAt), asc(visitNotePhotos.id))
    : [];
  const settings = await getCareSettings();
  const ticked = readCarePlanTasks(note?.carePlanTasks);
  const carePlans = (await carePlanTasksOfOrder(db, visit.orderId)).map((plan) => ({
    documentId: plan.documentId,
    title: plan.title,
    tasks: plan.tasks.map((task, index) => ({
      key: carePlanTaskKey(plan.documentId, index),
      task,
      done: ticked.some((entry) => entry.documentId === plan.documentId && entry.task === task && entry.done),
    })),
  }));
  const state: NoteFormState = noteRefusal(visit, caregiver.id)
    ? "not-checked-out"
    : !note
      ? "new"
      : canCorrect(note.createdAt, now, settings)
        ? "correctable"
        : "locked";
  return {
    visit: {
      id: visit.id,
      orderNumber: row.orderNumber,
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      checkedInAt: visit.checkedInAt,
      checkedOutAt: visit.checkedOutAt,
      timeZone: row.timeZone,
    },
    services: row.services as string[],
    carePlans,
    state,
    note: note
      ? {
          tasks: readTasks(note.tasks),
          meals: note.meals,
          mood: isMood(note.mood) ? note.mood : null,
          observations: note.observations,
          carePlanTasks: ticked,
          createdAt: note.createdAt,
          updatedAt: note.updatedAt,
          isEdited: note.updatedAt.getTime() > note.createdAt.getTime(),
          photos: photos.map((photo) => ({ id: photo.id, url: visitPhotoUrl(photo.id) })),
        }
      : null,
    correctableUntil: note ? correctionClosesAt(note.createdAt, settings) : null,
    photosPerNote: PHOTOS_PER_NOTE,
  };
}

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import {
  careRequests,
  familyMembers,
  orders,
  visitEvents,
  visitNotePhotos,
  visitNoteRevisions,
  visitNotes,
  visits,
} from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { openVisitPhoto } from "~/features/visit-notes/photos.server";
import { saveVisitNote } from "~/features/visit-notes/save-visit-note.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { getVisitNoteForm } from "~/features/visit-notes/caregiver-visit-note.server";
import { samplePdf, sampleJpeg } from "../fixtures/documents";
import { useAuthTestSetup } from "./auth-env";
import { caregiverNear, clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });
const HOUR = 3600_000;

type Booked = {
  orderId: string;
  orderNumber: string;
  visitId: string;
  client: Awaited<ReturnType<typeof clientActor>>;
};

/** A family's one-time order accepted by `caregiverId`: its one visit, still scheduled. */
async function bookVisit(caregiverId: string, weeksAhead: number): Promise<Booked> {
  const client = await clientActor(setup.db);
  const { orderId, orderNumber } = await submitCareRequest({
    actor: client,
    request: oneTimeRequest(upcomingMonday(weeksAhead), "09:00", "12:00", {
      serviceTypes: ["personal-care", "companionship"],
    }),
  });
  await chooseCaregiver({ actor: client, orderId, caregiverId });
  await respondToOffer({ actor: asCaregiver(caregiverId), orderId, accept: true });
  const [visit] = await setup.db.select().from(visits).where(eq(visits.orderId, orderId));
  return { orderId, orderNumber, visitId: visit!.id, client };
}

/** The visit checked in (by location) and out (by the family's code), as the check-in feature would leave it. */
async function completeVisit(visitId: string, caregiverId: string, checkedOutAt = new Date()) {
  const checkedInAt = new Date(checkedOutAt.getTime() - 3 * HOUR);
  await setup.db.update(visits).set({ status: "completed", checkedInAt, checkedOutAt }).where(eq(visits.id, visitId));
  await setup.db.insert(visitEvents).values([
    {
      visitId,
      kind: "check_in",
      actorId: caregiverId,
      actorRole: "caregiver",
      occurredAt: checkedInAt,
      method: "location",
      latitude: 41.9249,
      longitude: -87.6469,
      distanceMeters: 12,
    },
    {
      visitId,
      kind: "check_out",
      actorId: caregiverId,
      actorRole: "caregiver",
      occurredAt: checkedOutAt,
      method: "code",
    },
  ]);
}

const services = ["personal-care", "companionship"];
function noteValues(
  overrides: Partial<Record<"care" | "company" | "reason" | "meals" | "mood" | "observations", string>> = {},
) {
  return {
    tasks: [
      { task: services[0]!, status: overrides.care ?? "refused", reason: overrides.reason ?? "Wanted to rest today" },
      { task: services[1]!, status: overrides.company ?? "done", reason: "" },
    ],
    meals: overrides.meals ?? "Lentil soup and tea",
    mood: overrides.mood === undefined ? "calm" : overrides.mood || null,
    observations: overrides.observations ?? "Slept after lunch.",
  };
}

const jpegFile = async (name = "photo.jpg") =>
  new File([new Uint8Array(await sampleJpeg())], name, { type: "image/jpeg" });

describe("visit notes and the family's timeline", () => {
  let caregiverId: string;
  let otherCaregiverId: string;
  let admin: { id: string; roles: "admin"[] };
  let booked: Booked;
  beforeAll(async () => {
    caregiverId = (await caregiverNear(setup.db, { firstName: "Ana", lastName: "Lopez" })).id;
    otherCaregiverId = (await caregiverNear(setup.db, { firstName: "Sam", lastName: "Park" })).id;
    admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
    booked = await bookVisit(caregiverId, 1);
  });

  test("only the visit's caregiver, after check-out, can write the note", async () => {
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: noteValues() }),
    ).rejects.toThrow("notes:errors.notCheckedOut");
    expect((await getVisitNoteForm({ actor: asCaregiver(caregiverId), visitId: booked.visitId })).state).toBe(
      "not-checked-out",
    );
    await completeVisit(booked.visitId, caregiverId);
    await expect(
      saveVisitNote({ actor: asCaregiver(otherCaregiverId), visitId: booked.visitId, note: noteValues() }),
    ).rejects.toThrow("notes:errors.notFound");
    await expect(getVisitNoteForm({ actor: asCaregiver(otherCaregiverId), visitId: booked.visitId })).rejects.toThrow(
      "notes:errors.notFound",
    );
    await expect(saveVisitNote({ actor: booked.client, visitId: booked.visitId, note: noteValues() })).rejects.toThrow(
      "common:access.denied",
    );
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: "not-a-visit", note: noteValues() }),
    ).rejects.toThrow("notes:errors.notFound");
    expect(await setup.db.select().from(visitNotes)).toHaveLength(0);
  });

  test("a refused task needs a reason; every service of the order needs a choice", async () => {
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: noteValues({ reason: " " }) }),
    ).rejects.toMatchObject({
      code: "invalid",
      message: "notes:errors.refusedReasonRequired",
      field: "reason-personal-care",
    });
    const missing = { ...noteValues(), tasks: noteValues().tasks.slice(0, 1) };
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: missing }),
    ).rejects.toThrow("notes:errors.taskStatusRequired");
    expect(await setup.db.select().from(visitNotes)).toHaveLength(0);
  });

  test("photos: only readable JPEG, PNG or WebP up to 10 MB, at most 6; a refused one stores nothing", async () => {
    const pdf = new File([new Uint8Array(samplePdf())], "photo.jpg", { type: "image/jpeg" });
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: noteValues(), photos: [pdf] }),
    ).rejects.toMatchObject({ code: "invalid", message: "notes:errors.photoWrongType" });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: noteValues(), photos: [huge] }),
    ).rejects.toMatchObject({ code: "too_large", message: "notes:errors.photoTooLarge" });
    const seven = await Promise.all(Array.from({ length: 7 }, () => jpegFile()));
    await expect(
      saveVisitNote({ actor: asCaregiver(caregiverId), visitId: booked.visitId, note: noteValues(), photos: seven }),
    ).rejects.toMatchObject({ code: "too_large", message: "notes:errors.tooManyPhotos" });
    expect(await setup.db.select().from(visitNotes)).toHaveLength(0);
    expect(await setup.db.select().from(visitNotePhotos)).toHaveLength(0);
  });

  test("the note is saved with its photo, the family is emailed, and the timeline shows it", async () => {
    // The circle: a follow member reads notes and is emailed; an alerts-only member is not.
    const [order] = await setup.db
      .select({ recipientId: careRequests.careRecipientId })
      .from(orders)
      .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
      .where(eq(orders.id, booked.orderId));
    const [son, cousin] = await Promise.all([clientActor(setup.db), clientActor(setup.db)]);
    await setup.db.insert(familyMembers).values([
      { careRecipientId: order!.recipientId!, userId: son.id, role: "follow", addedBy: booked.client.id },
      { careRecipientId: order!.recipientId!, userId: cousin.id, role: "alerts", addedBy: booked.client.id },
    ]);
    const saved = await saveVisitNote({
      actor: asCaregiver(caregiverId),
      visitId: booked.visitId,
      note: noteValues(),
      photos: [await jpegFile()],
    });
    expect(saved.isCorrection).toBe(false);
    const [note] = await setup.db.select().from(visitNotes).where(eq(visitNotes.id, saved.noteId));
    expect(note).toMatchObject({
      caregiverId,
      tasks: [
        { task: "personal-care", status: "refused", reason: "Wanted to rest today" },
        { task: "companionship", status: "done" },
      ],
      meals: "Lentil soup and tea",
      mood: "calm",
    });
    const [photo] = await setup.db.select().from(visitNotePhotos).where(eq(visitNotePhotos.noteId, saved.noteId));
    expect(photo).toMatchObject({ contentType: "image/jpeg" });
    const mails = await deliveredOutbox();
    const noteMails = mails.filter(
      (mail) => mail.subject.startsWith("A note from the visit of") && mail.subject.includes(booked.orderNumber),
    );
    expect(noteMails.map((mail) => mail.to).toSorted()).toEqual([booked.client.email, son.email].toSorted());

    const timeline = await getOrderTimeline({ actor: booked.client, orderId: booked.orderId });
    expect(timeline.visits).toHaveLength(1);
    const [entry] = timeline.visits;
    expect(entry!.caregiverName).toBe("Ana L.");
    expect(entry!.events.map((event) => [event.kind, event.method])).toEqual([
      ["check_out", "code"],
      ["check_in", "location"],
    ]);
    expect(entry!.note).toMatchObject({ isEdited: false, mood: "calm", photos: [{ id: photo!.id }] });
    // Families never get coordinates, nor earlier versions.
    expect(JSON.stringify(timeline)).not.toMatch(/41\.92|87\.64|latitude|distance/);
    expect(entry!.note!.revisions).toEqual([]);
  });

  test("the photo is served to the caregiver, the family and admins only", async () => {
    const [photo] = await setup.db.select().from(visitNotePhotos);
    const photoId = photo!.id;
    for (const viewer of [asCaregiver(caregiverId), booked.client, admin]) {
      const opened = await openVisitPhoto({ photoId, viewer });
      expect(opened?.contentType).toBe("image/jpeg");
      expect((await sharp(opened!.bytes).metadata()).format).toBe("jpeg");
    }
    const stranger = await clientActor(setup.db);
    expect(await openVisitPhoto({ photoId, viewer: stranger })).toBeNull();
    expect(await openVisitPhoto({ photoId, viewer: asCaregiver(otherCaregiverId) })).toBeNull();
    expect(await openVisitPhoto({ photoId, viewer: null })).toBeNull();
    expect(await openVisitPhoto({ photoId: "../../etc/passwd", viewer: admin })).toBeNull();
  });

  test("a correction within the window keeps the previous version; after the window the note is read-only", async () => {
    const [note] = await setup.db.select().from(visitNotes).where(eq(visitNotes.visitId, booked.visitId));
    const [photo] = await setup.db.select().from(visitNotePhotos).where(eq(visitNotePhotos.noteId, note!.id));
    const in2Hours = new Date(note!.createdAt.getTime() + 2 * HOUR);
    const corrected = await saveVisitNote({
      actor: asCaregiver(caregiverId),
      visitId: booked.visitId,
      note: noteValues({ care: "done", mood: "cheerful", observations: "Slept after lunch. Asked about her sister." }),
      removePhotoIds: [photo!.id],
      now: in2Hours,
    });
    expect(corrected).toEqual({ noteId: note!.id, isCorrection: true });
    const revisions = await setup.db.select().from(visitNoteRevisions).where(eq(visitNoteRevisions.noteId, note!.id));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]!.previous).toMatchObject({ mood: "calm", photoIds: [photo!.id] });
    expect(revisions[0]!.revisedBy).toBe(caregiverId);

    const family = await getOrderTimeline({ actor: booked.client, orderId: booked.orderId });
    expect(family.visits[0]!.note).toMatchObject({ isEdited: true, mood: "cheerful", photos: [] });
    expect(family.visits[0]!.note!.updatedAt.getTime()).toBe(in2Hours.getTime());
    // The removed photo stays for admins, with the earlier version.
    expect(await openVisitPhoto({ photoId: photo!.id, viewer: booked.client })).toBeNull();
    expect(await openVisitPhoto({ photoId: photo!.id, viewer: admin })).not.toBeNull();
    const forAdmin = await getOrderTimeline({ actor: admin, orderId: booked.orderId, as: "admin" });
    expect(forAdmin.visits[0]!.note!.revisions).toMatchObject([
      { revisedAt: in2Hours, previous: { mood: "calm", photos: [{ id: photo!.id }] } },
    ]);

    // No change: no revision.
    await saveVisitNote({
      actor: asCaregiver(caregiverId),
      visitId: booked.visitId,
      note: noteValues({ care: "done", mood: "cheerful", observations: "Slept after lunch. Asked about her sister." }),
      now: in2Hours,
    });
    expect(await setup.db.select().from(visitNoteRevisions)).toHaveLength(1);

    const after25Hours = new Date(note!.createdAt.getTime() + 25 * HOUR);
    await expect(
      saveVisitNote({
        actor: asCaregiver(caregiverId),
        visitId: booked.visitId,
        note: noteValues({ mood: "tired" }),
        now: after25Hours,
      }),
    ).rejects.toMatchObject({
      code: "conflict",
      message: "notes:errors.correctionClosed",
    });
    expect(
      (await getVisitNoteForm({ actor: asCaregiver(caregiverId), visitId: booked.visitId, now: after25Hours })).state,
    ).toBe("locked");
    expect(await setup.db.select().from(visitNoteRevisions)).toHaveLength(1);
  });

  test("the timeline is newest first, scoped to the family, and shows the next visit's code", async () => {
    const later = await bookVisit(caregiverId, 3);
    // Another family's order is not found, to families; an admin may read it.
    await expect(getOrderTimeline({ actor: booked.client, orderId: later.orderId })).rejects.toThrow(
      "orders:error.notFound",
    );
    await expect(getOrderTimeline({ actor: asCaregiver(caregiverId), orderId: later.orderId })).rejects.toThrow(
      "common:access.denied",
    );
    // Before any visit: an empty timeline, and the code of the coming visit.
    const before = await getOrderTimeline({ actor: later.client, orderId: later.orderId });
    const [row] = await setup.db.select().from(visits).where(eq(visits.id, later.visitId));
    expect(before.visits).toEqual([]);
    expect(before.nextVisitCode).toMatchObject({ visitId: later.visitId, code: row!.familyCode, isToday: false });
    expect(row!.familyCode).toMatch(/^\d{6}$/);

    // Two visits of one order: the later one first.
    await setup.db.insert(visits).values({
      orderId: later.orderId,
      caregiverId,
      startsAt: new Date(row!.startsAt.getTime() - 2 * 24 * HOUR),
      endsAt: new Date(row!.endsAt.getTime() - 2 * 24 * HOUR),
      status: "missed",
    });
    await completeVisit(later.visitId, caregiverId, row!.endsAt);
    const after = await getOrderTimeline({ actor: later.client, orderId: later.orderId, now: row!.endsAt });
    expect(after.visits.map((visit) => visit.status)).toEqual(["completed", "missed"]);
    expect(after.visits[0]!.startsAt.getTime()).toBeGreaterThan(after.visits[1]!.startsAt.getTime());
    expect(after.nextVisitCode).toBeNull();
    expect((await getOrderTimeline({ actor: admin, orderId: later.orderId, as: "admin" })).visits).toHaveLength(2);
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { auditEvents, careDocumentReads, careDocuments, orders, visits } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import {
  CARE_DOCUMENT_ERRORS,
  CARE_DOCUMENT_MAX_BYTES,
  CARE_DOCUMENT_QUOTA,
  type CareDocumentKind,
} from "~/features/care-documents/care-documents";
import {
  careDocumentLink,
  deleteCareDocument,
  listFamilyDocuments,
  listOrderSharedDocuments,
  openCareDocument,
  saveCareDocument,
  setCareDocumentShare,
  type CareDocumentActor,
} from "~/features/care-documents/care-documents.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver, respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { readStoredFile } from "~/platform/storage/files.server";
import { getVisitNoteForm } from "~/features/visit-notes/caregiver-visit-note.server";
import { saveVisitNote } from "~/features/visit-notes/save-visit-note.server";
import { getOrderTimeline } from "~/features/visit-notes/timeline.server";
import { paddedPdf, samplePdf } from "../fixtures/documents";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";

// Who may read a family's care documents (docs/product-rules.md, "Care documents"): the family, an administrator
// (audited), and the caregiver of a confirmed or in-progress order the document is shared with (audited), the
// right checked when the link is opened. Every read by someone else than the family is in the family's log.

const setup = useAuthTestSetup();
const asCaregiver = (id: string) => ({ id, roles: ["caregiver" as const] });

const pdf = (name = "care-plan.pdf", bytes: Uint8Array<ArrayBuffer> = new Uint8Array(samplePdf())) =>
  new File([bytes], name, { type: "application/pdf" });

/** A PDF of `size` bytes, different per name. */
const pdfOf = (size: number, name: string) => pdf(name, paddedPdf(size, name));

/** A family with an order its caregiver accepted (confirmed), and one care plan shared with it. */
async function sharedCarePlan() {
  const client = await clientActor(setup.db);
  const caregiver = await caregiverNear(setup.db);
  const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput() });
  await chooseCaregiver({ actor: client, orderId, caregiverId: caregiver.id });
  await respondToOffer({ actor: asCaregiver(caregiver.id), orderId, accept: true });
  const { documentId } = await saveCareDocument({
    actor: client,
    kind: "care_plan",
    title: "Mom's care plan",
    tasks: ["Insulin before lunch", "Short walk"],
    file: pdf(),
  });
  await setCareDocumentShare({ actor: client, documentId, orderId, shared: true });
  return { client, caregiver, orderId, documentId };
}

const request = () => new Request("http://localhost/media/care-documents/x", { headers: { "user-agent": "vitest" } });

/** Opens the document with a link made for `viewer` (or the given link's parameters). */
async function open(documentId: string, viewer: CareDocumentActor | null, link?: string) {
  const url = new URL(link ?? careDocumentLink(documentId, viewer?.id ?? "nobody"), "http://localhost");
  return openCareDocument({
    documentId,
    params: {
      viewer: url.searchParams.get("viewer") ?? undefined,
      expires: url.searchParams.get("expires") ?? undefined,
      signature: url.searchParams.get("signature") ?? undefined,
    },
    viewer,
    request: request(),
  });
}

const readsOf = (documentId: string) =>
  setup.db.select().from(careDocumentReads).where(eq(careDocumentReads.documentId, documentId));

describe("who may read a care document", () => {
  test("the family reads its own, and no read is logged for it", async () => {
    const { client, documentId } = await sharedCarePlan();
    const opened = await open(documentId, client);
    expect(opened).toMatchObject({ status: "ok", contentType: "application/pdf", fileName: "care-plan.pdf" });
    expect(await readsOf(documentId)).toHaveLength(0);
  });

  test("another family is refused, even with a link made for it", async () => {
    const { documentId } = await sharedCarePlan();
    const stranger = await clientActor(setup.db);
    expect(await open(documentId, stranger)).toEqual({ status: "refused", reason: "not-yours" });
    // Nor can the family's list be reached through another account.
    const theirs = await listFamilyDocuments({ actor: stranger });
    expect(theirs.documents).toHaveLength(0);
    expect(await readsOf(documentId)).toHaveLength(0);
  });

  test("a link made for someone else is refused", async () => {
    const { client, caregiver, documentId } = await sharedCarePlan();
    const familyLink = careDocumentLink(documentId, client.id);
    expect(await open(documentId, asCaregiver(caregiver.id), familyLink)).toEqual({
      status: "refused",
      reason: "not-yours",
    });
  });

  test("the caregiver of the confirmed order reads a shared document; the read is audited and logged", async () => {
    const { client, caregiver, orderId, documentId } = await sharedCarePlan();
    const shared = await listOrderSharedDocuments({ actor: asCaregiver(caregiver.id), orderId });
    expect(shared.map((document) => document.title)).toEqual(["Mom's care plan"]);
    const opened = await open(documentId, asCaregiver(caregiver.id), shared[0]!.url);
    expect(opened.status).toBe("ok");
    const reads = await readsOf(documentId);
    expect(reads).toMatchObject([{ readerId: caregiver.id, readerRole: "caregiver", orderId }]);
    const audits = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, caregiver.id), eq(auditEvents.eventType, "care_document_read")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.metadata).toMatchObject({ documentId, orderId, clientId: client.id, kind: "care_plan" });
    // The family sees who read what.
    const family = await listFamilyDocuments({ actor: client });
    expect(family.reads).toMatchObject([
      {
        documentTitle: "Mom's care plan",
        readerRole: "caregiver",
        readerName: `${caregiver.firstName} ${caregiver.lastName}`,
      },
    ]);
  });

  test("in progress still reads; once the order is completed, the same link is refused", async () => {
    const { caregiver, orderId, documentId } = await sharedCarePlan();
    const link = careDocumentLink(documentId, caregiver.id);
    await setup.db.update(orders).set({ status: "in_progress" }).where(eq(orders.id, orderId));
    expect((await open(documentId, asCaregiver(caregiver.id), link)).status).toBe("ok");
    await setup.db.update(orders).set({ status: "completed" }).where(eq(orders.id, orderId));
    expect(await open(documentId, asCaregiver(caregiver.id), link)).toEqual({
      status: "refused",
      reason: "not-yours",
    });
    expect(await listOrderSharedDocuments({ actor: asCaregiver(caregiver.id), orderId })).toEqual([]);
    expect(await readsOf(documentId)).toHaveLength(1);
  });

  test("once the family cancels the order, its caregiver's link is refused", async () => {
    const { client, caregiver, orderId, documentId } = await sharedCarePlan();
    const link = careDocumentLink(documentId, caregiver.id);
    await cancelOrder({ actor: client, orderId, reason: "Plans changed" });
    expect(await open(documentId, asCaregiver(caregiver.id), link)).toEqual({
      status: "refused",
      reason: "not-yours",
    });
    expect(await readsOf(documentId)).toHaveLength(0);
  });

  test("an unshared document is refused to the order's caregiver, and sharing cannot be given to an ended order", async () => {
    const { client, caregiver, orderId, documentId } = await sharedCarePlan();
    await setCareDocumentShare({ actor: client, documentId, orderId, shared: false });
    expect(await open(documentId, asCaregiver(caregiver.id))).toEqual({ status: "refused", reason: "not-yours" });
    await setup.db.update(orders).set({ status: "completed" }).where(eq(orders.id, orderId));
    await expect(setCareDocumentShare({ actor: client, documentId, orderId, shared: true })).rejects.toMatchObject({
      code: "conflict",
      message: CARE_DOCUMENT_ERRORS.orderNotShareable,
    });
    // Nor with another family's order.
    const other = await sharedCarePlan();
    await expect(
      setCareDocumentShare({ actor: client, documentId, orderId: other.orderId, shared: true }),
    ).rejects.toMatchObject({ code: "conflict" });
  });

  test("an administrator reads any family's document: admin_data_access is written and the family sees it", async () => {
    const { client, documentId, orderId } = await sharedCarePlan();
    const admin = await createUser(setup.db, { roles: ["admin"], firstName: "Avery", lastName: "Admin" });
    const actor: CareDocumentActor = { id: admin.id, roles: ["admin"] };
    const shared = await listOrderSharedDocuments({ actor, orderId });
    expect(shared).toHaveLength(1);
    expect((await open(documentId, actor, shared[0]!.url)).status).toBe("ok");
    const audits = await setup.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.userId, admin.id), eq(auditEvents.eventType, "admin_data_access")))
      .orderBy(auditEvents.id);
    // The list on the order's page (titles and tasks), then the file.
    expect(audits.map((event) => event.metadata)).toEqual([
      expect.objectContaining({ resource: "care_document_list", orderId, documentIds: [documentId] }),
      expect.objectContaining({ resource: "care_document", documentId, clientId: client.id }),
    ]);
    const family = await listFamilyDocuments({ actor: client });
    expect(family.reads).toMatchObject([{ readerRole: "admin", readerName: "Avery Admin" }]);
  });

  test("a deleted document loses its file and its sharing; its read log stays", async () => {
    const { client, caregiver, documentId } = await sharedCarePlan();
    expect((await open(documentId, asCaregiver(caregiver.id))).status).toBe("ok");
    const [before] = await setup.db.select().from(careDocuments).where(eq(careDocuments.id, documentId));
    await deleteCareDocument({ actor: client, documentId });
    expect(await readStoredFile(before!.storageKey!)).toBeNull();
    expect(await open(documentId, client)).toEqual({ status: "refused", reason: "not-found" });
    const family = await listFamilyDocuments({ actor: client });
    expect(family.documents).toHaveLength(0);
    expect(family.reads).toMatchObject([{ documentTitle: "Mom's care plan", documentDeleted: true }]);
    // Another family cannot delete it (nor find it).
    const stranger = await clientActor(setup.db);
    const { documentId: other } = await saveCareDocument({
      actor: stranger,
      kind: "other",
      title: "Theirs",
      tasks: [],
      file: pdf(),
    });
    await expect(deleteCareDocument({ actor: client, documentId: other })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("the upload rules of care documents", () => {
  test("a file disguised as a PDF is refused by its content, and nothing is stored", async () => {
    const client = await clientActor(setup.db);
    const disguised = new File([new TextEncoder().encode("MZ\u0090\u0000 not a pdf")], "plan.pdf", {
      type: "application/pdf",
    });
    await expect(
      saveCareDocument({ actor: client, kind: "care_plan", title: "Plan", tasks: [], file: disguised }),
    ).rejects.toMatchObject({ code: "invalid", message: CARE_DOCUMENT_ERRORS.wrongType });
    expect((await listFamilyDocuments({ actor: client })).documents).toHaveLength(0);
  });

  test("a file over 10 MB, an empty file and no file are refused", async () => {
    const client = await clientActor(setup.db);
    const save = (file: File | null) =>
      saveCareDocument({ actor: client, kind: "other", title: "Big", tasks: [], file });
    await expect(save(pdfOf(CARE_DOCUMENT_MAX_BYTES + 1, "big.pdf"))).rejects.toMatchObject({
      code: "too_large",
      message: CARE_DOCUMENT_ERRORS.tooLarge,
    });
    await expect(save(new File([], "empty.pdf"))).rejects.toMatchObject({ message: CARE_DOCUMENT_ERRORS.empty });
    await expect(save(null)).rejects.toMatchObject({ message: CARE_DOCUMENT_ERRORS.missing });
  });

  test(`a family keeps at most ${CARE_DOCUMENT_QUOTA.maxFiles} documents; deleting one makes room`, async () => {
    const client = await clientActor(setup.db);
    const save = (name: string, kind: CareDocumentKind = "other") =>
      saveCareDocument({ actor: client, kind, title: name, tasks: [], file: pdfOf(1_000, name) });
    let last = "";
    for (let i = 0; i < CARE_DOCUMENT_QUOTA.maxFiles; i += 1) last = (await save(`doc-${i}.pdf`)).documentId;
    await expect(save("one-too-many.pdf")).rejects.toMatchObject({
      code: "too_large",
      message: CARE_DOCUMENT_ERRORS.tooManyFiles,
    });
    await deleteCareDocument({ actor: client, documentId: last });
    expect((await save("fits-again.pdf")).documentId).toBeTruthy();
  }, 60_000);

  test("a family keeps at most 100 MB in all", async () => {
    expect(CARE_DOCUMENT_QUOTA.maxTotalBytes).toBe(100 * 1024 * 1024);
    const client = await clientActor(setup.db);
    const nine = 9 * 1024 * 1024;
    for (let i = 0; i < 11; i += 1) {
      await saveCareDocument({
        actor: client,
        kind: "other",
        title: `n${i}`,
        tasks: [],
        file: pdfOf(nine, `n${i}.pdf`),
      });
    }
    await expect(
      saveCareDocument({ actor: client, kind: "other", title: "over", tasks: [], file: pdfOf(nine, "over.pdf") }),
    ).rejects.toMatchObject({ code: "too_large", message: CARE_DOCUMENT_ERRORS.quotaExceeded });
  }, 60_000);

  test("a care plan keeps its tasks; another kind keeps none; a recipient must be the family's", async () => {
    const { client, documentId } = await sharedCarePlan();
    const family = await listFamilyDocuments({ actor: client });
    expect(family.documents.find((document) => document.id === documentId)?.tasks).toEqual([
      "Insulin before lunch",
      "Short walk",
    ]);
    await expect(
      saveCareDocument({
        actor: client,
        kind: "medication_list",
        title: "Meds",
        tasks: [],
        careRecipientId: "00000000-0000-4000-8000-000000000000",
        file: pdf(),
      }),
    ).rejects.toMatchObject({ message: CARE_DOCUMENT_ERRORS.recipientNotFound });
  });
});

describe("a care plan's tasks in the visit note", () => {
  test("the caregiver ticks the shared care plan's tasks; the family reads which were done", async () => {
    const { client, caregiver, orderId, documentId } = await sharedCarePlan();
    const [visit] = await setup.db.select().from(visits).where(eq(visits.orderId, orderId)).orderBy(visits.startsAt);
    const checkedOutAt = new Date();
    await setup.db
      .update(visits)
      .set({ status: "completed", checkedInAt: new Date(checkedOutAt.getTime() - 3_600_000), checkedOutAt })
      .where(eq(visits.id, visit!.id));
    const form = await getVisitNoteForm({ actor: asCaregiver(caregiver.id), visitId: visit!.id });
    expect(form.carePlans).toMatchObject([
      {
        documentId,
        title: "Mom's care plan",
        tasks: [
          { task: "Insulin before lunch", done: false },
          { task: "Short walk", done: false },
        ],
      },
    ]);
    const note = {
      tasks: form.services.map((service) => ({ task: service, status: "done", reason: "" })),
      meals: "Soup",
      mood: null,
      observations: "",
    };
    await saveVisitNote({
      actor: asCaregiver(caregiver.id),
      visitId: visit!.id,
      note,
      // The first task, and a key of no shared plan, which counts for nothing.
      carePlanDone: [form.carePlans[0]!.tasks[0]!.key, "00000000-0000-4000-8000-000000000000:0"],
    });
    const timeline = await getOrderTimeline({ actor: client, orderId });
    const written = timeline.visits.find((entry) => entry.visitId === visit!.id)?.note;
    expect(written?.carePlanTasks).toEqual([
      { documentId, task: "Insulin before lunch", done: true },
      { documentId, task: "Short walk", done: false },
    ]);
    const again = await getVisitNoteForm({ actor: asCaregiver(caregiver.id), visitId: visit!.id });
    expect(again.carePlans[0]!.tasks.map((task) => task.done)).toEqual([true, false]);
    // Unticking is a correction, kept as one.
    const corrected = await saveVisitNote({
      actor: asCaregiver(caregiver.id),
      visitId: visit!.id,
      note,
      carePlanDone: [],
    });
    expect(corrected.isCorrection).toBe(true);
  });
});

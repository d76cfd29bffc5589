import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordSecurityEvent, requestOrigin, type SecurityEventType } from "~/platform/auth/security-events.server";
import { db } from "~/platform/db/client.server";
import {
  auditEvents,
  careDocumentReads,
  careDocuments,
  careDocumentShares,
  careRecipients,
  orders,
  userProfiles,
  type OrderStatus,
} from "~/platform/db/schema";
import { deleteFile, randomFileId, readStoredFile, saveFile } from "~/platform/storage/files.server";
import type { OpenedFile } from "~/platform/storage/signed-links.server";
import { checkQuota, checkUpload, privateLinks, type LinkOpening } from "~/platform/storage/uploads.server";
import { AppError } from "~/utils/app-error";
import type { Role } from "~/utils/roles";
import {
  CARE_DOCUMENT_ERRORS,
  CARE_DOCUMENT_MAX_BYTES,
  CARE_DOCUMENT_QUOTA,
  isUuid,
  SHARING_ORDER_STATUSES,
  type CareDocumentKind,
} from "./care-documents";

// The family's care documents (docs/product-rules.md, "Care documents"; docs/decisions/0038-care-documents.md).
// The upload rules are the storage platform's (app/platform/storage/uploads.server.ts), as for a caregiver's
// documents. Who may read is decided when a link is opened, not when it is made: the family, an administrator,
// or the caregiver of a confirmed or in-progress order the document is shared with. Every read by someone other
// than the family writes an audit event and a row of the family's read log, in one transaction, before the file
// is sent.

export type CareDocumentActor = { id: string; roles: readonly Role[] };

const STORAGE_FOLDER = "care_documents";

const notFound = () => new AppError("not_found", CARE_DOCUMENT_ERRORS.notFound);

/** Stores one document of the family; nothing is stored when it is refused. */
export async function saveCareDocument({
  actor,
  kind,
  title,
  careRecipientId,
  tasks,
  file,
}: {
  actor: CareDocumentActor;
  kind: CareDocumentKind;
  title: string;
  careRecipientId?: string;
  tasks: string[];
  file: File | null;
}): Promise<{ documentId: string }> {
  const upload = await checkUpload(file, { maxBytes: CARE_DOCUMENT_MAX_BYTES, refusals: CARE_DOCUMENT_ERRORS });
  if (careRecipientId) {
    const [recipient] = isUuid(careRecipientId)
      ? await db
          .select({ id: careRecipients.id })
          .from(careRecipients)
          .where(and(eq(careRecipients.id, careRecipientId), eq(careRecipients.clientId, actor.id)))
      : [];
    if (!recipient) throw new AppError("invalid", CARE_DOCUMENT_ERRORS.recipientNotFound, { field: "careRecipientId" });
  }
  // Checked before anything is written, and again below with the family's uploads taking turns.
  await checkFamilyQuota(db, actor.id, upload.bytes.byteLength);
  const key = `${STORAGE_FOLDER}/client_${actor.id}/${randomFileId()}.${upload.type.extension}`;
  await saveFile(key, upload.bytes);
  try {
    const documentId = await db.transaction(async (tx) => {
      await tx.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.id, actor.id)).for("update");
      await checkFamilyQuota(tx, actor.id, upload.bytes.byteLength);
      const [row] = await tx
        .insert(careDocuments)
        .values({
          clientId: actor.id,
          careRecipientId: careRecipientId || null,
          kind,
          title,
          tasks: kind === "care_plan" ? tasks : [],
          storageKey: key,
          contentType: upload.type.mime,
          byteSize: upload.bytes.byteLength,
          originalName: upload.name || `${kind}.${upload.type.extension}`,
        })
        .returning({ id: careDocuments.id });
      return row!.id;
    });
    return { documentId };
  } catch (error) {
    await deleteFile(key).catch(() => undefined);
    throw error;
  }
}

async function checkFamilyQuota(executor: Pick<typeof db, "select">, clientId: string, byteSize: number) {
  const [kept] = await executor
    .select({ files: count(), bytes: sql<string>`coalesce(sum(${careDocuments.byteSize}), 0)` })
    .from(careDocuments)
    .where(and(eq(careDocuments.clientId, clientId), isNull(careDocuments.deletedAt)));
  checkQuota(
    { files: kept?.files ?? 0, bytes: Number(kept?.bytes ?? 0) },
    byteSize,
    CARE_DOCUMENT_QUOTA,
    CARE_DOCUMENT_ERRORS,
  );
}

/**
 * Deletes one of the family's documents: its file leaves storage and its sharing ends; the row stays, without
 * its file, so that the read log still names what was read.
 */
export async function deleteCareDocument({ actor, documentId }: { actor: CareDocumentActor; documentId: string }) {
  if (!isUuid(documentId)) throw notFound();
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ title: careDocuments.title, storageKey: careDocuments.storageKey })
      .from(careDocuments)
      .where(
        and(eq(careDocuments.id, documentId), eq(careDocuments.clientId, actor.id), isNull(careDocuments.deletedAt)),
      )
      .for("update");
    if (!row) return null;
    await tx
      .update(careDocuments)
      .set({ deletedAt: new Date(), storageKey: null })
      .where(eq(careDocuments.id, documentId));
    await tx.delete(careDocumentShares).where(eq(careDocumentShares.documentId, documentId));
    return row;
  });
  if (!removed) throw notFound();
  if (removed.storageKey) await deleteFile(removed.storageKey).catch(() => undefined);
  return { title: removed.title };
}

/** Shares a document with one of the family's confirmed or in-progress orders, or stops sharing it. */
export async function setCareDocumentShare({
  actor,
  documentId,
  orderId,
  shared,
}: {
  actor: CareDocumentActor;
  documentId: string;
  orderId: string;
  shared: boolean;
}) {
  if (!isUuid(documentId) || !isUuid(orderId)) throw notFound();
  await db.transaction(async (tx) => {
    const [document] = await tx
      .select({ id: careDocuments.id })
      .from(careDocuments)
      .where(
        and(eq(careDocuments.id, documentId), eq(careDocuments.clientId, actor.id), isNull(careDocuments.deletedAt)),
      )
      .for("update");
    if (!document) throw notFound();
    if (!shared) {
      await tx
        .delete(careDocumentShares)
        .where(and(eq(careDocumentShares.documentId, documentId), eq(careDocumentShares.orderId, orderId)));
      return;
    }
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(eq(orders.id, orderId), eq(orders.clientId, actor.id), inArray(orders.status, [...SHARING_ORDER_STATUSES])),
      );
    if (!order) throw new AppError("conflict", CARE_DOCUMENT_ERRORS.orderNotShareable);
    await tx.insert(careDocumentShares).values({ documentId, orderId }).onConflictDoNothing();
  });
}

const links = privateLinks("tendly care document links", (documentId) => `care-document:${documentId}`);

/** A link to one document for one viewer, valid for an hour; whether the viewer may read is checked at use. */
export function careDocumentLink(documentId: string, viewerId: string, now = new Date()): string {
  return links.sign(`/media/care-documents/${encodeURIComponent(documentId)}`, documentId, viewerId, now);
}

export type OpenedCareDocument = OpenedFile;

/** The caregiver's confirmed or in-progress order this document is shared with, if any: the right to read it. */
async function sharingOrderOf(documentId: string, caregiverId: string): Promise<string | null> {
  const [share] = await db
    .select({ orderId: careDocumentShares.orderId })
    .from(careDocumentShares)
    .innerJoin(orders, eq(orders.id, careDocumentShares.orderId))
    .where(
      and(
        eq(careDocumentShares.documentId, documentId),
        eq(orders.caregiverId, caregiverId),
        inArray(orders.status, [...SHARING_ORDER_STATUSES]),
      ),
    )
    .limit(1);
  return share?.orderId ?? null;
}

/**
 * Opens a document through its signed link. The link must be valid, unexpired and made for this viewer; the
 * viewer must, now, be the family, an administrator, or the caregiver of a confirmed or in-progress order the
 * document is shared with. A read by an administrator (admin_data_access) or a caregiver (care_document_read)
 * is audited and logged for the family before the file is sent.
 */
export async function openCareDocument({
  documentId,
  params,
  viewer,
  request,
  now = new Date(),
}: LinkOpening<CareDocumentActor>): Promise<OpenedCareDocument> {
  const check = links.check(documentId, params, viewer?.id ?? null, now);
  if (check !== "valid" || !viewer) return { status: "refused", reason: check === "valid" ? "not-yours" : check };
  if (!isUuid(documentId)) return { status: "refused", reason: "not-found" };
  const [document] = await db
    .select()
    .from(careDocuments)
    .where(and(eq(careDocuments.id, documentId), isNull(careDocuments.deletedAt)))
    .limit(1);
  if (!document?.storageKey) return { status: "refused", reason: "not-found" };
  const isOwner = document.clientId === viewer.id;
  const isAdmin = !isOwner && viewer.roles.includes("admin");
  const orderId = isOwner || isAdmin ? null : await sharingOrderOf(documentId, viewer.id);
  if (!isOwner && !isAdmin && !orderId) return { status: "refused", reason: "not-yours" };

  const bytes = await readStoredFile(document.storageKey).catch(() => null);
  if (!bytes) return { status: "refused", reason: "not-found" };
  if (!isOwner) {
    const origin = requestOrigin(request);
    await db.transaction(async (tx) => {
      const [reader] = await tx
        .select({ name: userProfiles.name })
        .from(userProfiles)
        .where(eq(userProfiles.id, viewer.id));
      await tx.insert(auditEvents).values({
        userId: viewer.id,
        eventType: (isAdmin ? "admin_data_access" : "care_document_read") satisfies SecurityEventType,
        severity: "info",
        category: isAdmin ? "admin" : "care",
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent,
        metadata: {
          url: origin.path,
          resource: "care_document",
          documentId,
          clientId: document.clientId,
          kind: document.kind,
          ...(orderId ? { orderId } : {}),
        },
      });
      await tx.insert(careDocumentReads).values({
        documentId,
        readerId: viewer.id,
        readerName: reader?.name ?? "",
        readerRole: isAdmin ? "admin" : "caregiver",
        orderId,
        readAt: now,
      });
    });
  }
  return { status: "ok", bytes, contentType: document.contentType, fileName: document.originalName };
}

export type FamilyDocument = {
  id: string;
  kind: CareDocumentKind;
  title: string;
  tasks: string[];
  recipientName: string | null;
  originalName: string;
  byteSize: number;
  createdAt: Date;
  url: string;
  sharedWith: string[];
};

export type ShareableOrder = { id: string; orderNumber: string; status: OrderStatus; caregiverName: string | null };

export type DocumentRead = {
  id: string;
  documentId: string;
  documentTitle: string;
  documentDeleted: boolean;
  readerName: string;
  readerRole: "admin" | "caregiver";
  orderNumber: string | null;
  readAt: Date;
};

/** What every list of documents shows of one. */
const summaryColumns = {
  id: careDocuments.id,
  kind: careDocuments.kind,
  title: careDocuments.title,
  tasks: careDocuments.tasks,
  originalName: careDocuments.originalName,
};

/** The reads shown to the family: the most recent first. */
export const READ_LOG_LIMIT = 100;

/** The family's documents page: its documents, the orders it may share them with, and who read what. */
export async function listFamilyDocuments({ actor, now = new Date() }: { actor: CareDocumentActor; now?: Date }) {
  const rows = await db
    .select({
      ...summaryColumns,
      recipientName: careRecipients.fullName,
      byteSize: careDocuments.byteSize,
      createdAt: careDocuments.createdAt,
    })
    .from(careDocuments)
    .leftJoin(careRecipients, eq(careRecipients.id, careDocuments.careRecipientId))
    .where(and(eq(careDocuments.clientId, actor.id), isNull(careDocuments.deletedAt)))
    .orderBy(desc(careDocuments.createdAt));
  const shares = rows.length
    ? await db
        .select({ documentId: careDocumentShares.documentId, orderId: careDocumentShares.orderId })
        .from(careDocumentShares)
        .where(
          inArray(
            careDocumentShares.documentId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  const documents: FamilyDocument[] = rows.map((row) => ({
    ...row,
    url: careDocumentLink(row.id, actor.id, now),
    sharedWith: shares.filter((share) => share.documentId === row.id).map((share) => share.orderId),
  }));
  const orderRows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      caregiverName: userProfiles.name,
    })
    .from(orders)
    .leftJoin(userProfiles, eq(userProfiles.id, orders.caregiverId))
    .where(and(eq(orders.clientId, actor.id), inArray(orders.status, [...SHARING_ORDER_STATUSES])))
    .orderBy(desc(orders.createdAt));
  const reads = await db
    .select({
      id: careDocumentReads.id,
      documentId: careDocumentReads.documentId,
      documentTitle: careDocuments.title,
      deletedAt: careDocuments.deletedAt,
      readerName: careDocumentReads.readerName,
      readerRole: careDocumentReads.readerRole,
      orderNumber: orders.orderNumber,
      readAt: careDocumentReads.readAt,
    })
    .from(careDocumentReads)
    .innerJoin(careDocuments, eq(careDocuments.id, careDocumentReads.documentId))
    .leftJoin(orders, eq(orders.id, careDocumentReads.orderId))
    .where(eq(careDocuments.clientId, actor.id))
    .orderBy(desc(careDocumentReads.readAt))
    .limit(READ_LOG_LIMIT);
  return {
    documents,
    orders: orderRows satisfies ShareableOrder[],
    reads: reads.map(({ deletedAt, ...read }) => ({
      ...read,
      documentDeleted: deletedAt !== null,
    })) satisfies DocumentRead[],
  };
}

export type SharedDocument = {
  id: string;
  kind: CareDocumentKind;
  title: string;
  tasks: string[];
  originalName: string;
  url: string;
};

/**
 * The documents shared with one order, with links for the viewer: its caregiver while the order is confirmed or
 * in progress (nothing otherwise), or an administrator, whose view of the titles and tasks is audited
 * (admin_data_access), as is every opening.
 */
export async function listOrderSharedDocuments({
  actor,
  orderId,
  request,
  now = new Date(),
}: {
  actor: CareDocumentActor;
  orderId: string;
  /** The page request, for an administrator's audit event. */
  request?: Request;
  now?: Date;
}): Promise<SharedDocument[]> {
  if (!isUuid(orderId)) return [];
  const [order] = await db
    .select({ caregiverId: orders.caregiverId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const isAdmin = actor.roles.includes("admin");
  const isItsCaregiver =
    order.caregiverId === actor.id && (SHARING_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status);
  if (!isAdmin && !isItsCaregiver) return [];
  const rows = await db
    .select(summaryColumns)
    .from(careDocumentShares)
    .innerJoin(careDocuments, eq(careDocuments.id, careDocumentShares.documentId))
    .where(and(eq(careDocumentShares.orderId, orderId), isNull(careDocuments.deletedAt)))
    .orderBy(careDocuments.title);
  if (isAdmin && !isItsCaregiver && rows.length > 0) {
    await recordSecurityEvent({
      type: "admin_data_access",
      userId: actor.id,
      category: "admin",
      request,
      metadata: {
        resource: "care_document_list",
        orderId,
        documentIds: rows.map((row) => row.id),
        fields: ["title", "tasks"],
      },
    });
  }
  return rows.map((row) => ({ ...row, url: careDocumentLink(row.id, actor.id, now) }));
}

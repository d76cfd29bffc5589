import type { SubmissionResult } from "@conform-to/react";
import type { CurrentUser } from "~/platform/auth/session.server";
import { CareDocumentsActionSchema } from "~/features/care-documents/care-documents";
import {
  deleteCareDocument,
  saveCareDocument,
  setCareDocumentShare,
} from "~/features/care-documents/care-documents.server";
import { getServerT, refusalText } from "~/i18n/i18n.server";
import { isAppError } from "~/utils/app-error";
import { isPayloadTooLarge, parseForm, UPLOAD_MAX_BYTES } from "~/utils/form-data.server";

// The family's care documents page's posts (docs/product-rules.md, "Care documents"): an upload, a deletion or a
// change of sharing. The page's action and the upload endpoint the progress bar posts to
// (routes/client/document-upload.ts) both answer through here, so the two give the same answers.

export type DocumentsAnswer =
  | { done: "uploaded" | "deleted" | "shared" | "unshared"; title?: string; documentId?: string }
  | { error: string; field?: string; result?: SubmissionResult<string[]> };

export async function documentsAction(
  user: CurrentUser,
  request: Request,
): Promise<{ body: DocumentsAnswer; status: number }> {
  const { locale, t } = getServerT(request, "documents", user.locale);
  let submission;
  try {
    submission = await parseForm(request, CareDocumentsActionSchema, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (isPayloadTooLarge(error)) return { body: { error: t("errors.tooLarge"), field: "file" }, status: 413 };
    throw error;
  }
  if (submission.status !== "success") {
    return { body: { error: t("upload.fixErrors"), result: submission.reply() }, status: 400 };
  }
  const posted = submission.value;
  try {
    if (posted.intent === "delete") {
      const { title } = await deleteCareDocument({ actor: user, documentId: posted.documentId });
      return { body: { done: "deleted", title }, status: 200 };
    }
    if (posted.intent === "share") {
      await setCareDocumentShare({
        actor: user,
        documentId: posted.documentId,
        orderId: posted.orderId,
        shared: posted.shared === "on",
      });
      return { body: { done: posted.shared === "on" ? "shared" : "unshared" }, status: 200 };
    }
    const { documentId } = await saveCareDocument({
      actor: user,
      kind: posted.kind,
      title: posted.title,
      careRecipientId: posted.careRecipientId || undefined,
      tasks: posted.tasks,
      file: posted.file instanceof File ? posted.file : null,
    });
    return { body: { done: "uploaded", title: posted.title, documentId }, status: 200 };
  } catch (error) {
    if (!isAppError(error)) throw error;
    const field =
      error.field ?? (posted.intent === "upload" && error.ref.key.startsWith("documents:errors") ? "file" : undefined);
    return { body: { error: refusalText(locale, error), field }, status: error.status };
  }
}

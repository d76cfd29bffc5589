import { FileText } from "lucide-react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import {
  fieldErrorClass,
  FormNotice,
  inputClass,
  labelClass,
  secondaryButtonClass,
  SelectField,
} from "~/components/form-controls";
import { DOCUMENT_KINDS, type DocumentKind } from "~/db/schema";
import { requireApplicant } from "./applicant-guard.server";
import { nextStep, stepPath } from "~/features/caregiver-onboarding/application";
import { completeDocuments, loadApplication } from "~/features/caregiver-onboarding/application.server";
import { DOCUMENT_ERRORS, DOCUMENT_LABELS, DOCUMENT_MAX_BYTES } from "~/features/caregiver-onboarding/document-paths";
import {
  deleteApplicationDocument,
  documentLink,
  saveApplicationDocument,
} from "~/features/caregiver-onboarding/documents.server";
import { PayloadTooLargeError, readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/documents";
import { StepActions, StepHeading } from "./step-parts";

export const meta: Route.MetaFunction = () => [{ title: "Caregiver application: documents | Tendly" }];

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { documents, draft } = await loadApplication(applicant);
  return {
    documents: documents.map((document) => ({ ...document, url: documentLink(document.id, applicant.userId) })),
    certifications: draft.experience?.certifications ?? [],
  };
}

// Room for the form's other fields around one file of at most 10 MB.
const MAX_BODY_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  let form: FormData;
  try {
    form = await readFormData(request, MAX_BODY_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLargeError)
      return data({ uploadError: DOCUMENT_ERRORS.tooLarge, kind: null }, { status: 413 });
    throw error;
  }
  const intent = form.get("intent");
  if (intent === "delete") {
    await deleteApplicationDocument({ ownerId: applicant.userId, documentId: String(form.get("documentId") ?? "") });
    return data({ deleted: true });
  }
  if (intent === "continue") {
    const result = await completeDocuments(applicant);
    if (!result.ok) return data({ continueError: result.error }, { status: 400 });
    return redirect(stepPath(nextStep("documents")));
  }
  const kind = String(form.get("kind") ?? "");
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind))
    return data({ uploadError: "Unknown document type.", kind: null }, { status: 400 });
  const file = form.get("file");
  const certificationName = form.get("certificationName");
  const result = await saveApplicationDocument({
    ownerId: applicant.userId,
    kind: kind as DocumentKind,
    file: file instanceof File ? file : null,
    certificationName: typeof certificationName === "string" && certificationName ? certificationName : undefined,
  });
  if (!result.ok) return data({ uploadError: result.error, kind }, { status: 400 });
  return data({ uploaded: kind });
}

const HINTS: Record<DocumentKind, string> = {
  government_id: "A driver's license, state ID or passport. PDF, JPEG, PNG, WebP or HEIC, up to 10 MB.",
  certification: "Optional: CNA, HHA, CPR or other certificates. PDF, JPEG, PNG, WebP or HEIC, up to 10 MB each.",
  profile_photo: "A clear photo of your face for your profile. JPEG, PNG or WebP, up to 10 MB.",
};

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const isSubmitting = navigation.state === "submitting";
  // Which form is being sent: only its button says so.
  const sending = (intent: string, kind?: DocumentKind) =>
    isSubmitting &&
    navigation.formData?.get("intent") === intent &&
    (kind === undefined || navigation.formData.get("kind") === kind);
  const uploadError = actionData && "uploadError" in actionData ? actionData : null;
  return (
    <>
      <StepHeading step="documents">
        <p>Your documents are stored privately. Only you and the Tendly review team can open them.</p>
      </StepHeading>
      <div className="space-y-6">
        {(["government_id", "profile_photo", "certification"] as const).map((kind) => {
          const documents = loaderData.documents.filter((document) => document.kind === kind);
          const error =
            uploadError && (uploadError.kind === kind || uploadError.kind === null) ? uploadError.uploadError : null;
          const inputId = `upload-${kind}`;
          return (
            <section key={kind} aria-labelledby={`${kind}-heading`} className="rounded-xl border border-slate-200 p-4">
              <h2 id={`${kind}-heading`} className="font-semibold text-slate-900">
                {DOCUMENT_LABELS[kind]}
                {kind === "certification" ? "s (optional)" : ""}
              </h2>
              {documents.length > 0 && (
                <ul className="mt-2 space-y-2">
                  {documents.map((document) => (
                    <li key={document.id} className="flex flex-wrap items-center gap-3">
                      <FileText aria-hidden="true" className="size-5 text-teal-700" />
                      <a
                        href={document.url}
                        target="_blank"
                        rel="noreferrer"
                        className="min-w-0 font-medium wrap-anywhere text-teal-800 underline"
                      >
                        {document.originalName}
                      </a>
                      <span className="text-sm text-slate-600">{formatSize(document.byteSize)}</span>
                      {kind === "certification" && (
                        <Form method="post">
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="documentId" value={document.id} />
                          <button type="submit" className="text-sm font-semibold text-red-700 underline">
                            Remove<span className="sr-only"> {document.originalName}</span>
                          </button>
                        </Form>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <Form method="post" encType="multipart/form-data" className="mt-3">
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={kind} />
                {kind === "certification" && loaderData.certifications.length > 0 && (
                  <SelectField label="Certificate for" name="certificationName" className="mb-3 max-w-sm">
                    {loaderData.certifications.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                    <option value="">Another certificate</option>
                  </SelectField>
                )}
                <label htmlFor={inputId} className={labelClass}>
                  {documents.length > 0 && kind !== "certification"
                    ? `Replace ${DOCUMENT_LABELS[kind].toLowerCase()}`
                    : `Choose ${DOCUMENT_LABELS[kind].toLowerCase()} file`}
                </label>
                <p id={`${inputId}-hint`} className="mt-1 text-sm text-slate-600">
                  {HINTS[kind]}
                </p>
                <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
                  <input
                    id={inputId}
                    type="file"
                    name="file"
                    accept={
                      kind === "profile_photo"
                        ? "image/jpeg,image/png,image/webp"
                        : ".pdf,image/jpeg,image/png,image/webp,image/heic,.heic"
                    }
                    aria-describedby={[`${inputId}-hint`, error ? `${inputId}-error` : null].filter(Boolean).join(" ")}
                    aria-invalid={error ? true : undefined}
                    // Choosing the file sends it: the Upload button is there without JavaScript and to retry.
                    onChange={(event) => {
                      if (event.currentTarget.files?.length) void submit(event.currentTarget.form);
                    }}
                    className={inputClass}
                  />
                  <button
                    type="submit"
                    className={secondaryButtonClass}
                    disabled={isSubmitting}
                    aria-busy={sending("upload", kind) || undefined}
                  >
                    {sending("upload", kind) ? "Uploading..." : "Upload"}
                    <span className="sr-only"> {DOCUMENT_LABELS[kind].toLowerCase()}</span>
                  </button>
                </div>
                {error && (
                  <p id={`${inputId}-error`} role="alert" className={fieldErrorClass}>
                    {error}
                  </p>
                )}
              </Form>
            </section>
          );
        })}
      </div>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="continue" />
        {actionData && "continueError" in actionData && (
          <div className="mt-4">
            <FormNotice tone="error">{actionData.continueError}</FormNotice>
          </div>
        )}
        <StepActions back="experience" isSubmitting={sending("continue")} label="Continue to review" />
      </Form>
    </>
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

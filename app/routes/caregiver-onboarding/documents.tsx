import { useRef, type ComponentProps } from "react";
import { getFormProps } from "@conform-to/react";
import { useAfterEachAnswer } from "~/components/use-after-each-answer";
import { FileText } from "lucide-react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { FormNotice, FileField, secondaryButtonClass, SelectField } from "~/components/form-controls";
import { applicationT, requireApplicant } from "./layout.server";
import {
  ContinueFromDocumentsSchema,
  DeleteDocumentSchema,
  DocumentsActionSchema,
  nextStep,
  stepPath,
  UploadDocumentSchema,
} from "~/features/caregiver-onboarding/application";
import { useSchemaForm } from "~/components/use-schema-form";
import { completeDocuments, loadApplication } from "~/features/caregiver-onboarding/application.server";
import type { DocumentKind } from "~/features/caregiver-onboarding/document-paths";
import {
  deleteApplicationDocument,
  documentLink,
  saveApplicationDocument,
} from "~/features/caregiver-onboarding/documents.server";
import { refusalData } from "~/i18n/refusal-response";
import { isPayloadTooLarge, parseForm, UPLOAD_MAX_BYTES } from "~/utils/form-data.server";
import type { Route } from "./+types/documents";
import { StepActions, StepHeading } from "~/components/onboarding/step-parts";
import { metaT, useT } from "~/i18n/react";
import { useFileSize } from "~/components/file-size";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "onboarding");
  return [{ title: t("documents.metaTitle") }];
};

export async function loader({ request }: Route.LoaderArgs) {
  const applicant = await requireApplicant(request);
  const { documents, draft } = await loadApplication(applicant);
  return {
    documents: documents.map((document) => ({ ...document, url: documentLink(document.id, applicant.userId) })),
    certifications: draft.experience?.certifications ?? [],
  };
}

export async function action({ request }: Route.ActionArgs) {
  const applicant = await requireApplicant(request);
  const { locale, t } = await applicationT(request);
  let submission;
  try {
    submission = await parseForm(request, DocumentsActionSchema, { maxBytes: UPLOAD_MAX_BYTES });
  } catch (error) {
    if (isPayloadTooLarge(error))
      return data({ uploadError: t("errors.document.tooLarge"), kind: null }, { status: 413 });
    throw error;
  }
  // The forms are buttons, hidden fields and a file: what fails here is an unknown kind (or a hand-made post).
  if (submission.status !== "success")
    return data({ uploadError: t("documents.unknownKind"), kind: null, result: submission.reply() }, { status: 400 });
  const posted = submission.value;
  if (posted.intent === "delete") {
    await deleteApplicationDocument({ ownerId: applicant.userId, documentId: posted.documentId });
    return data({ deleted: true });
  }
  if (posted.intent === "continue") {
    try {
      await completeDocuments(applicant);
    } catch (error) {
      return refusalData(error, locale, ({ text }) => ({ continueError: text }));
    }
    return redirect(stepPath(nextStep("documents")));
  }
  const { kind, file, certificationName } = posted;
  try {
    await saveApplicationDocument({
      ownerId: applicant.userId,
      kind,
      file: file instanceof File ? file : null,
      certificationName: certificationName || undefined,
    });
  } catch (error) {
    return refusalData(error, locale, ({ text }) => ({ uploadError: text, kind }));
  }
  return data({ uploaded: kind });
}

export default function Documents({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT("onboarding");
  const formatSize = useFileSize();
  const navigation = useNavigation();
  const submit = useSubmit();
  const isSubmitting = navigation.state === "submitting";
  // Which form is being sent: only its button says so.
  const sending = (intent: string, kind?: DocumentKind) =>
    isSubmitting &&
    navigation.formData?.get("intent") === intent &&
    (kind === undefined || navigation.formData.get("kind") === kind);
  const uploadError = actionData && "uploadError" in actionData ? actionData : null;
  // Once a file is stored its form is emptied, so that the Upload button beside it cannot send it again.
  const uploadForms = useRef(new Map<string, HTMLFormElement>());
  useAfterEachAnswer(actionData, () => {
    if (actionData && "uploaded" in actionData) uploadForms.current.get(actionData.uploaded)?.reset();
  });
  return (
    <>
      <StepHeading step="documents">
        <p>{t("documents.intro")}</p>
      </StepHeading>
      <div className="space-y-6">
        {(["government_id", "profile_photo", "certification"] as const).map((kind) => {
          const documents = loaderData.documents.filter((document) => document.kind === kind);
          const error =
            uploadError && (uploadError.kind === kind || uploadError.kind === null) ? uploadError.uploadError : null;
          return (
            <section key={kind} aria-labelledby={`${kind}-heading`} className="rounded-xl border border-slate-200 p-4">
              <h2 id={`${kind}-heading`} className="font-semibold text-slate-900">
                {t(`documents.kinds.${kind}.heading`)}
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
                        <StepForm schema={DeleteDocumentSchema} id={`delete-${document.id}`}>
                          <input type="hidden" name="intent" value="delete" />
                          <input type="hidden" name="documentId" value={document.id} />
                          <button type="submit" className="text-sm font-semibold text-red-700 underline">
                            {t("documents.remove")}
                            <span className="sr-only"> {document.originalName}</span>
                          </button>
                        </StepForm>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              <StepForm
                schema={UploadDocumentSchema}
                id={`upload-${kind}`}
                encType="multipart/form-data"
                className="mt-3"
                ref={(form) => {
                  if (form) uploadForms.current.set(kind, form);
                  else uploadForms.current.delete(kind);
                }}
              >
                <input type="hidden" name="intent" value="upload" />
                <input type="hidden" name="kind" value={kind} />
                {kind === "certification" && loaderData.certifications.length > 0 && (
                  <SelectField label={t("documents.certificateFor")} name="certificationName" className="mb-3 max-w-sm">
                    {loaderData.certifications.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                    <option value="">{t("documents.anotherCertificate")}</option>
                  </SelectField>
                )}
                <FileField
                  label={
                    documents.length > 0 && kind !== "certification"
                      ? t(`documents.kinds.${kind}.replace`)
                      : t(`documents.kinds.${kind}.choose`)
                  }
                  hint={t(`documents.kinds.${kind}.hint`)}
                  error={error ?? undefined}
                  name="file"
                  accept={
                    kind === "profile_photo"
                      ? "image/jpeg,image/png,image/webp"
                      : ".pdf,image/jpeg,image/png,image/webp,image/heic,.heic"
                  }
                  // Choosing the file sends it: the Upload button is there without JavaScript and to retry.
                  onChange={(event) => {
                    if (event.currentTarget.files?.length) void submit(event.currentTarget.form);
                  }}
                  beside={
                    <button
                      type="submit"
                      className={secondaryButtonClass}
                      disabled={isSubmitting}
                      // With nothing chosen (the file chosen was sent already), Upload opens the file chooser.
                      onClick={(event) => {
                        const input = event.currentTarget.form?.elements.namedItem("file");
                        if (input instanceof HTMLInputElement && !input.files?.length) {
                          event.preventDefault();
                          input.click();
                        }
                      }}
                      aria-busy={sending("upload", kind) || undefined}
                    >
                      {sending("upload", kind) ? t("documents.uploading") : t("documents.upload")}
                      <span className="sr-only"> {t(`documents.kinds.${kind}.inSentence`)}</span>
                    </button>
                  }
                />
              </StepForm>
            </section>
          );
        })}
      </div>
      <StepForm schema={ContinueFromDocumentsSchema} id="continue" className="mt-2">
        <input type="hidden" name="intent" value="continue" />
        {actionData && "continueError" in actionData && (
          <div className="mt-4">
            <FormNotice tone="error">{actionData.continueError}</FormNotice>
          </div>
        )}
        <StepActions back="experience" isSubmitting={sending("continue")} label={t("documents.continueToReview")} />
      </StepForm>
    </>
  );
}

/**
 * One of the step's forms (buttons, hidden fields and a file), checked by its own schema before
 * it is sent; what the server refuses comes back as the step's notices.
 */
function StepForm({
  schema,
  id,
  ...props
}: Omit<ComponentProps<typeof Form>, "method" | "id"> & {
  schema: typeof DeleteDocumentSchema | typeof ContinueFromDocumentsSchema | typeof UploadDocumentSchema;
  id: string;
}) {
  const [form] = useSchemaForm(schema, { id });
  return <Form method="post" {...getFormProps(form)} {...props} />;
}

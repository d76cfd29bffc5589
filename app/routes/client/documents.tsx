import { getFormProps } from "@conform-to/react";
import { FileText } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, useActionData, useFetcher, useRevalidator } from "react-router";
import { currentUserContext } from "~/platform/auth/guards.server";
import { CardSection, EmptyNote } from "~/components/card-section";
import { useFileSize } from "~/components/file-size";
import {
  FileField,
  FormNotice,
  linkClass,
  primaryButtonClass,
  secondaryButtonClass,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/form-controls";
import { UploadProgress, useUploadWithProgress } from "~/components/upload-progress";
import { useSchemaForm } from "~/components/use-schema-form";
import { ViewerMoment } from "~/components/viewer-time-zone";
import {
  CARE_DOCUMENT_KINDS,
  CARE_DOCUMENT_MAX_BYTES,
  DeleteCareDocumentSchema,
  ShareCareDocumentSchema,
  UploadCareDocumentSchema,
  type CareDocumentKind,
} from "~/features/care-documents/care-documents";
import { listFamilyDocuments, type FamilyDocument } from "~/features/care-documents/care-documents.server";
import { listCareRecipients } from "~/features/care-requests/recipients.server";
import { metaT, useFormat, useT } from "~/i18n/react";
import type { Route } from "./+types/documents";
import { documentsAction, type DocumentsAnswer } from "./documents.server";

// The family's care documents (docs/product-rules.md, "Care documents"): upload with the upload rules of every
// private file, share each one with the caregiver of a confirmed or in-progress order, delete, and see who read
// what and when.

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches, "documents");
  return [{ title: t("page.metaTitle") }, { name: "description", content: t("page.metaDescription") }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(currentUserContext);
  const [family, recipients] = await Promise.all([
    listFamilyDocuments({ actor: user }),
    listCareRecipients({ actor: user }),
  ]);
  return { ...family, recipients: recipients.map(({ id, fullName }) => ({ id, fullName })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status } = await documentsAction(context.get(currentUserContext), request);
  return data(body, { status });
}

type Order = Route.ComponentProps["loaderData"]["orders"][number];
type Read = Route.ComponentProps["loaderData"]["reads"][number];

/** Under each document, its latest reads; every one is in the log below. */
const READS_PER_DOCUMENT = 3;

/** Who read: "Elena D., caregiver · order TN-…" or "Avery A., Tendly team". */
function ReaderName({ read }: { read: Read }) {
  const { t } = useT("documents");
  return read.readerRole === "admin"
    ? t("reads.admin", { name: read.readerName })
    : t("reads.caregiver", { name: read.readerName, orderNumber: read.orderNumber ?? "" });
}

export default function Documents({ loaderData }: Route.ComponentProps) {
  const { t } = useT("documents");
  const { documents, orders, reads, recipients } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t("page.heading")}</h1>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-200">{t("page.intro")}</p>
      </header>
      <UploadSection recipients={recipients} />
      <CardSection id="documents-heading" title={t("list.heading")}>
        {documents.length === 0 ? (
          <EmptyNote>{t("list.empty")}</EmptyNote>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {documents.map((document) => (
              <DocumentItem
                key={document.id}
                document={document}
                orders={orders}
                reads={reads.filter((read) => read.documentId === document.id)}
              />
            ))}
          </ul>
        )}
      </CardSection>
      <CardSection id="reads-heading" title={t("reads.heading")} intro={t("reads.intro")}>
        {reads.length === 0 ? (
          <EmptyNote>{t("reads.empty")}</EmptyNote>
        ) : (
          <ul aria-label={t("reads.heading")} className="mt-3 divide-y divide-slate-200 dark:divide-slate-700">
            {reads.map((read) => (
              <li key={read.id} className="py-3">
                <p className="font-medium text-slate-900 dark:text-white">
                  {read.documentDeleted
                    ? t("reads.deletedDocument", { title: read.documentTitle })
                    : read.documentTitle}
                </p>
                <p className="text-slate-700 dark:text-slate-200">
                  <ReaderName read={read} />
                </p>
                <ViewerMoment at={read.readAt} className="text-sm text-slate-600 dark:text-slate-300" />
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </div>
  );
}

function UploadSection({ recipients }: { recipients: { id: string; fullName: string }[] }) {
  const { t } = useT("documents");
  const actionData = useActionData<typeof action>();
  const revalidator = useRevalidator();
  const upload = useUploadWithProgress<DocumentsAnswer>();
  const [answer, setAnswer] = useState<DocumentsAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = answer ?? actionData ?? null;
  const [form, fields] = useSchemaForm(UploadCareDocumentSchema, {
    id: "upload-document",
    lastResult: shown && "result" in shown ? shown.result : null,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<CareDocumentKind>("care_plan");
  const formProps = getFormProps(form);
  const error = shown && "error" in shown ? shown : null;
  const uploaded = shown && "done" in shown && shown.done === "uploaded" ? shown : null;
  useEffect(() => {
    if (actionData && "done" in actionData && actionData.done === "uploaded") formRef.current?.reset();
  }, [actionData]);

  return (
    <CardSection id="upload-heading" title={t("upload.heading")}>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        {...formProps}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          // With JavaScript the file goes with its progress shown; the answer is the page's own.
          event.preventDefault();
          const target = event.currentTarget;
          const sent = new FormData(target);
          setFailed(false);
          // A file over the limit is not sent at all; the server says the same of one that gets through.
          const file = sent.get("file");
          if (file instanceof File && file.size > CARE_DOCUMENT_MAX_BYTES) {
            setAnswer({ error: t("errors.tooLarge"), field: "file" });
            return;
          }
          setAnswer(null);
          void upload.send("/dashboard/documents/upload", sent).then(({ status, body }) => {
            if (status === 0 || !body) {
              setFailed(true);
              return;
            }
            setAnswer(body);
            if ("done" in body) {
              target.reset();
              setKind("care_plan");
              void revalidator.revalidate();
            }
          });
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <input type="hidden" name="intent" value="upload" />
        <SelectField
          label={t("upload.kind")}
          field={fields.kind}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as CareDocumentKind)}
        >
          {CARE_DOCUMENT_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kinds.${value}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t("upload.title")} hint={t("upload.titleHint")} field={fields.title} autoComplete="off" />
        {recipients.length > 0 && (
          <SelectField label={t("upload.recipient")} field={fields.careRecipientId}>
            <option value="">{t("upload.recipientNone")}</option>
            {recipients.map((recipient) => (
              <option key={recipient.id} value={recipient.id}>
                {recipient.fullName}
              </option>
            ))}
          </SelectField>
        )}
        {kind === "care_plan" && (
          <TextAreaField
            label={t("upload.tasks")}
            hint={t("upload.tasksHint")}
            field={fields.tasks}
            rows={4}
            className="sm:col-span-2"
          />
        )}
        <FileField
          label={t("upload.file")}
          hint={t("upload.fileHint")}
          name="file"
          error={error?.field === "file" ? error.error : undefined}
          accept=".pdf,image/jpeg,image/png,image/webp,image/heic,.heic"
          className="sm:col-span-2"
        />
        <div className="sm:col-span-2">
          {error && error.field !== "file" && <FormNotice tone="error">{error.error}</FormNotice>}
          {failed && <FormNotice tone="error">{t("upload.failed")}</FormNotice>}
          {uploaded && <FormNotice tone="success">{t("upload.uploaded", { title: uploaded.title ?? "" })}</FormNotice>}
          <UploadProgress
            state={upload.state}
            sendingLabel={(percent) => t("upload.progress", { percent })}
            processingLabel={t("upload.processing")}
          />
          <button
            type="submit"
            className={`${primaryButtonClass} mt-3`}
            disabled={upload.busy}
            aria-busy={upload.busy || undefined}
          >
            {upload.busy ? t("upload.sending") : t("upload.submit")}
          </button>
        </div>
      </Form>
    </CardSection>
  );
}

function DocumentItem({ document, orders, reads }: { document: FamilyDocument; orders: Order[]; reads: Read[] }) {
  const { t } = useT("documents");
  const format = useFormat();
  const formatSize = useFileSize();
  const confirm = useRef<HTMLDetailsElement>(null);
  const remover = useFetcher<DocumentsAnswer>();
  const [deleteForm] = useSchemaForm(DeleteCareDocumentSchema, { id: `delete-${document.id}` });
  const deleteError = remover.data && "error" in remover.data ? remover.data.error : null;
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-start gap-3">
        <FileText aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold wrap-anywhere text-slate-900 dark:text-white">{document.title}</h3>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            {t(`kinds.${document.kind}`)}
            {document.recipientName ? ` · ${t("list.about", { name: document.recipientName })}` : ""}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("list.uploadedOn", { date: format.date(document.createdAt), size: formatSize(document.byteSize) })}
          </p>
          <a href={document.url} target="_blank" rel="noreferrer" className={`${linkClass} wrap-anywhere`}>
            {t("list.open", { name: document.originalName })}
            <span className="sr-only"> {t("list.opensInNewTab")}</span>
          </a>
        </div>
      </div>
      {document.tasks.length > 0 && (
        <div className="mt-3 pl-8">
          <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{t("list.tasksHeading")}</h4>
          <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-200">
            {document.tasks.map((task) => (
              <li key={task}>{task}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3 pl-8">
        <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{t("list.sharingHeading")}</h4>
        {orders.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("list.noOrders")}</p>
        ) : (
          <ul className="mt-1 space-y-2">
            {orders.map((order) => (
              <ShareRow
                key={order.id}
                document={document}
                order={order}
                shared={document.sharedWith.includes(order.id)}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3 pl-8">
        <h4 className="text-sm font-semibold text-slate-800 dark:text-slate-100">{t("list.readsHeading")}</h4>
        {reads.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("list.notRead")}</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm text-slate-700 dark:text-slate-200">
            {reads.slice(0, READS_PER_DOCUMENT).map((read) => (
              <li key={read.id}>
                <ReaderName read={read} /> · <ViewerMoment at={read.readAt} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="mt-3 pl-8">
        {/* A disclosure: the question opens without JavaScript too, and the form posts to the page. */}
        <details ref={confirm}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-red-700 underline dark:text-red-300">
            {t("list.delete")}
            <span className="sr-only"> {document.title}</span>
          </summary>
          <remover.Form method="post" {...getFormProps(deleteForm)} className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="documentId" value={document.id} />
            <p className="text-slate-900 dark:text-white">{t("list.deleteQuestion", { title: document.title })}</p>
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                className={`${secondaryButtonClass} text-red-800 dark:text-red-300`}
                disabled={remover.state !== "idle"}
              >
                {t("list.deleteConfirm")}
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  if (confirm.current) confirm.current.open = false;
                }}
              >
                {t("list.deleteCancel")}
              </button>
            </div>
          </remover.Form>
        </details>
        {deleteError && <FormNotice tone="error">{deleteError}</FormNotice>}
      </div>
    </li>
  );
}

function ShareRow({ document, order, shared }: { document: FamilyDocument; order: Order; shared: boolean }) {
  const { t } = useT("documents");
  const fetcher = useFetcher<DocumentsAnswer>();
  const [form] = useSchemaForm(ShareCareDocumentSchema, { id: `share-${document.id}-${order.id}` });
  // What the family asked for shows at once; the page's data follows.
  const pending = fetcher.formData?.get("shared");
  const isShared = pending ? pending === "on" : shared;
  const name = order.caregiverName
    ? t("list.orderCaregiver", { caregiver: order.caregiverName, orderNumber: order.orderNumber })
    : t("list.orderNoCaregiver", { orderNumber: order.orderNumber });
  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error : null;
  return (
    <li>
      <fetcher.Form method="post" {...getFormProps(form)} className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input type="hidden" name="intent" value="share" />
        <input type="hidden" name="documentId" value={document.id} />
        <input type="hidden" name="orderId" value={order.id} />
        <input type="hidden" name="shared" value={isShared ? "off" : "on"} />
        <span className="text-slate-900 dark:text-white">{name}</span>
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-medium ${isShared ? "bg-teal-100 text-teal-900 dark:bg-teal-900 dark:text-teal-50" : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"}`}
        >
          {isShared ? t("list.sharedState") : t("list.notSharedState")}
        </span>
        <button type="submit" className={secondaryButtonClass} disabled={fetcher.state !== "idle"}>
          {isShared ? t("list.stopSharing") : t("list.share")}
          <span className="sr-only">
            {" "}
            {document.title} · {name}
          </span>
        </button>
      </fetcher.Form>
      {error && <FormNotice tone="error">{error}</FormNotice>}
    </li>
  );
}

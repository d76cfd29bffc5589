import { FileText } from "lucide-react";
import { CardSection, EmptyNote } from "~/components/card-section";
import { linkClass } from "~/components/form-controls";
import type { SharedDocument } from "~/features/care-documents/care-documents.server";
import { useT } from "~/i18n/react";

/**
 * The family's documents shared with one order, on its caregiver's page (while the order is confirmed or in
 * progress) and on the administrator's: each link is checked again when it is opened, and every opening is
 * shown to the family (docs/product-rules.md, "Care documents").
 */
export function SharedDocuments({ documents, viewer }: { documents: SharedDocument[]; viewer: "caregiver" | "admin" }) {
  const { t } = useT("documents");
  const heading = viewer === "admin" ? t("shared.adminHeading") : t("shared.heading");
  return (
    <CardSection
      id="shared-documents-heading"
      title={heading}
      intro={viewer === "admin" ? t("shared.adminIntro") : t("shared.intro")}
    >
      {documents.length === 0 ? (
        <EmptyNote>{viewer === "admin" ? t("shared.adminEmpty") : t("shared.empty")}</EmptyNote>
      ) : (
        <ul className="mt-3 space-y-3">
          {documents.map((document) => (
            <li key={document.id} className="flex items-start gap-3">
              <FileText aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
              <div className="min-w-0">
                <a href={document.url} target="_blank" rel="noreferrer" className={`${linkClass} wrap-anywhere`}>
                  {document.title}
                  <span className="sr-only"> {t("list.opensInNewTab")}</span>
                </a>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t(`kinds.${document.kind}`)} · {document.originalName}
                </p>
                {document.tasks.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-sm text-slate-700 dark:text-slate-200">
                    {document.tasks.map((task) => (
                      <li key={task}>{task}</li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

import { useFormat, useT } from "~/i18n/react";

/** A file's size in MB (one decimal) or KB, in the active language's numbers. */
export function useFileSize() {
  const { t } = useT("common");
  const format = useFormat();
  return (bytes: number): string =>
    bytes >= 1024 * 1024
      ? t("fileSize.mb", {
          size: format.number(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
        })
      : t("fileSize.kb", { size: format.number(Math.max(1, Math.round(bytes / 1024))) });
}

import { ImageOff } from "lucide-react";
import { useState, type CSSProperties } from "react";
import { useT } from "~/i18n/react";

type FallbackImageProps = {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  style?: CSSProperties;
  loading?: "lazy" | "eager";
  /** Its size comes from className or style, which the message takes over as it is. */
  /** Too small for the words: the icon shows, the words are read out and come as a tooltip. */
  isCompact?: boolean;
};

/**
 * An image that says "Failed to load image" in its own place when it cannot load (docs/product-rules.md, "Public
 * site and header"), instead of the browser's broken-image mark. Photos of people and of visits use it; the avatar
 * beside a person's name keeps its initial instead (user-avatar.tsx).
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className = "",
  style,
  loading,
  isCompact = false,
}: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const { t } = useT();
  if (failedSrc === src) {
    const message = t("image.failed");
    return (
      <span
        title={message}
        data-image-failed=""
        style={style}
        className={`${className} inline-flex flex-col items-center justify-center gap-1 overflow-hidden border border-dashed border-slate-300 bg-slate-100 px-3 text-center text-xs leading-tight font-medium text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200`}
      >
        <ImageOff aria-hidden="true" className="size-5 shrink-0" />
        <span className={isCompact ? "sr-only" : undefined}>{message}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      className={className}
      style={style}
      onError={() => setFailedSrc(src)}
      // A server-rendered image may fail before hydration attaches onError.
      ref={(img) => {
        if (img?.complete && img.naturalWidth === 0) setFailedSrc(src);
      }}
    />
  );
}

import { useState } from "react";

const SIZES = {
  sm: "size-9 text-sm",
  md: "size-11 text-base",
  lg: "size-14 text-lg",
  xl: "size-24 text-4xl",
} as const;

/**
 * The person's photo, or the first letter of their name when there is none or
 * it fails to load (docs/product-rules.md, "Public site and header"). Decorative: the name is always said beside it.
 */
export function UserAvatar({
  name,
  avatarUrl,
  size = "sm",
}: {
  name: string;
  avatarUrl: string | null;
  size?: keyof typeof SIZES;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  const showImage = !!avatarUrl && failedUrl !== avatarUrl;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-teal-700 font-semibold text-white ${SIZES[size]}`}
    >
      {showImage ? (
        <img
          src={avatarUrl}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(avatarUrl)}
          // A server-rendered image may fail before hydration attaches onError.
          ref={(img) => {
            if (img?.complete && img.naturalWidth === 0) setFailedUrl(avatarUrl);
          }}
        />
      ) : (
        initial
      )}
    </span>
  );
}

// Tendly's mark (public/icons/tendly.svg, a roof sheltering a heart) drawn in
// the page itself: it needs no request, so it shows when images cannot load
// (spec 2.8) and offline. Decorative beside the word "Tendly". Its maximum
// width in percent lets it narrow as the header's <img> did (a replaced
// element's min-content width is then zero), so a crowded header at a large
// text size still fits.

export function TendlyLogo({ className = "size-8 max-w-full rounded-lg" }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" aria-hidden="true" focusable="false" className={className} data-logo="tendly">
      <rect width="512" height="512" rx="112" fill="#0d9488" />
      <path
        d="M120 246 256 126 392 246"
        fill="none"
        stroke="#ffffff"
        strokeWidth="40"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        fill="#ffffff"
        d="M256 404C218 378 150 334 150 276C150 244 174 222 204 222C226 222 245 234 256 252C267 234 286 222 308 222C338 222 362 244 362 276C362 334 294 378 256 404Z"
      />
    </svg>
  );
}

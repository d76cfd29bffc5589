// "App mode": the installed/mobile experience (docs/product-rules.md, "App mode and display preferences"). The browser
// reports what it detects in a cookie so that the server can redirect to the
// right login page without a flash; a stored override (mobile or desktop)
// wins over detection.
export type AppMode = "mobile" | "desktop";

export const DETECTED_MODE_COOKIE = "tendly-mode";
export const MODE_OVERRIDE_COOKIE = "tendly-mode-override";
export const MOBILE_BREAKPOINT_PX = 768;

const MOBILE_UA = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return !!userAgent && MOBILE_UA.test(userAgent);
}

export function parseAppMode(value: string | null | undefined): AppMode | undefined {
  return value === "mobile" || value === "desktop" ? value : undefined;
}

/** What the browser itself detects: installed, narrow, or a mobile device. */
export function detectAppMode(signals: { isStandalone: boolean; width: number; userAgent: string }): AppMode {
  return signals.isStandalone || signals.width <= MOBILE_BREAKPOINT_PX || isMobileUserAgent(signals.userAgent)
    ? "mobile"
    : "desktop";
}

/** The mode in force: override, else what the browser detected, else the request's hints. */
export function resolveAppMode(input: {
  override?: string | null;
  detected?: string | null;
  userAgent?: string | null;
  uaMobileHint?: string | null;
}): AppMode {
  return (
    parseAppMode(input.override) ??
    parseAppMode(input.detected) ??
    (input.uaMobileHint === "?1" || isMobileUserAgent(input.userAgent) ? "mobile" : "desktop")
  );
}

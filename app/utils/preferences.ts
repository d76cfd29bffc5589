import { DETECTED_MODE_COOKIE, MODE_OVERRIDE_COOKIE, parseAppMode, resolveAppMode, type AppMode } from "./app-mode";
import { readCookie } from "./cookies";
import type { RequestLike } from "./request-context";

// Display preferences kept in cookies so the server renders them without a
// flash (docs/product-rules.md, "App mode and display preferences"): theme, text size (accessibility panel), app mode.
export type ThemePreference = "light" | "dark" | "system";
export type TextSize = "normal" | "large" | "x-large";

export const THEME_COOKIE = "tendly-theme";
export const TEXT_SIZE_COOKIE = "tendly-text-size";
/** Set by the page script: what the system prefers, for "follow the system". */
export const SYSTEM_THEME_COOKIE = "tendly-system-theme";

export const TEXT_SIZES: TextSize[] = ["normal", "large", "x-large"];
export const TEXT_SIZE_LABELS: Record<TextSize, string> = { normal: "Normal", large: "Large", "x-large": "X-Large" };

export function parseTheme(value: string | null | undefined): ThemePreference {
  return value === "light" || value === "dark" || value === "system" ? value : "system";
}

export function parseTextSize(value: string | null | undefined): TextSize {
  return value === "large" || value === "x-large" ? value : "normal";
}

export function stepTextSize(current: TextSize, step: -1 | 1): TextSize {
  const index = Math.min(TEXT_SIZES.length - 1, Math.max(0, TEXT_SIZES.indexOf(current) + step));
  return TEXT_SIZES[index]!;
}

export type Preferences = {
  theme: ThemePreference;
  systemTheme: "light" | "dark";
  textSize: TextSize;
  appMode: AppMode;
  modeOverride?: AppMode;
};

export function readPreferences(request: RequestLike): Preferences {
  const cookie = request.headers.get("cookie");
  const override = parseAppMode(readCookie(cookie, MODE_OVERRIDE_COOKIE));
  const hintedScheme = request.headers.get("sec-ch-prefers-color-scheme");
  const systemCookie = readCookie(cookie, SYSTEM_THEME_COOKIE);
  return {
    theme: parseTheme(readCookie(cookie, THEME_COOKIE)),
    systemTheme: (systemCookie ?? hintedScheme) === "dark" ? "dark" : "light",
    textSize: parseTextSize(readCookie(cookie, TEXT_SIZE_COOKIE)),
    appMode: resolveAppMode({
      override,
      detected: readCookie(cookie, DETECTED_MODE_COOKIE),
      userAgent: request.headers.get("user-agent"),
      uaMobileHint: request.headers.get("sec-ch-ua-mobile"),
    }),
    modeOverride: override,
  };
}

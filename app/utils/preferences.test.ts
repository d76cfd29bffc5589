import { describe, expect, test } from "vitest";
import { DETECTED_MODE_COOKIE, MODE_OVERRIDE_COOKIE } from "./app-mode";
import {
  parseTextSize,
  parseTheme,
  readPreferences,
  stepTextSize,
  SYSTEM_THEME_COOKIE,
  TEXT_SIZE_COOKIE,
  THEME_COOKIE,
} from "./preferences";

function request(headers: Record<string, string> = {}) {
  return new Request("http://127.0.0.1:3000/", { headers });
}

describe("parseTheme and parseTextSize", () => {
  test("keep known values and fall back to the defaults", () => {
    expect(parseTheme("light")).toBe("light");
    expect(parseTheme("dark")).toBe("dark");
    expect(parseTheme("system")).toBe("system");
    expect(parseTheme("purple")).toBe("system");
    expect(parseTheme(undefined)).toBe("system");

    expect(parseTextSize("large")).toBe("large");
    expect(parseTextSize("x-large")).toBe("x-large");
    expect(parseTextSize("normal")).toBe("normal");
    expect(parseTextSize("huge")).toBe("normal");
    expect(parseTextSize(null)).toBe("normal");
  });
});

describe("stepTextSize", () => {
  test("moves one size up or down", () => {
    expect(stepTextSize("normal", 1)).toBe("large");
    expect(stepTextSize("large", 1)).toBe("x-large");
    expect(stepTextSize("x-large", -1)).toBe("large");
    expect(stepTextSize("large", -1)).toBe("normal");
  });

  test("stops at the smallest and the largest size", () => {
    expect(stepTextSize("normal", -1)).toBe("normal");
    expect(stepTextSize("x-large", 1)).toBe("x-large");
  });
});

describe("readPreferences", () => {
  test("defaults for a first visit from a desktop browser", () => {
    expect(readPreferences(request())).toEqual({
      theme: "system",
      systemTheme: "light",
      textSize: "normal",
      appMode: "desktop",
      modeOverride: undefined,
    });
  });

  test("reads every preference from its cookie", () => {
    const cookie = [
      `${THEME_COOKIE}=dark`,
      `${TEXT_SIZE_COOKIE}=x-large`,
      `${SYSTEM_THEME_COOKIE}=dark`,
      `${MODE_OVERRIDE_COOKIE}=mobile`,
      `${DETECTED_MODE_COOKIE}=desktop`,
    ].join("; ");
    expect(readPreferences(request({ cookie }))).toEqual({
      theme: "dark",
      systemTheme: "dark",
      textSize: "x-large",
      appMode: "mobile",
      modeOverride: "mobile",
    });
  });

  test("the system theme comes from the cookie first, then the client hint", () => {
    expect(readPreferences(request({ "sec-ch-prefers-color-scheme": "dark" })).systemTheme).toBe("dark");
    expect(
      readPreferences(request({ "sec-ch-prefers-color-scheme": "dark", cookie: `${SYSTEM_THEME_COOKIE}=light` }))
        .systemTheme,
    ).toBe("light");
  });

  test("without cookies the app mode follows the request's mobile hints", () => {
    expect(readPreferences(request({ "sec-ch-ua-mobile": "?1" })).appMode).toBe("mobile");
    expect(readPreferences(request({ "user-agent": "Mozilla/5.0 (iPhone) Mobile" })).appMode).toBe("mobile");
  });

  test("ignores tampered cookie values", () => {
    const cookie = `${THEME_COOKIE}=<script>; ${TEXT_SIZE_COOKIE}=999; ${MODE_OVERRIDE_COOKIE}=tablet`;
    const preferences = readPreferences(request({ cookie }));
    expect(preferences).toMatchObject({ theme: "system", textSize: "normal", appMode: "desktop" });
    expect(preferences.modeOverride).toBeUndefined();
  });
});

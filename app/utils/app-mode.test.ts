import { describe, expect, test } from "vitest";
import { detectAppMode, isMobileUserAgent, parseAppMode, resolveAppMode } from "./app-mode";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("isMobileUserAgent", () => {
  test("recognises phones and not desktop browsers", () => {
    expect(isMobileUserAgent(IPHONE)).toBe(true);
    expect(isMobileUserAgent(ANDROID)).toBe(true);
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
    expect(isMobileUserAgent("")).toBe(false);
    expect(isMobileUserAgent(null)).toBe(false);
    expect(isMobileUserAgent(undefined)).toBe(false);
  });
});

describe("parseAppMode", () => {
  test("accepts only the two modes", () => {
    expect(parseAppMode("mobile")).toBe("mobile");
    expect(parseAppMode("desktop")).toBe("desktop");
    expect(parseAppMode("Mobile")).toBeUndefined();
    expect(parseAppMode("auto")).toBeUndefined();
    expect(parseAppMode(null)).toBeUndefined();
    expect(parseAppMode(undefined)).toBeUndefined();
  });
});

describe("detectAppMode", () => {
  test("an installed app is mobile whatever its width", () => {
    expect(detectAppMode({ isStandalone: true, width: 1440, userAgent: DESKTOP })).toBe("mobile");
  });

  test("768 px and narrower is mobile; wider desktop browsers are desktop", () => {
    expect(detectAppMode({ isStandalone: false, width: 768, userAgent: DESKTOP })).toBe("mobile");
    expect(detectAppMode({ isStandalone: false, width: 769, userAgent: DESKTOP })).toBe("desktop");
  });

  test("a mobile device is mobile even when wide (tablet in landscape)", () => {
    expect(detectAppMode({ isStandalone: false, width: 1280, userAgent: ANDROID })).toBe("mobile");
  });
});

describe("resolveAppMode", () => {
  test("a stored override wins over detection and request hints", () => {
    expect(resolveAppMode({ override: "desktop", detected: "mobile", userAgent: IPHONE })).toBe("desktop");
    expect(resolveAppMode({ override: "mobile", detected: "desktop", userAgent: DESKTOP })).toBe("mobile");
  });

  test("what the browser detected wins over the user agent", () => {
    expect(resolveAppMode({ detected: "desktop", userAgent: IPHONE })).toBe("desktop");
    expect(resolveAppMode({ detected: "mobile", userAgent: DESKTOP })).toBe("mobile");
  });

  test("ignores unknown values and falls back to the request's hints", () => {
    expect(resolveAppMode({ override: "tablet", detected: "bogus", userAgent: IPHONE })).toBe("mobile");
    expect(resolveAppMode({ uaMobileHint: "?1", userAgent: DESKTOP })).toBe("mobile");
    expect(resolveAppMode({ uaMobileHint: "?0", userAgent: DESKTOP })).toBe("desktop");
    expect(resolveAppMode({})).toBe("desktop");
  });
});

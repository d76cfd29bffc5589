import { describe, expect, test } from "vitest";
import { isCrossSiteWrite } from "./same-origin";

const APP = "http://127.0.0.1:3000";

describe("isCrossSiteWrite", () => {
  test("reads are never refused", () => {
    expect(isCrossSiteWrite({ method: "GET", origin: "https://evil.test", secFetchSite: "cross-site" }, APP)).toBe(
      false,
    );
  });

  test("a post from the app's own pages passes", () => {
    expect(isCrossSiteWrite({ method: "POST", origin: APP, secFetchSite: "same-origin" }, APP)).toBe(false);
  });

  test("a post from another site is refused by Origin or by Sec-Fetch-Site", () => {
    expect(isCrossSiteWrite({ method: "POST", origin: "https://evil.test" }, APP)).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", secFetchSite: "cross-site" }, APP)).toBe(true);
    expect(isCrossSiteWrite({ method: "POST", origin: "http://localhost:3000" }, APP)).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", origin: "null" }, APP)).toBe(true);
  });

  test("a sibling subdomain is another site for us", () => {
    expect(isCrossSiteWrite({ method: "POST", secFetchSite: "same-site" }, "https://tendly.example")).toBe(true);
  });

  test("requests without browser headers pass (no ambient cookies to abuse)", () => {
    expect(isCrossSiteWrite({ method: "POST" }, APP)).toBe(false);
  });
});

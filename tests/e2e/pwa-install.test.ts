import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./chrome-helpers";

// The installable app: the web app manifest is served and linked, its icons
// load at the sizes it claims, and Chromium considers the app installable.

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(1, 4).toString("latin1"), "PNG signature").toBe("PNG");
  return `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
}

// With the service worker, as the installed app runs (fixtures.ts leaves it out elsewhere).
test.use({ withServiceWorker: true });

test("the manifest is linked from every page and describes Tendly", async ({ page, request }) => {
  await page.goto("/about");
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");

  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  // Re-checked on every visit (server/app.ts), so a new version is seen at once.
  expect(response.headers()["cache-control"]).toBe("no-cache");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    id: "/",
    name: "Tendly",
    short_name: "Tendly",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: "#0d9488",
    background_color: "#ffffff",
  });
  expect(manifest.description).toBeTruthy();

  const icons: { src: string; sizes: string; type: string; purpose?: string }[] = manifest.icons;
  const pngIcons = icons.filter((icon) => icon.type === "image/png");
  expect(pngIcons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toContain(icon.type);
    if (icon.type === "image/png") expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
});

test("the favicon and the home-screen icon for iOS load", async ({ page, request }) => {
  await page.goto("/");
  const favicon = await page.locator('head link[rel="icon"]').getAttribute("href");
  const appleTouchIcon = await page.locator('head link[rel="apple-touch-icon"]').getAttribute("href");

  const svg = await request.get(favicon!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");

  const png = await request.get(appleTouchIcon!);
  expect(png.status()).toBe(200);
  expect(pngSize(await png.body())).toBe("180x180");
});

test("Chromium considers Tendly installable", async ({ baseURL }, testInfo) => {
  // Playwright's ordinary contexts are incognito, where Chromium never offers
  // installation ("in-incognito"); a persistent profile is a normal window.
  const profile = mkdtempSync(path.join(tmpdir(), "tendly-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto("/");
    // The service worker registers under our strict CSP (no inline script), once the page's scripts run: on the
    // home page read signed out, after an interaction.
    await waitForHydration(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    expect(url).toBe(new URL("/manifest.webmanifest", baseURL).href);
    expect(errors).toEqual([]);
    expect(cspViolations).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

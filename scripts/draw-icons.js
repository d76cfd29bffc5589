// `npm run icons`: draws the PNG app icons from public/icons/tendly.svg in
// Chromium, so that every icon comes from the one drawing. Run it after
// changing the SVG and commit the PNGs (they are small).
//
//   icon-192.png, icon-512.png   rounded tile with transparent corners ("any")
//   icon-maskable-512.png        full-bleed tile; the launcher crops it (the mark
//                                stays inside the central 80% safe zone)
//   apple-touch-icon.png (180)   full-bleed and opaque: iOS rounds it itself and
//                                would fill transparent corners with black
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROME_FLAGS, CHROME_PATH } from "./chromium.js";

const ICON_DIR = path.resolve("public/icons");
const SOURCE = path.join(ICON_DIR, "tendly.svg");

const svg = readFileSync(SOURCE, "utf8");
const ROUNDED_TILE = /(<rect id="tile"[^>]*?)\s+rx="[\d.]+"/;
if (!ROUNDED_TILE.test(svg)) throw new Error(`${SOURCE}: expected <rect id="tile" ... rx="..."> for the tile`);
const fullBleedSvg = svg.replace(ROUNDED_TILE, "$1");

const ICONS = [
  { file: "icon-192.png", size: 192, svg, isOpaque: false },
  { file: "icon-512.png", size: 512, svg, isOpaque: false },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleedSvg, isOpaque: true },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleedSvg, isOpaque: true },
];

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buffer) {
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: CHROME_FLAGS,
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString("base64")}`;
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<img src="${src}" width="${icon.size}" height="${icon.size}" alt="" style="display:block"></body></html>`,
    );
    await page.locator("img").evaluate((img) => img.decode());
    const png = await page.screenshot({
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      omitBackground: !icon.isOpaque,
    });
    const { width, height } = pngSize(png);
    if (width !== icon.size || height !== icon.size) {
      throw new Error(`${icon.file}: drew ${width}x${height}, expected ${icon.size}x${icon.size}`);
    }
    writeFileSync(path.join(ICON_DIR, icon.file), png);
    console.log(`public/icons/${icon.file}  ${width}x${height}  ${png.length} bytes`);
  }
} finally {
  await browser.close();
}

// The favicon is the same drawing.
copyFileSync(SOURCE, path.resolve("public/favicon.svg"));
console.log("public/favicon.svg  copied from public/icons/tendly.svg");

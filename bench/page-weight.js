// What a page carries before any interaction (docs/decisions/0041-what-a-page-carries.md),
// measured against a running production server (BENCH_URL, default http://127.0.0.1:3000):
// the HTML of `/`, `/?lang=es`, `/services`, `/providers` and the demo family's /dashboard, raw and gzip -9,
// and the JavaScript before interaction: the page's module scripts and modulepreload links (and, for a page
// that starts on interaction, what its first interaction loads),
// each gzip -9, summed; and the translation files it loads before hydrating (its preload links; kept by the
// browser, so fetched once per language). Goals (docs/decisions/0041-what-a-page-carries.md): `/` at most 40 KB of HTML and 120 KB of JavaScript gzipped.
// Run: `npm run build`, `PORT=3000 npm start`, then `npm run bench:weight`.
import { gzipSync } from "node:zlib";

const baseUrl = process.env.BENCH_URL ?? "http://127.0.0.1:3000";
const GOALS = { html: 40 * 1024, js: 120 * 1024 };
const FAMILY = { email: "client@demo.tendly.test", password: "DemoPass123!" };

const gzipSize = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function signIn() {
  const response = await fetch(`${baseUrl}/login/desktop`, {
    method: "POST",
    body: new URLSearchParams(FAMILY),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in answered ${response.status}`);
  return cookies.join("; ");
}

/**
 * The JavaScript a page's HTML asks for before any interaction: module scripts and modulepreloads, and the
 * imports of its inline module scripts (React Router's). A page that starts on interaction
 * (docs/decisions/0055-public-pages-start-on-interaction.md) has none: its module script and preloads wait
 * under a type and a relation no browser runs; `waiting` reads those instead, what the first interaction loads.
 */
function scriptUrls(html, { waiting = false } = {}) {
  const preloadRel = waiting ? "x-tendly-waiting-modulepreload" : "modulepreload";
  const moduleType = waiting ? "text/x-tendly-waiting-module" : "module";
  const urls = new Set();
  for (const match of html.matchAll(new RegExp(`<link[^>]*rel="${preloadRel}"[^>]*>`, "g"))) {
    const href = /href="([^"]+)"/.exec(match[0]);
    if (href) urls.add(href[1]);
  }
  for (const match of html.matchAll(new RegExp(`<script[^>]*type="${moduleType}"[^>]*src="([^"]+)"`, "g")))
    urls.add(match[1]);
  // The imports of the inline module script (React Router's), in the scripts of that type only.
  for (const [, body] of html.matchAll(
    new RegExp(`<script[^>]*type="${moduleType}"[^>]*>([\\s\\S]*?)</script>`, "g"),
  )) {
    for (const match of body.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]);
    for (const match of body.matchAll(/import \* as \w+ from "(\/assets\/[^"]+\.js)"/g)) urls.add(match[1]);
  }
  return [...urls];
}

/** The translation files the page loads before it hydrates: its preload links (docs/decisions/0041-what-a-page-carries.md). */
function translationUrls(html) {
  return [...html.matchAll(/<link[^>]*data-i18n-namespace[^>]*>/g)].flatMap((match) => {
    const href = /href="([^"]+)"/.exec(match[0]);
    return href ? [href[1]] : [];
  });
}

const sizesOf = (urls) =>
  Promise.all(urls.map(async (url) => gzipSize(await (await fetch(new URL(url, baseUrl))).text())));
const sum = (sizes) => sizes.reduce((total, size) => total + size, 0);

async function measure(path, cookie) {
  const response = await fetch(`${baseUrl}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  const html = await response.text();
  const urls = scriptUrls(html);
  const waiting = scriptUrls(html, { waiting: true });
  const translations = translationUrls(html);
  return {
    waitingFiles: waiting.length,
    waitingGzip: sum(await sizesOf(waiting)),
    path,
    html: Buffer.byteLength(html),
    htmlGzip: gzipSize(html),
    files: urls.length,
    jsGzip: sum(await sizesOf(urls)),
    translationFiles: translations.length,
    translationGzip: sum(await sizesOf(translations)),
  };
}

const cookie = await signIn();
const rows = [
  await measure("/"),
  await measure("/?lang=es"),
  await measure("/services"),
  await measure("/providers"),
  await measure("/dashboard", cookie),
];
console.log(
  "page                HTML       HTML gzip   JS files   JS gzip    translations (gzip, cached)   JS on the first interaction",
);
for (const row of rows) {
  console.log(
    `${row.path.padEnd(18)}  ${kb(row.html).padStart(9)}  ${kb(row.htmlGzip).padStart(9)}  ${String(row.files).padStart(8)}  ${kb(row.jsGzip).padStart(9)}  ${String(row.translationFiles).padStart(3)}  ${kb(row.translationGzip).padStart(9)}  ${row.waitingFiles ? `${String(row.waitingFiles).padStart(3)}  ${kb(row.waitingGzip).padStart(9)}` : "  -"}`,
  );
}
const home = rows[0];
const htmlOk = home.htmlGzip <= GOALS.html;
const jsOk = home.jsGzip <= GOALS.js;
console.log(`/ HTML gzip ${kb(home.htmlGzip)} (goal ${kb(GOALS.html)}): ${htmlOk ? "met" : "MISSED"}`);
console.log(`/ JS gzip ${kb(home.jsGzip)} (goal ${kb(GOALS.js)}): ${jsOk ? "met" : "MISSED"}`);
process.exitCode = htmlOk && jsOk ? 0 : 1;

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { pwaOptions } from "./app/utils/pwa-manifest.ts";

/** Bundled into the server build rather than imported from node_modules (docs/decisions/0045-memory.md). */
const BUNDLED_ON_SERVER = [
  /^drizzle-orm(\/|$)/,
  /^better-auth(\/|$)/,
  /^@better-auth\//,
  /^kysely(\/|$)/,
  /^zod(\/|$)/,
  /^lucide-react(\/|$)/,
];
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** Packages the public pages load anyway (the react group, icons, the router's own dependencies). */
const LIGHT_PACKAGES =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|lucide-react|cookie-es|@remix-run)[\\/]/;

/**
 * Groups of modules for the public pages, found once the client graph is
 * complete (bench/RESULTS.md). The chrome: what the root route (around every
 * page) imports statically, which every page loads anyway. The public parts:
 * our own modules that two or more public pages import statically, when they
 * bring no other package along. Each group goes out as one chunk instead of a
 * dozen small shared ones, each a request with its own headers.
 */
function routeGraphs() {
  const chrome = new Set<string>();
  const publicParts = new Set<string>();
  const plugin: Plugin = {
    name: "tendly:route-graphs",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      const staticGraph = (entry: string) => {
        const seen = new Set<string>();
        const pending = [...(this.getModuleInfo(entry)?.importedIds ?? [])];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          // The icons' barrel leads to every icon of the app: the icons group sorts them.
          if (!ICONS.test(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      chrome.clear();
      publicParts.clear();
      const root = ids.find((id) => /[\\/]app[\\/]root\.tsx(\?|$)/.test(id));
      for (const id of root ? [root, ...staticGraph(root)] : []) if (!ICONS.test(id)) chrome.add(id);
      // React Router loads each page module twice (the file, and the same file with a
      // query for its client part): a page is counted once, with the imports of both.
      const pageModules = new Map<string, string[]>();
      for (const page of ids.filter((id) => /[\\/]app[\\/]routes[\\/]public[\\/][^/\\]+\.tsx(\?|$)/.test(id))) {
        const file = page.split("?")[0]!;
        pageModules.set(file, [...(pageModules.get(file) ?? []), page]);
      }
      const pages = new Map<string, number>();
      for (const modules of pageModules.values()) {
        for (const id of new Set(modules.flatMap((module) => [...staticGraph(module)])))
          pages.set(id, (pages.get(id) ?? 0) + 1);
      }
      for (const [id, count] of pages) {
        if (count < 2 || chrome.has(id) || NODE_MODULES.test(id)) continue;
        const bringsPackage = [...staticGraph(id)].some((dep) => NODE_MODULES.test(dep) && !LIGHT_PACKAGES.test(dep));
        if (!bringsPackage) publicParts.add(id);
      }
    },
  };
  return { plugin, isChrome: (id: string) => chrome.has(id), isPublicPart: (id: string) => publicParts.has(id) };
}

const graphs = routeGraphs();

// The service worker imports the web push handler (public/sw-push.js). Its
// address carries a hash of its content, so that a changed handler changes
// the worker and reaches browsers as an update.
const pushHandlerHash = createHash("sha256")
  .update(readFileSync(new URL("./public/sw-push.js", import.meta.url)))
  .digest("hex")
  .slice(0, 10);
const pwa = { ...pwaOptions, workbox: { ...pwaOptions.workbox, importScripts: [`/sw-push.js?v=${pushHandlerHash}`] } };

const brotli = promisify(brotliCompress);

/**
 * A brotli copy (best quality, too slow to compress per request) beside each
 * script and style sheet of the client build; server/app.ts serves it to
 * browsers that accept br, the others get gzip on the fly as before.
 */
function precompressAssets(): Plugin {
  return {
    name: "tendly:precompress-assets",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const directory = options.dir ?? "build/client";
      const files = Object.keys(bundle).filter((fileName) => /\.(js|css)$/.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(directory, fileName);
          const compressed = await brotli(await readFile(file), {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
          });
          await writeFile(`${file}.br`, compressed);
        }),
      );
    },
  };
}

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // zod, set up for the browser's Content-Security-Policy before any schema is made (app/utils/zod-in-browser.ts).
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, "app/utils/zod-in-browser.ts") }],
  },
  plugins: [tailwindcss(), reactRouter(), VitePWA(pwa), graphs.plugin, precompressAssets()],
  environments: {
    // The express host is part of the server build (STACK-NOTES: RR8 reads the
    // custom entry from here, not from build.rollupOptions).
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      // Packages whose ES module graphs (hundreds of small modules) cost a process far more memory to link
      // than their code, carried inside the server build instead (docs/decisions/0045-memory.md).
      resolve: { noExternal: BUNDLED_ON_SERVER },
    },
  },
  build: {
    rollupOptions: {
      output: {
        // Fewer, larger chunks for the public pages: React and the router in
        // one, every icon in one, the chrome in one, what public pages share
        // in one, the service worker's registration in one.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: "icons", test: ICONS },
            { name: "chrome", test: graphs.isChrome },
            { name: "public", test: graphs.isPublicPart },
            { name: "pwa-register", test: /virtual:pwa-register|[\\/]workbox-window[\\/]/ },
          ],
        },
      },
    },
  },
  server: { host: "127.0.0.1" },
});

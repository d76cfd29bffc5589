import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vite";
import { pwaOptions } from "./app/utils/pwa-manifest.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), VitePWA(pwaOptions)],
  environments: {
    // The express host is part of the server build (STACK-NOTES: RR8 reads the
    // custom entry from here, not from build.rollupOptions).
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  server: { host: "127.0.0.1" },
});

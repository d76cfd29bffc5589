import type { VitePWAOptions } from "vite-plugin-pwa";

export const pwaOptions: Partial<VitePWAOptions> = {
  // React Router writes the client build here (STACK-NOTES).
  outDir: "build/client",
  registerType: "prompt",
  injectRegister: false,
  manifest: {
    name: "Tendly",
    short_name: "Tendly",
    description: "Find, book and pay vetted in-home caregivers.",
    theme_color: "#0d9488",
    background_color: "#ffffff",
    display: "standalone",
    start_url: "/",
    scope: "/",
    icons: [],
  },
  workbox: { navigateFallback: null },
};

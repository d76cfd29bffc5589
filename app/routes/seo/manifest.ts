import { getFixedT } from "~/i18n/i18n.server";
import { pwaOptions } from "~/utils/pwa-manifest";

// The web app manifest in Spanish (root.tsx links it on Spanish pages); the
// English one is the static file the build writes (utils/pwa-manifest.ts).
// Same id, icons and scope: one app, described in the person's language.
export function loader() {
  const t = getFixedT("es", "common");
  const manifest = pwaOptions.manifest || {};
  const body = {
    ...manifest,
    lang: "es",
    description: t("manifest.description"),
    // start_url stays "/": the account or cookie chooses the language, not the icon.
    shortcuts: [
      {
        name: t("manifest.findCare"),
        short_name: t("manifest.findCare"),
        url: "/request",
        description: t("manifest.requestCaregiver"),
      },
    ],
  };
  return new Response(JSON.stringify(body), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}

import { isClientNamespace, isLocale } from "~/i18n/config";
import { translationFile } from "~/i18n/i18n.server";
import type { Route } from "./+types/translations";

// One namespace of one language, as the browser loads it (docs/decisions/0041-what-a-page-carries.md):
// `/i18n/<locale>/<namespace>.<hash>.json`, the hash naming the content, so the browser and the
// service worker keep it for a year. Public texts, the same for everyone: no session is read.
// An address with an older hash (a page from before a deploy) gets today's text, kept for no time.
const FILE = /^([a-z-]+)\.([0-9a-f]{12})\.json$/;

export function loader({ params }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  const namespace = match?.[1];
  if (!match || !isLocale(params.locale) || !namespace || !isClientNamespace(namespace)) {
    return new Response("Not found", { status: 404 });
  }
  const file = translationFile(params.locale, namespace);
  const current = file.address.endsWith(`.${match[2]}.json`);
  return new Response(file.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

import { buildCalendarFeed } from "~/features/calendar/calendar-feed.server";
import { isAppError } from "~/utils/app-error";
import { siteOrigin } from "./calendar-feed.server";
import type { Route } from "./+types/calendar-ics";

// A caregiver's private calendar feed (docs/product-rules.md, "Visits"):
// /calendar/{token}.ics, opened by a phone's calendar with no session, so the
// secret token is the only key. An unknown or reset token is a bare 404 that
// says nothing about why.

const NO_STORE = "private, no-store";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const { ics } = await buildCalendarFeed({ token: params.token, appUrl: siteOrigin(request) });
    return new Response(ics, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="tendly-visits.ics"',
        "Cache-Control": NO_STORE,
        // The URL is the secret: never send it on as a referrer, never index it.
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": NO_STORE },
    });
  }
}

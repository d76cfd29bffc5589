import type { CurrentUser } from "~/platform/auth/session.server";
import { getCalendarToken } from "~/features/calendar/calendar-feed.server";
import { getEnv } from "~/utils/env.server";

// The absolute address of a caregiver's calendar feed, for the panel on
// /caregiver/schedule (calendar-feed-panel.tsx) and the reset's answer.

/** The site's own origin: APP_URL when configured, else the request's. */
export function siteOrigin(request: Request): string {
  const env = getEnv();
  return env.APP_URL ? env.appUrl : new URL(request.url).origin;
}

export function calendarFeedUrl(token: string, request: Request): string {
  return `${siteOrigin(request)}/calendar/${token}.ics`;
}

/** For a loader: the signed-in caregiver's feed URL (the token is made on first ask). */
export async function loadCalendarFeedUrl(user: CurrentUser, request: Request): Promise<string> {
  return calendarFeedUrl(await getCalendarToken({ actor: user }), request);
}

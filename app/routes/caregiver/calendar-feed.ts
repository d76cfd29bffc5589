import { data, redirect } from "react-router";
import { requireRole } from "~/platform/auth/session.server";
import { resetCalendarToken } from "~/features/calendar/calendar-feed.server";
import { getServerT } from "~/i18n/i18n.server";
import { isDataRequest } from "~/platform/auth/redirects";
import { ResetCalendarFeedSchema } from "~/features/calendar/calendar.schema";
import { parseForm } from "~/utils/form-data.server";
import { calendarFeedUrl } from "./calendar-feed.server";
import type { Route } from "./+types/calendar-feed";

// Resets the caregiver's calendar feed link (calendar-feed-panel.tsx): a new
// secret, the old URL answers 404 from now on. POST only; a fetcher gets the
// new URL as JSON, a plain form goes back to the schedule.

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, ["caregiver"]);
  const submission = await parseForm(request, ResetCalendarFeedSchema);
  if (submission.status !== "success") return data({ ok: false as const }, { status: 400 });
  const token = await resetCalendarToken({ actor: user });
  if (!isDataRequest(request)) throw redirect("/caregiver/schedule");
  const { t } = getServerT(request, "evv", user.locale);
  return { ok: true as const, feedUrl: calendarFeedUrl(token, request), message: t("calendar.panel.resetDone") };
}

import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/platform/auth/session.server";
import { loadNotificationCenter } from "~/features/home/notification-center.server";
import { localeOfRequest } from "~/i18n/locale";
import { changeNotifications } from "~/features/notifications/notifications.server";
import { parseForm } from "~/utils/form-data.server";
import { VIEWER_HEADER, viewerHeaderValue } from "~/utils/offline-caches";
import type { Route } from "./+types/notifications";

// The signed-in person's notifications (docs/product-rules.md, "Notifications"): the panel's
// data with its list (GET, when the panel opens or something changed) and changes to them (POST): read, unread,
// archive, delete, read-all.

const ChangeSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["read", "unread", "archive", "delete"]),
    // One id is sent as a single value, several as repeated ones.
    id: z.union([z.uuid().transform((id) => [id]), z.array(z.uuid()).min(1).max(200)]),
  }),
  z.object({ intent: z.literal("read-all") }),
]);

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // Worded in the language of the page that asks.
  const { realtimeAfter: _cursor, ...center } = await loadNotificationCenter(
    user,
    localeOfRequest(request, user.locale),
    { withList: true },
  );
  // Whom the list is for, as on every page: the service worker keeps it beside the caregiver's day for that person
  // only (docs/architecture.md, "Opening the caregiver's day with no signal").
  return data(center, { headers: { "Cache-Control": "no-store", [VIEWER_HEADER]: viewerHeaderValue(user.id) } });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const submission = await parseForm(request, ChangeSchema);
  if (submission.status !== "success") return data({ changed: 0, error: "Unknown change" }, { status: 400 });
  const change = submission.value;
  const changed = await changeNotifications(
    user.id,
    change.intent === "read-all" ? { action: "read-all" } : { action: change.intent, ids: change.id },
  );
  return { changed };
}

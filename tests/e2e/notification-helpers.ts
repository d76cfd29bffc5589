import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { storeNotification } from "~/features/notifications/notifications.server";
import type { NotificationType } from "~/utils/notifications";
import { e2eDatabase } from "./e2e-database";

// The notification panel in the end-to-end tests (docs/product-rules.md, "Notifications panel"): a notification
// stored as the job stores it, and the bell and the panel as a person finds them.

/** Stores a notification dated `ageMs` ago (the job's store, then the date moved back). */
export async function notify(
  userId: string,
  input: { type: NotificationType; title: string; ageMs?: number; actionUrl?: string },
) {
  const db = e2eDatabase();
  const { notification } = await storeNotification(
    db,
    {
      userId,
      type: input.type,
      subtype: null,
      title: input.title,
      message: `About ${input.title}`,
      actionUrl: input.actionUrl ?? null,
    },
    "en",
  );
  if (input.ageMs)
    await db.execute(
      sql`update notifications set created_at = now() - make_interval(secs => ${input.ageMs / 1000}) where id = ${notification.id}`,
    );
  return notification;
}

export function panelOf(page: Page) {
  return page.getByRole("dialog", { name: "Notifications" });
}

export function bellOf(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

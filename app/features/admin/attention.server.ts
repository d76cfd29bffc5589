import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import { countCaregiverQueue } from "~/features/caregiver-vetting/public.server";
import { countCredentialsExpiring } from "~/features/credentials/public.server";
import { countCaregiversAwaitingPayout } from "~/features/earnings/public.server";
import { countVisitExceptions } from "~/features/evv/public.server";
import { countFailedCharges } from "~/features/billing/public.server";
import { countSupportConversationsWaiting } from "~/features/messaging/public.server";
import { countOrdersInStatus } from "~/features/orders/public.server";
import { countSupportTickets } from "~/features/support/public.server";
import { countVisitsNeedingAttention } from "~/features/visits/public.server";

// What needs an administrator now, on the admin home (docs/product-rules.md, "The admin's home"): each
// figure is counted by the owning feature with the same condition its list filters by, and links to that
// list, so the count and the rows it opens cannot disagree (docs/decisions/0039-admin-home-and-analytics.md).

export const ATTENTION_ITEMS = [
  "applications",
  "offers",
  "visits",
  "evv",
  "conversations",
  "tickets",
  "payments",
  "payouts",
  "credentials",
] as const;
export type AttentionItem = (typeof ATTENTION_ITEMS)[number];

/** Where each count leads: the list, filtered to exactly the rows counted. */
export const ATTENTION_LINKS: Record<AttentionItem, string> = {
  applications: "/admin/caregivers?status=pending",
  offers: "/admin/orders?status=offered",
  visits: "/admin/visits#attention-heading",
  evv: "/admin/visits#exceptions-heading",
  conversations: "/admin/support?waiting=1",
  tickets: "/admin/support?status=open#tickets",
  payments: "/admin/billing?payment=failed",
  payouts: "/admin/payouts#pending-heading",
  credentials: "/admin/credentials",
};

export type AttentionCount = { item: AttentionItem; count: number; isCut: boolean; href: string };

type Admin = Pick<CurrentUser, "id" | "roles">;

/** Every count of the admin home, read at `now`, in ATTENTION_ITEMS order. */
export async function readAttention({ actor, now = new Date() }: { actor: Admin; now?: Date }) {
  const messagingActor = { id: actor.id, role: "admin" as const };
  // The counts that are one query each come back together, in one statement
  // (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md); each feature still checks the actor.
  const together = {
    applications: countCaregiverQueue({ actor, status: "pending" }),
    offers: countOrdersInStatus({ actor, status: "offered" }),
    conversations: countSupportConversationsWaiting({ actor: messagingActor }),
    tickets: countSupportTickets({ actor, status: "open" }),
    payments: countFailedCharges({ actor }),
    payouts: countCaregiversAwaitingPayout({ actor }),
    credentials: countCredentialsExpiring({ actor, now }),
  };
  const names = Object.keys(together) as (keyof typeof together)[];
  const [counted, visits, evv] = await Promise.all([
    db.execute<Record<keyof typeof together, string | number>>(
      sql`select ${sql.join(
        names.map((name) => sql`${together[name]} as ${sql.identifier(name)}`),
        sql`, `,
      )}`,
    ),
    countVisitsNeedingAttention({ actor, now }),
    countVisitExceptions({ actor, now }),
  ]);
  const row = counted.rows[0]!;
  const one = (name: keyof typeof together) => ({ count: Number(row[name]), isCut: false });
  const counts: Record<AttentionItem, { count: number; isCut: boolean }> = {
    applications: one("applications"),
    offers: one("offers"),
    visits: { count: visits.total, isCut: visits.isCut },
    evv: { count: evv, isCut: false },
    conversations: one("conversations"),
    tickets: one("tickets"),
    payments: one("payments"),
    payouts: one("payouts"),
    credentials: one("credentials"),
  };
  return ATTENTION_ITEMS.map((item): AttentionCount => ({ item, ...counts[item], href: ATTENTION_LINKS[item] }));
}

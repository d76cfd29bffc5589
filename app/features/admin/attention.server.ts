import type { CurrentUser } from "~/platform/auth/session.server";
import { countCaregiverQueue } from "~/features/caregiver-vetting/public.server";
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
};

export type AttentionCount = { item: AttentionItem; count: number; isCut: boolean; href: string };

type Admin = Pick<CurrentUser, "id" | "roles">;

/** Every count of the admin home, read at `now`, in ATTENTION_ITEMS order. */
export async function readAttention({ actor, now = new Date() }: { actor: Admin; now?: Date }) {
  const messagingActor = { id: actor.id, role: "admin" as const };
  const [applications, offers, visits, evv, conversations, tickets, payments, payouts] = await Promise.all([
    countCaregiverQueue({ actor, status: "pending" }),
    countOrdersInStatus({ actor, status: "offered" }),
    countVisitsNeedingAttention({ actor, now }),
    countVisitExceptions({ actor, now }),
    countSupportConversationsWaiting({ actor: messagingActor }),
    countSupportTickets({ actor, status: "open" }),
    countFailedCharges({ actor }),
    countCaregiversAwaitingPayout({ actor }),
  ]);
  const counts: Record<AttentionItem, { count: number; isCut: boolean }> = {
    applications: { count: applications, isCut: false },
    offers: { count: offers, isCut: false },
    visits: { count: visits.total, isCut: visits.isCut },
    evv: { count: evv, isCut: false },
    conversations: { count: conversations, isCut: false },
    tickets: { count: tickets, isCut: false },
    payments: { count: payments, isCut: false },
    payouts: { count: payouts, isCut: false },
  };
  return ATTENTION_ITEMS.map((item): AttentionCount => ({ item, ...counts[item], href: ATTENTION_LINKS[item] }));
}

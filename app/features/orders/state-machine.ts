import type { OrderStatus } from "~/platform/db/schema";
import type { MessageRef } from "~/i18n/message-keys";

export type { OrderStatus };

// The order's states (docs/product-rules.md, "Orders and offers") and who may move it where.
// submitted -> offered (the family's choice, the best match or the team's choice
// by hand; the system offers the next match) -> confirmed (the caregiver accepts)
// -> in_progress (first visit checked in) -> completed. Cancelled from any
// state before completion: the family until care has started, an admin always.
// An offer that finds no caregiver sends the order back to submitted, into the
// team's queue, where an admin offers it by hand to a caregiver (who still
// accepts or declines).

export type ActorRole = "client" | "caregiver" | "admin" | "system";

export const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly ActorRole[]>>> = {
  submitted: {
    offered: ["client", "admin", "system"],
    cancelled: ["client", "admin"],
  },
  offered: {
    offered: ["caregiver", "admin", "system"],
    submitted: ["caregiver", "system"],
    // Only the caregiver confirms: an administrator's choice is an offer too (assign-caregiver.server.ts).
    confirmed: ["caregiver"],
    cancelled: ["client", "admin"],
  },
  confirmed: {
    in_progress: ["caregiver", "admin", "system"],
    cancelled: ["client", "admin"],
  },
  in_progress: {
    completed: ["caregiver", "admin", "system"],
    cancelled: ["admin"],
  },
  completed: {},
  cancelled: {},
};

export function canTransition(from: OrderStatus, to: OrderStatus, role: ActorRole): boolean {
  return TRANSITIONS[from][to]?.includes(role) ?? false;
}

/** The statuses whose refusal of a family's cancel, and of a caregiver's accept, has words of its own. */
const CANNOT_CANCEL_FROM = ["in_progress", "completed"] as const satisfies readonly OrderStatus[];
const CANNOT_ACCEPT_FROM = [
  "submitted",
  "in_progress",
  "completed",
  "cancelled",
] as const satisfies readonly OrderStatus[];

function isOneOf<T extends string>(value: string, list: readonly T[]): value is T {
  return (list as readonly string[]).includes(value);
}

/** Why this move is refused, as a message for the person who tried (orders:refusals); null when allowed. */
export function transitionProblem(from: OrderStatus, to: OrderStatus, role: ActorRole): MessageRef | null {
  if (canTransition(from, to, role)) return null;
  if (to === "cancelled") {
    if (from === "cancelled") return { key: "orders:refusals.alreadyCancelled" };
    if (isOneOf(from, CANNOT_CANCEL_FROM)) return { key: `orders:refusals.cannotCancel.${from}` };
  }
  if (to === "confirmed") {
    if (from === "confirmed") return { key: "orders:refusals.alreadyConfirmed" };
    if (isOneOf(from, CANNOT_ACCEPT_FROM)) return { key: `orders:refusals.cannotAccept.${from}` };
  }
  return { key: "orders:refusals.cannotChange" };
}

/** Whether the family may still cancel (before care has started). */
export function clientCanCancel(status: OrderStatus): boolean {
  return canTransition(status, "cancelled", "client");
}

/** Whether an admin may still cancel (until the order is completed). */
export function adminCanCancel(status: OrderStatus): boolean {
  return canTransition(status, "cancelled", "admin");
}

/**
 * Whether an admin may offer the order to a caregiver by hand (while no caregiver has confirmed); the caregiver
 * then accepts or declines as any offer (docs/product-rules.md, "When no caregiver matches").
 */
export function adminCanAssign(status: OrderStatus): boolean {
  return canTransition(status, "offered", "admin");
}

import type { OrderStatus } from "~/db/schema";
import { orderStatusWords } from "./order-labels";

export type { OrderStatus };

// The order's states (docs/product-rules.md, "Orders and offers") and who may move it where.
// submitted -> offered (the family's choice or the best match; the system
// offers the next match) -> confirmed (the caregiver accepts; an admin assigns)
// -> in_progress (first visit checked in) -> completed. Cancelled from any
// state before completion: the family until care has started, an admin always.
// An offer that finds no caregiver sends the order back to submitted, where an
// admin can assign by hand.

export type ActorRole = "client" | "caregiver" | "admin" | "system";

export const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly ActorRole[]>>> = {
  submitted: {
    offered: ["client", "admin", "system"],
    confirmed: ["admin"],
    cancelled: ["client", "admin"],
  },
  offered: {
    offered: ["caregiver", "admin", "system"],
    submitted: ["caregiver", "system"],
    confirmed: ["caregiver", "admin"],
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

/** Why this move is refused, in words for the person who tried; null when allowed. */
export function transitionProblem(from: OrderStatus, to: OrderStatus, role: ActorRole): string | null {
  if (canTransition(from, to, role)) return null;
  if (to === "cancelled") {
    return from === "cancelled"
      ? "This order is already cancelled."
      : `This order is ${orderStatusWords(from)} and can no longer be cancelled here.`;
  }
  if (to === "confirmed" && from === "confirmed") return "This order is already confirmed.";
  return `This order is ${orderStatusWords(from)}; it cannot be ${to === "confirmed" ? "accepted" : `moved to ${orderStatusWords(to)}`} now.`;
}

/** Whether the family may still cancel (before care has started). */
export function clientCanCancel(status: OrderStatus): boolean {
  return canTransition(status, "cancelled", "client");
}

/** Whether an admin may still cancel (until the order is completed). */
export function adminCanCancel(status: OrderStatus): boolean {
  return canTransition(status, "cancelled", "admin");
}

/** Whether an admin may assign a caregiver by hand (while no caregiver has confirmed). */
export function adminCanAssign(status: OrderStatus): boolean {
  return canTransition(status, "confirmed", "admin");
}

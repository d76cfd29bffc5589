import type { FamilyRole } from "~/platform/db/schema";
import type { MessageRef } from "~/i18n/message-keys";
import { AppError } from "~/utils/app-error";

// Who may do what for a care recipient (docs/product-rules.md, "Family circle"; docs/decisions/0050-family-circle.md).
// The account holder (the client who saved the person) and the circle's members, each with one role:
// manage books, changes, cancels and pays as the holder does; follow sees the order page (timeline, notes, on my
// way) and writes to the caregiver; alerts only receives the visit alerts. Pure: the database side is
// access.server.ts.

export { FAMILY_ROLES, type FamilyRole } from "~/platform/db/schema";

/** What a person is to a care recipient (or to an order for them): null is nothing at all. */
export type FamilyAccess = "holder" | FamilyRole | null;

/** An invitation works for 7 days (docs/product-rules.md, "Family circle"). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Book, change, cancel, pay. */
export function canManage(access: FamilyAccess): access is "holder" | "manage" {
  return access === "holder" || access === "manage";
}

/** Open the order page, its timeline, notes and messages with the caregiver. */
export function canFollow(access: FamilyAccess): access is "holder" | "manage" | "follow" {
  return canManage(access) || access === "follow";
}

/** Receive the visit alerts (late, missed, no backup, on my way). */
export function receivesAlerts(access: FamilyAccess): boolean {
  return access !== null;
}

/**
 * What an alert about an order links to for this person (docs/product-rules.md, "Family circle"): the order page
 * (`orderLink`) for whoever may open it; nothing for an alerts-only member, who would find it "not found".
 */
export function alertLink<Link extends string>(access: FamilyAccess, orderLink: Link): Link | null {
  return canFollow(access) ? orderLink : null;
}

/** An order nobody may see and one they may not: the orders' own "not found". */
const NOT_FOUND: MessageRef = { key: "orders:error.notFound" };

/**
 * Refuses anyone who may not book, change, cancel or pay: "not found" to whoever cannot even see the order
 * (nothing tells them it exists), "forbidden" to a follow member, who sees it.
 */
export function assertCanManage(access: FamilyAccess): asserts access is "holder" | "manage" {
  if (canManage(access)) return;
  if (access === "follow") throw new AppError("forbidden", "common:access.denied");
  throw new AppError("not_found", NOT_FOUND);
}

/** Refuses anyone who may not open the order page: "not found", as a missing order. */
export function assertCanFollow(access: FamilyAccess): asserts access is "holder" | "manage" | "follow" {
  if (!canFollow(access)) throw new AppError("not_found", NOT_FOUND);
}

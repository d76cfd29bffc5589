import { and, eq, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import {
  careRecipients,
  careRequests,
  clientProfiles,
  familyMembers,
  orders,
  userProfiles,
} from "~/platform/db/schema";
import { FAMILY_ROLES, type FamilyAccess, type FamilyRole } from "./family";

// The one place that decides what a person is to a care recipient and to an order for them
// (docs/decisions/0050-family-circle.md): every order read and action of a family goes through orderAccess.

/** The pool, or a transaction a caller opened (the messages feature reads inside its own). */
type Reader = Executor;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The holder of a care recipient, or the person's role in its circle; null for anyone else. */
export async function recipientAccess(
  userId: string,
  careRecipientId: string,
  reader: Reader = db,
): Promise<FamilyAccess> {
  if (!UUID.test(careRecipientId)) return null;
  const [row] = await reader
    .select({ holderId: careRecipients.clientId, role: familyMembers.role })
    .from(careRecipients)
    .leftJoin(
      familyMembers,
      and(eq(familyMembers.careRecipientId, careRecipients.id), eq(familyMembers.userId, userId)),
    )
    .where(eq(careRecipients.id, careRecipientId))
    .limit(1);
  if (!row) return null;
  if (row.holderId === userId) return "holder";
  return row.role ?? null;
}

/**
 * What the actor is to an order: "holder" for the client who placed it, else their role in the circle of the care
 * recipient it is for (an order whose request kept no saved person has no circle); null for anyone else.
 */
export async function orderAccess(actor: { id: string }, orderId: string, reader: Reader = db): Promise<FamilyAccess> {
  if (!UUID.test(orderId)) return null;
  const [row] = await reader
    .select({ clientId: orders.clientId, role: familyMembers.role })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .leftJoin(
      familyMembers,
      and(eq(familyMembers.careRecipientId, careRequests.careRecipientId), eq(familyMembers.userId, actor.id)),
    )
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  if (row.clientId === actor.id) return "holder";
  return row.role ?? null;
}

/**
 * The person's best role in the circles of the care recipients of some orders (`orderIds`, a subquery of order ids):
 * manage before follow, in one statement; null when none lets them follow an order (alerts-only, removed, or no
 * member). The holder is not asked: their access is "holder" (orderAccess).
 */
export async function followRoleInOrders(
  userId: string,
  orderIds: SQLWrapper,
  reader: Reader = db,
): Promise<"manage" | "follow" | null> {
  const rows = await reader
    .select({ role: familyMembers.role })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(
      familyMembers,
      and(eq(familyMembers.careRecipientId, careRequests.careRecipientId), eq(familyMembers.userId, userId)),
    )
    .where(and(inArray(orders.id, orderIds), inArray(familyMembers.role, ["manage", "follow"])))
    .groupBy(familyMembers.role);
  const roles = rows.map((row) => row.role);
  if (roles.includes("manage")) return "manage";
  return roles.includes("follow") ? "follow" : null;
}

/**
 * The care recipients whose circle the person manages or follows (a subquery: their orders are listed with theirs);
 * with `roles`, only those the person holds one of them in (manage alone: their invoices).
 */
export function followedRecipients(userId: string, roles: readonly FamilyRole[] = ["manage", "follow"]) {
  return db
    .select({ id: familyMembers.careRecipientId })
    .from(familyMembers)
    .where(and(eq(familyMembers.userId, userId), inArray(familyMembers.role, [...roles])));
}

/**
 * The orders of the care recipients whose circle the person is in with one of `roles`, as an array of ids for
 * `= any(...)`: beside the person's own (a `client_id` condition) both stay index conditions, where a condition on
 * the joined care request made the planner read every order, or every invoice, of the year
 * (docs/decisions/0042-signed-in-pages-with-a-year-of-data.md).
 */
export function followedOrderIds(userId: string, roles: readonly FamilyRole[] = ["manage", "follow"]): SQL {
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(inArray(careRequests.careRecipientId, followedRecipients(userId, roles)));
  return sql`array(${ids})`;
}

/** The person's own orders and those of the people whose circle they are in with one of `roles`, as a condition. */
export function isFamilyOrder(userId: string, roles: readonly FamilyRole[] = ["manage", "follow"]): SQL {
  return or(eq(orders.clientId, userId), sql`${orders.id} = any(${followedOrderIds(userId, roles)})`)!;
}

export type FamilyPerson = { firstName: string; role: "holder" | FamilyRole };

/**
 * Who is who in an order's family, for its caregiver: the holder, then the circle's members, by first name and role
 * (docs/product-rules.md, "Family circle"). The caller has already checked the caregiver holds the order.
 */
export async function familyOfOrder(orderId: string): Promise<FamilyPerson[]> {
  if (!UUID.test(orderId)) return [];
  const firstName = sql<string>`coalesce(${clientProfiles.firstName}, split_part(${userProfiles.name}, ' ', 1))`;
  const [holder] = await db
    .select({ firstName, recipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(userProfiles, eq(userProfiles.id, orders.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, orders.clientId))
    .where(eq(orders.id, orderId));
  if (!holder) return [];
  const members = holder.recipientId
    ? await db
        .select({ firstName, role: familyMembers.role })
        .from(familyMembers)
        .innerJoin(userProfiles, eq(userProfiles.id, familyMembers.userId))
        .leftJoin(clientProfiles, eq(clientProfiles.userId, familyMembers.userId))
        .where(eq(familyMembers.careRecipientId, holder.recipientId))
        .orderBy(familyMembers.createdAt)
    : [];
  return [{ firstName: holder.firstName, role: "holder" }, ...members];
}

export type OrderFollower = { userId: string; role: "manage" | "follow"; careRecipientNames: string[] };

/**
 * The manage and follow members of the circles of these orders' care recipients, each once, with the people whose
 * care they follow (docs/decisions/0053-circle-messages.md): who reads the care conversation beside the holder.
 */
export async function followersOfOrders(orderIds: readonly string[], reader: Reader = db): Promise<OrderFollower[]> {
  const ids = orderIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  const rows = await reader
    .select({ userId: familyMembers.userId, role: familyMembers.role, careRecipientName: careRecipients.fullName })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .innerJoin(familyMembers, eq(familyMembers.careRecipientId, careRequests.careRecipientId))
    .innerJoin(careRecipients, eq(careRecipients.id, familyMembers.careRecipientId))
    .where(and(inArray(orders.id, ids), inArray(familyMembers.role, ["manage", "follow"])))
    .orderBy(familyMembers.createdAt);
  const byUser = new Map<string, OrderFollower>();
  for (const { userId, role, careRecipientName } of rows) {
    if (role !== "manage" && role !== "follow") continue;
    const follower = byUser.get(userId) ?? { userId, role, careRecipientNames: [] };
    if (!follower.careRecipientNames.includes(careRecipientName)) follower.careRecipientNames.push(careRecipientName);
    byUser.set(userId, follower);
  }
  return [...byUser.values()];
}

/** Which of an order's family an alert is for (see familyRecipientsOfOrder). */
export type FamilyAudience = "circle" | "managers" | "readers";

const AUDIENCE_ROLES: Record<FamilyAudience, readonly FamilyRole[]> = {
  circle: FAMILY_ROLES,
  managers: ["manage"],
  readers: ["manage", "follow"],
};

/** One person the family's alerts about an order go to: the holder or a member of the circle, with what they are. */
export type FamilyRecipient = { userId: string; access: "holder" | FamilyRole };

/**
 * Whom the family's alerts about an order reach (docs/product-rules.md, "Family circle"): its holder, then every
 * member of its care recipient's circle, each once; with `who: "managers"`, the holder and manage members only (the
 * prompts only they can act on); with `who: "readers"`, those who may open the order page (holder, manage, follow:
 * the caregiver's notes). Read in the caller's transaction, so a member removed before it commits is not told.
 */
export async function familyRecipientsOfOrder(
  reader: Reader,
  orderId: string,
  { who = "circle" }: { who?: FamilyAudience } = {},
): Promise<FamilyRecipient[]> {
  const [order] = await reader
    .select({ holderId: orders.clientId, recipientId: careRequests.careRecipientId })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  if (!order) return [];
  const roles: readonly FamilyRole[] = AUDIENCE_ROLES[who];
  const members = order.recipientId
    ? await reader
        .select({ userId: familyMembers.userId, access: familyMembers.role })
        .from(familyMembers)
        .where(and(eq(familyMembers.careRecipientId, order.recipientId), inArray(familyMembers.role, roles)))
        .orderBy(familyMembers.createdAt)
    : [];
  const holder: FamilyRecipient = { userId: order.holderId, access: "holder" };
  return [holder, ...members.filter((member) => member.userId !== order.holderId)];
}

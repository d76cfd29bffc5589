import { and, eq, inArray } from "drizzle-orm";
import { actorAs } from "~/platform/auth/actor";
import type { CurrentUser } from "~/platform/auth/session.server";
import { db } from "~/platform/db/client.server";
import {
  careRequests,
  caregiverProfiles,
  orders,
  preferredCaregivers,
  visits,
  type OrderStatus,
} from "~/platform/db/schema";
import { AppError } from "~/utils/app-error";
import { shortName } from "~/utils/person-name";

// The family's caregivers (/dashboard/providers, "Your Caregiver"): those
// caring for them now (the caregiver of a confirmed or started order) and
// those who did before (a completed order, or a visit they came to, a backup
// included), with what the family can do: request them again, mark them as
// preferred (matching ranks a preferred caregiver first: matching.server.ts).

type Actor = Pick<CurrentUser, "id" | "roles">;

export const CAREGIVER_NOT_FOUND_MESSAGE = "home:providers.refusals.notFound";

export type FamilyCaregiver = {
  id: string;
  slug: string;
  firstName: string;
  lastInitial: string;
  photoUrl: string | null;
  ratingAvg: number | null;
  ratingCount: number;
  isPreferred: boolean;
  /**
   * The newest order they cared for (its page on /dashboard/appointments/order/:id), and the family's saved person
   * it was for (null once removed): "Request … again" starts a request for that person.
   */
  latestOrder: { id: string; orderNumber: string; status: OrderStatus; recipientId: string | null };
};

export type FamilyCaregivers = { current: FamilyCaregiver[]; past: FamilyCaregiver[] };

const CURRENT_STATUSES: OrderStatus[] = ["confirmed", "in_progress"];

/** Every caregiver who cared for this family, or cares for them now, newest order first. */
async function caregiverRows(clientId: string) {
  const byOrder = await db
    .select({
      caregiverId: orders.caregiverId,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      at: orders.createdAt,
      recipientId: careRequests.careRecipientId,
    })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orders.clientId, clientId), inArray(orders.status, ["confirmed", "in_progress", "completed"])));
  // Visits that happened, by whoever came (a backup caregiver included).
  const byVisit = await db
    .selectDistinctOn([visits.caregiverId, visits.orderId], {
      caregiverId: visits.caregiverId,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      at: orders.createdAt,
      recipientId: careRequests.careRecipientId,
    })
    .from(visits)
    .innerJoin(orders, eq(orders.id, visits.orderId))
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(and(eq(orders.clientId, clientId), inArray(visits.status, ["checked_in", "completed"])));
  return [
    ...byOrder.map((row) => ({ ...row, isOrderCaregiver: true })),
    ...byVisit.map((row) => ({ ...row, isOrderCaregiver: false })),
  ]
    .filter((row): row is typeof row & { caregiverId: string } => row.caregiverId !== null)
    .toSorted((a, b) => b.at.getTime() - a.at.getTime());
}

export async function listFamilyCaregivers({ actor }: { actor: Actor }): Promise<FamilyCaregivers> {
  const client = actorAs(actor, "client");
  const rows = await caregiverRows(client.id);
  const ids = [...new Set(rows.map((row) => row.caregiverId))];
  if (ids.length === 0) return { current: [], past: [] };
  const profiles = await db
    .select({
      id: caregiverProfiles.userId,
      slug: caregiverProfiles.slug,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
      photoUrl: caregiverProfiles.profilePhotoUrl,
      ratingAvg: caregiverProfiles.ratingAvg,
      ratingCount: caregiverProfiles.ratingCount,
    })
    .from(caregiverProfiles)
    .where(inArray(caregiverProfiles.userId, ids));
  const preferred = new Set(
    (
      await db
        .select({ caregiverId: preferredCaregivers.caregiverId })
        .from(preferredCaregivers)
        .where(eq(preferredCaregivers.clientId, client.id))
    ).map((row) => row.caregiverId),
  );
  const current: FamilyCaregiver[] = [];
  const past: FamilyCaregiver[] = [];
  for (const id of ids) {
    const profile = profiles.find((each) => each.id === id);
    if (!profile) continue;
    const theirs = rows.filter((row) => row.caregiverId === id);
    // Current: the caregiver of a confirmed or started order (a backup visit alone does not make them current).
    const currentOrder = theirs.find((row) => row.isOrderCaregiver && CURRENT_STATUSES.includes(row.status));
    const latest = currentOrder ?? theirs[0]!;
    const { lastName, ...card } = profile;
    (currentOrder ? current : past).push({
      ...card,
      lastInitial: lastName.charAt(0),
      isPreferred: preferred.has(id),
      latestOrder: {
        id: latest.orderId,
        orderNumber: latest.orderNumber,
        status: latest.status,
        recipientId: latest.recipientId,
      },
    });
  }
  return { current, past };
}

/**
 * Marks one of the family's caregivers as preferred, or removes the mark.
 * Only a caregiver who cares or cared for this family can be marked ("not
 * found" otherwise); removing always works. Both are idempotent.
 */
export async function setPreferredCaregiver({
  actor,
  caregiverSlug,
  isPreferred,
}: {
  actor: Actor;
  caregiverSlug: string;
  isPreferred: boolean;
}): Promise<{ caregiverId: string; caregiverName: string; isPreferred: boolean }> {
  const client = actorAs(actor, "client");
  const [caregiver] = await db
    .select({
      id: caregiverProfiles.userId,
      firstName: caregiverProfiles.firstName,
      lastName: caregiverProfiles.lastName,
    })
    .from(caregiverProfiles)
    .where(eq(caregiverProfiles.slug, caregiverSlug));
  if (!caregiver) throw new AppError("not_found", CAREGIVER_NOT_FOUND_MESSAGE);
  const caregiverName = shortName(caregiver.firstName, caregiver.lastName);
  if (!isPreferred) {
    await db
      .delete(preferredCaregivers)
      .where(and(eq(preferredCaregivers.clientId, client.id), eq(preferredCaregivers.caregiverId, caregiver.id)));
    return { caregiverId: caregiver.id, caregiverName, isPreferred: false };
  }
  const theirs = (await caregiverRows(client.id)).some((row) => row.caregiverId === caregiver.id);
  if (!theirs) throw new AppError("not_found", CAREGIVER_NOT_FOUND_MESSAGE);
  await db.insert(preferredCaregivers).values({ clientId: client.id, caregiverId: caregiver.id }).onConflictDoNothing();
  return { caregiverId: caregiver.id, caregiverName, isPreferred: true };
}

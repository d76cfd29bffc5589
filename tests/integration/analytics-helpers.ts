import { randomUUID } from "node:crypto";
import type { Database } from "~/platform/db/client.server";
import { careRequests, invoices, orders, visits, type OrderStatus, type VisitStatus } from "~/platform/db/schema";

// Rows for the admin home's and the analytics' tests, written straight into the tables with the times a
// test needs (the feature flows stamp `now`): an order with its care request in a city, its visits and
// its invoices.

export type PlacedOrder = { orderId: string; clientId: string; caregiverId: string | null };

export async function insertOrder(
  db: Database,
  input: {
    clientId: string;
    caregiverId?: string | null;
    status?: OrderStatus;
    createdAt: Date;
    confirmedAt?: Date | null;
    city?: string;
    state?: string;
  },
): Promise<PlacedOrder> {
  const [request] = await db
    .insert(careRequests)
    .values({
      clientId: input.clientId,
      request: {},
      zipCode: "60614",
      city: input.city ?? "Chicago",
      state: input.state ?? "IL",
      latitude: 41.92,
      longitude: -87.65,
      timeZone: "America/Chicago",
      services: ["companionship"],
      language: "en",
      caregiverGender: "any",
      scheduleType: "one_time",
      startDate: input.createdAt.toISOString().slice(0, 10),
      createdAt: input.createdAt,
    })
    .returning({ id: careRequests.id });
  const [order] = await db
    .insert(orders)
    .values({
      clientId: input.clientId,
      careRequestId: request!.id,
      caregiverId: input.caregiverId ?? null,
      status: input.status ?? (input.confirmedAt ? "confirmed" : "submitted"),
      quote: { totalCents: 10_000, period: "once" },
      createdAt: input.createdAt,
      confirmedAt: input.confirmedAt ?? null,
    })
    .returning({ id: orders.id });
  return { orderId: order!.id, clientId: input.clientId, caregiverId: input.caregiverId ?? null };
}

export async function insertVisit(
  db: Database,
  order: PlacedOrder,
  input: {
    startsAt: Date;
    hours?: number;
    status?: VisitStatus;
    checkedInAt?: Date | null;
    checkedOutAt?: Date | null;
    lateAlertedAt?: Date | null;
    caregiverId?: string;
  },
) {
  const endsAt = new Date(input.startsAt.getTime() + (input.hours ?? 4) * 3_600_000);
  const [row] = await db
    .insert(visits)
    .values({
      orderId: order.orderId,
      caregiverId: input.caregiverId ?? order.caregiverId!,
      startsAt: input.startsAt,
      endsAt,
      status: input.status ?? "completed",
      checkedInAt: input.checkedInAt ?? null,
      checkedOutAt: input.checkedOutAt ?? null,
      lateAlertedAt: input.lateAlertedAt ?? null,
    })
    .returning();
  return row!;
}

/** A completed visit worked from its start for `hours`. */
export async function insertWorkedVisit(db: Database, order: PlacedOrder, startsAt: Date, hours: number) {
  return insertVisit(db, order, {
    startsAt,
    hours,
    status: "completed",
    checkedInAt: startsAt,
    checkedOutAt: new Date(startsAt.getTime() + hours * 3_600_000),
  });
}

export async function insertInvoice(
  db: Database,
  order: PlacedOrder,
  input: { issuedAt: Date; totalCents: number; status?: "due" | "paid" | "void"; lastChargeError?: string | null },
) {
  const day = input.issuedAt.toISOString().slice(0, 10);
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: `INV-T-${randomUUID().slice(0, 12)}`,
      orderId: order.orderId,
      clientId: order.clientId,
      periodStart: day,
      periodEnd: day,
      status: input.status ?? "due",
      subtotalCents: input.totalCents,
      totalCents: input.totalCents,
      amountPaidCents: input.status === "paid" ? input.totalCents : 0,
      issuedAt: input.issuedAt,
      dueAt: new Date(input.issuedAt.getTime() + 7 * 86_400_000),
      lastChargeError: input.lastChargeError ?? null,
    })
    .returning();
  return row!;
}

/** `days` days and `hours` hours after midnight UTC of `isoDate`. */
export const utc = (isoDate: string, hours = 0) => new Date(`${isoDate}T00:00:00Z`).getTime() + hours * 3_600_000;
export const at = (isoDate: string, hours = 0) => new Date(utc(isoDate, hours));

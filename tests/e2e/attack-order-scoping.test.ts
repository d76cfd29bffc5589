import { eq } from "drizzle-orm";
import { orders } from "~/platform/db/schema";
import { getDb } from "~/platform/db/client.server";
import { createOrderForAdmin } from "./care-order-helpers";
import { expect, requestContextAs, test } from "./fixtures";
import type { Visitor } from "./protected-routes";
import { TIMEOUTS } from "./timeouts";

// Order scoping, replayed as an attacker would: a family's order, offered to
// one caregiver, is tried by another client, another caregiver, a pending and
// a suspended caregiver and an anonymous visitor, through the documents,
// React Router's data requests and every action that takes an order id. None
// may see the family's name, address, phone or health notes, and the order
// must come out unchanged. An administrator, the control, sees them.

const OUTSIDERS: Visitor[] = ["anonymous", "client", "caregiver", "pending-caregiver", "suspended-caregiver"];

const dataUrl = (path: string) => `${path}.data`;

test("an order's details reach only those entitled to them, and outsiders cannot act on it", async ({ playwright }) => {
  test.setTimeout(TIMEOUTS.journey);
  const lastName = `Scope${Date.now().toString(36)}`;
  const order = await createOrderForAdmin({ lastName, offer: true });
  const secrets = [`Ruth ${lastName}`, "2100 N Lincoln Ave", "555-0177", "insulin"];
  const [before] = await getDb().select().from(orders).where(eq(orders.id, order.orderId));

  const reads = [
    `/dashboard/appointments/order/${order.orderId}`,
    `/dashboard/orders/${order.orderNumber}/feedback`,
    `/caregiver/orders/${order.orderId}`,
    `/admin/orders/${order.orderId}`,
    "/dashboard/appointments",
    "/caregiver/orders",
    "/admin/orders",
  ];
  const writes: { path: string; form: Record<string, string> }[] = [
    { path: `/dashboard/appointments/order/${order.orderId}`, form: { reason: "Changed our plans entirely" } },
    { path: `/dashboard/orders/${order.orderNumber}/feedback`, form: { rating: "1", comment: "Attack" } },
    { path: `/caregiver/orders/${order.orderId}`, form: { intent: "accept", orderId: order.orderId } },
    { path: "/caregiver/orders", form: { intent: "accept", orderId: order.orderId } },
    { path: "/caregiver/orders", form: { intent: "decline", orderId: order.orderId, reason: "Not for me" } },
    { path: `/admin/orders/${order.orderId}`, form: { intent: "cancel", reason: "Attack" } },
  ];

  let cases = 0;
  const leaks: string[] = [];
  for (const visitor of OUTSIDERS) {
    const context = await requestContextAs(playwright, visitor);
    for (const path of reads) {
      for (const url of [path, dataUrl(path)]) {
        const body = await (await context.get(url, { maxRedirects: 0 })).text();
        for (const secret of secrets) if (body.includes(secret)) leaks.push(`${visitor} GET ${url}: ${secret}`);
        cases += 1;
      }
    }
    for (const { path, form } of writes) {
      for (const url of [path, dataUrl(path)]) {
        const response = await context.post(url, { form, maxRedirects: 0 });
        const body = await response.text();
        expect.soft(response.status(), `${visitor} POST ${url}`).toBeLessThan(500);
        for (const secret of secrets) if (body.includes(secret)) leaks.push(`${visitor} POST ${url}: ${secret}`);
        cases += 1;
      }
    }
    await context.dispose();
  }
  expect(leaks).toEqual([]);
  const [after] = await getDb().select().from(orders).where(eq(orders.id, order.orderId));
  expect({ status: after!.status, updatedAt: after!.updatedAt }).toEqual({
    status: before!.status,
    updatedAt: before!.updatedAt,
  });
  console.info(`order scoping: ${cases} requests by ${OUTSIDERS.length} kinds of outsider`);

  // The control: the same requests do reach the order for an administrator.
  const admin = await requestContextAs(playwright, "admin");
  const adminPage = await (await admin.get(`/admin/orders/${order.orderId}`)).text();
  expect(adminPage).toContain(`Ruth ${lastName}`);
  await admin.dispose();
});

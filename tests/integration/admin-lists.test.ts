import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { supportTickets, visits } from "~/platform/db/schema";
import { UsersQuerySchema } from "~/features/admin/admin.schema";
import { listUsers } from "~/features/admin/users.server";
import { ExceptionsQuerySchema } from "~/features/evv/evv.schema";
import { listVisitExceptions } from "~/features/evv/exceptions.server";
import { listAdminOrders } from "~/features/orders/admin-orders.server";
import { AdminOrdersQuerySchema } from "~/features/orders/orders.schema";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";
import { bookCare } from "./visit-helpers";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import { QueueQuerySchema } from "~/features/caregiver-vetting/vetting";
import { listCaregiverQueue } from "~/features/caregiver-vetting/vetting.server";
import { listSupportTickets } from "~/features/support/contact.server";
import { SupportQuerySchema } from "~/features/support/support.schema";
import { searchParamsObject } from "~/utils/list-params";
import { useAuthTestSetup } from "./auth-env";

// Every admin list pages, sorts, searches and counts in SQL (docs/product-rules.md, "Admin lists"): a few dozen
// rows each, read through the list's feature query as its loader reads the URL.

const setup = useAuthTestSetup();
let admin: { id: string; roles: ("admin" | "client" | "caregiver")[] };

const parse = <T>(schema: { parse: (input: unknown) => T }, search: string) =>
  schema.parse(searchParamsObject(new URLSearchParams(search)));

/** Every row id of every page of a list, in order, with the totals each page reported. */
async function allPages<R extends { id: string | number }>(
  read: (page: number) => Promise<{ rows: R[]; total: number; pageCount: number }>,
) {
  const first = await read(1);
  const ids = first.rows.map((row) => row.id);
  for (let page = 2; page <= first.pageCount; page++) ids.push(...(await read(page)).rows.map((row) => row.id));
  return { ids, total: first.total, pageCount: first.pageCount };
}

const readQueue = (page: number) =>
  listCaregiverQueue({ actor: admin, query: parse(QueueQuerySchema, `q=lista&perPage=8&page=${page}`) });
const readTickets = (page: number) =>
  listSupportTickets({ actor: admin, query: parse(SupportQuerySchema, `perPage=15&page=${page}`) });

const orderPage = (search: string) => {
  const query = parse(AdminOrdersQuerySchema, search);
  return listAdminOrders({ actor: admin, filters: { ...query, search: query.q } });
};

const visitPage = (search: string) => listVisitExceptions({ actor: admin, ...parse(ExceptionsQuerySchema, search) });

const userPage = (search: string) => {
  const query = parse(UsersQuerySchema, search);
  return listUsers({ ...query, search: query.q, pageSize: query.perPage });
};

beforeAll(async () => {
  admin = await createUser(setup.db, { roles: ["admin"] });
});

describe("caregivers", () => {
  beforeAll(async () => {
    const cities = ["60614", "10001"];
    for (let index = 0; index < 30; index++) {
      await createCaregiver(setup.db, {
        status: "pending",
        firstName: `Lista${String(index).padStart(2, "0")}`,
        lastName: `Pager${String(29 - index).padStart(2, "0")}`,
        zipCode: cities[index % 2],
        availability: [],
      });
    }
    await createCaregiver(setup.db, { status: "approved", firstName: "Lista99", availability: [] });
  });

  test("pages the queue with its count, without overlap", async () => {
    const { ids, total, pageCount } = await allPages(readQueue);
    expect(total).toBe(30);
    expect(pageCount).toBe(4);
    expect(new Set(ids).size).toBe(30);
    expect((await readQueue(4)).rows).toHaveLength(6);
  });

  test("sorts by name and searches by city, status kept", async () => {
    const byName = await listCaregiverQueue({
      actor: admin,
      query: parse(QueueQuerySchema, "q=lista&sort=name&dir=asc"),
    });
    expect(byName.rows[0]!.name).toBe("Lista29 Pager00");
    const desc = await listCaregiverQueue({
      actor: admin,
      query: parse(QueueQuerySchema, "q=lista&sort=name&dir=desc"),
    });
    expect(desc.rows[0]!.name).toBe("Lista00 Pager29");
    const newYork = await listCaregiverQueue({ actor: admin, query: parse(QueueQuerySchema, "q=new york") });
    expect(newYork.total).toBe(15);
    const approved = await listCaregiverQueue({
      actor: admin,
      query: parse(QueueQuerySchema, "status=approved&q=lista"),
    });
    expect(approved.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^Lista99 /)]);
  });
});

describe("support", () => {
  beforeAll(async () => {
    const start = Date.parse("2027-03-01T00:00:00Z");
    await setup.db.insert(supportTickets).values(
      Array.from({ length: 45 }, (_, index) => ({
        name: `Sender ${String(index).padStart(2, "0")}`,
        email: `sender${index}@example.test`,
        topic: index % 3 === 0 ? "billing" : "general",
        message: index === 7 ? "My invoice is wrong" : "A question",
        status: index < 40 ? ("open" as const) : ("closed" as const),
        createdAt: new Date(start + index * 60_000),
      })),
    );
  });

  test("pages the open tickets newest first with the count", async () => {
    const { ids, total, pageCount } = await allPages(readTickets);
    expect(total).toBe(40);
    expect(pageCount).toBe(3);
    expect(new Set(ids).size).toBe(40);
    expect((await readTickets(1)).rows[0]!.name).toBe("Sender 39");
  });

  test("filters by status, topic and words, and sorts by name", async () => {
    const closed = await listSupportTickets({ actor: admin, query: parse(SupportQuerySchema, "status=closed") });
    expect(closed.total).toBe(5);
    const billing = await listSupportTickets({ actor: admin, query: parse(SupportQuerySchema, "topic=billing") });
    expect(billing.total).toBe(14);
    const words = await listSupportTickets({ actor: admin, query: parse(SupportQuerySchema, "q=invoice") });
    expect(words.rows.map((row) => row.name)).toEqual(["Sender 07"]);
    const byName = await listSupportTickets({ actor: admin, query: parse(SupportQuerySchema, "sort=name&dir=asc") });
    expect(byName.rows[0]!.name).toBe("Sender 00");
  });
});

describe("orders", () => {
  let numbers: string[] = [];
  beforeAll(async () => {
    const client = await clientActor(setup.db);
    for (let week = 1; week <= 12; week++) {
      const { orderNumber } = await submitCareRequest({ actor: client, request: oneTimeRequest(upcomingMonday(week)) });
      numbers.push(orderNumber);
    }
    numbers = numbers.toSorted();
  });

  test("pages, counts and sorts by order number and start date", async () => {
    const first = await orderPage("status=submitted&perPage=5&sort=number&dir=asc");
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(3);
    expect(first.orders.map((order) => order.orderNumber)).toEqual(numbers.slice(0, 5));
    const last = await orderPage("status=submitted&perPage=5&sort=number&dir=asc&page=3");
    expect(last.orders.map((order) => order.orderNumber)).toEqual(numbers.slice(10));
    const byStart = await orderPage("status=submitted&sort=starts&dir=desc&perPage=1");
    expect(byStart.orders[0]!.startDate).toBe(upcomingMonday(12));
    const search = await orderPage(`q=${numbers[3]}`);
    expect(search.orders.map((order) => order.orderNumber)).toEqual([numbers[3]]);
  });
});

describe("users", () => {
  beforeAll(async () => {
    for (let index = 0; index < 25; index++) {
      await createUser(setup.db, {
        roles: index % 5 === 0 ? ["caregiver"] : ["client"],
        firstName: "Roster",
        lastName: `Person${String(index).padStart(2, "0")}`,
        email: `roster${String(index).padStart(2, "0")}@example.test`,
      });
    }
  });

  test("pages and counts a search, sorted by email both ways", async () => {
    const first = await userPage("q=roster&sort=email&dir=asc");
    expect(first.total).toBe(25);
    expect(first.pageCount).toBe(2);
    expect(first.users[0]!.email).toBe("roster00@example.test");
    const second = await userPage("q=roster&sort=email&dir=asc&page=2");
    expect(second.users.map((user) => user.email)).toEqual(
      ["20", "21", "22", "23", "24"].map((index) => `roster${index}@example.test`),
    );
    const desc = await userPage("q=roster&sort=email&dir=desc&perPage=1");
    expect(desc.users[0]!.email).toBe("roster24@example.test");
  });

  test("filters by role", async () => {
    const caregivers = await userPage("q=roster&role=caregiver");
    expect(caregivers.total).toBe(5);
    expect(caregivers.users.every((user) => user.roles.includes("caregiver"))).toBe(true);
  });
});

describe("visits", () => {
  let orderNumber = "";
  beforeAll(async () => {
    const care = await bookCare(setup.db, { recurring: true });
    orderNumber = care.orderNumber;
    // Every visit moved into the past, checked in and never checked out: a "no check-out" exception each.
    const past = Date.parse("2026-01-05T15:00:00Z");
    for (const [index, visit] of care.visits.slice(0, 14).entries()) {
      await setup.db
        .update(visits)
        .set({
          startsAt: new Date(past + index * 86_400_000),
          endsAt: new Date(past + index * 86_400_000 + 4 * 3_600_000),
          status: "checked_in",
        })
        .where(eq(visits.id, visit.id));
    }
  });

  test("pages the queue newest first with its count, searched by order number", async () => {
    const first = await visitPage(`kind=no_check_out&q=${orderNumber}&perPage=5`);
    expect(first.total).toBe(14);
    expect(first.pageCount).toBe(3);
    const starts = first.exceptions.map((visit) => visit.startsAt.getTime());
    expect(starts).toEqual(starts.toSorted((a, b) => b - a));
    const oldest = await visitPage(`kind=no_check_out&q=${orderNumber}&perPage=5&dir=asc`);
    expect(oldest.exceptions[0]!.startsAt.toISOString()).toBe("2026-01-05T15:00:00.000Z");
    expect((await visitPage("kind=no_check_out&q=no-such-order")).total).toBe(0);
  });
});

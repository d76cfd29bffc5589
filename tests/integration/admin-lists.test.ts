import { beforeAll, describe, expect, test } from "vitest";
import { supportTickets } from "~/platform/db/schema";
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

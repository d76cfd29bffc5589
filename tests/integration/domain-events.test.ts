import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, type Tx } from "~/platform/db/client.server";
import {
  areDomainEventHandlersInstalled,
  createEventBus,
  type Subscription,
} from "~/platform/events/domain-events.server";
import { createTestDatabase, type TestDatabase } from "./db";

// The domain event bus (app/platform/events/domain-events.server.ts) on a real PostgreSQL: a
// handler runs in the publisher's transaction, so the cause and its consequences commit or roll
// back together. Each test makes a bus of its own with test events; the app's bus is installed
// by the setup file, as the server installs it at boot.

type TestEvents = {
  "probe.created": { id: number; label: string };
  "probe.other": { id: number };
};

/** Rows written by causes and handlers alike. */
async function probeLabels(): Promise<string[]> {
  const result = await db.execute<{ label: string }>(sql`select label from event_probe order by id, label`);
  return result.rows.map((row) => row.label);
}

async function insertProbe(tx: Tx, id: number, label: string) {
  await tx.execute(sql`insert into event_probe (id, label) values (${id}, ${label})`);
}

describe("domain events", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await db.execute(sql`create table event_probe (id int not null, label text not null)`);
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  test("the app's handlers are installed before any test runs, as at boot", () => {
    expect(areDomainEventHandlersInstalled()).toBe(true);
  });

  test("handlers run in order, in the publisher's transaction, and commit with the cause", async () => {
    const bus = createEventBus<TestEvents>();
    const seen: string[] = [];
    bus.install([
      {
        type: "probe.created",
        handle: async (tx, event) => {
          // The cause's row, not yet committed, is visible: the same transaction.
          const [row] = (
            await tx.execute<{ n: number }>(sql`select count(*)::int as n from event_probe where id = ${event.id}`)
          ).rows;
          seen.push(`first saw ${row!.n}`);
          await insertProbe(tx, event.id, `${event.label}: first`);
        },
      },
      { type: "probe.other", handle: async () => void seen.push("other") },
      {
        type: "probe.created",
        handle: async (tx, event) => {
          seen.push("second");
          await insertProbe(tx, event.id, `${event.label}: second`);
        },
      },
    ]);
    await db.transaction(async (tx) => {
      await insertProbe(tx, 1, "cause");
      await bus.publish(tx, { type: "probe.created", id: 1, label: "cause" });
      // Nothing is committed yet: another connection sees none of it.
      expect(await probeLabels()).toEqual([]);
    });
    expect(seen).toEqual(["first saw 1", "second"]);
    expect(await probeLabels()).toEqual(["cause", "cause: first", "cause: second"]);
  });

  test("a handler that throws rolls back the cause and the handlers before it", async () => {
    const bus = createEventBus<TestEvents>();
    const ran: string[] = [];
    bus.install([
      { type: "probe.created", handle: (tx, event) => insertProbe(tx, event.id, "consequence") },
      {
        type: "probe.created",
        handle: async () => {
          throw new Error("the handler refuses");
        },
      },
      { type: "probe.created", handle: async () => void ran.push("after the throw") },
    ]);
    await expect(
      db.transaction(async (tx) => {
        await insertProbe(tx, 2, "cause");
        await bus.publish(tx, { type: "probe.created", id: 2, label: "cause" });
      }),
    ).rejects.toThrow("the handler refuses");
    expect(ran).toEqual([]);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_probe where id = 2`);
    expect(left.rows[0]!.n).toBe(0);
  });

  test("publishing before the handlers are installed throws, and the cause rolls back", async () => {
    const bus = createEventBus<TestEvents>();
    expect(bus.isInstalled()).toBe(false);
    await expect(
      db.transaction(async (tx) => {
        await insertProbe(tx, 3, "cause");
        await bus.publish(tx, { type: "probe.other", id: 3 });
      }),
    ).rejects.toThrow(/"probe.other" was published before the event handlers were installed/);
    const left = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_probe where id = 3`);
    expect(left.rows[0]!.n).toBe(0);
  });

  test("installing twice keeps the first installation: each handler runs once", async () => {
    const bus = createEventBus<TestEvents>();
    const calls: string[] = [];
    const handlers: Subscription<TestEvents>[] = [
      { type: "probe.other", handle: async (_tx, event) => void calls.push(`handled ${event.id}`) },
    ];
    bus.install(handlers);
    bus.install(handlers);
    bus.install([{ type: "probe.other", handle: async () => void calls.push("a later list") }]);
    await db.transaction((tx) => bus.publish(tx, { type: "probe.other", id: 4 }));
    expect(calls).toEqual(["handled 4"]);
  });

  test("an event nobody handles is published without a fault", async () => {
    const bus = createEventBus<TestEvents>();
    bus.install([]);
    await db.transaction(async (tx) => {
      await insertProbe(tx, 5, "alone");
      await bus.publish(tx, { type: "probe.created", id: 5, label: "alone" });
    });
    const kept = await db.execute<{ n: number }>(sql`select count(*)::int as n from event_probe where id = 5`);
    expect(kept.rows[0]!.n).toBe(1);
  });
});

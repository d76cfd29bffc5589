import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { orderEvents } from "~/platform/db/schema";
import { createUser } from "~/platform/db/seed/factories.server";
import { MIGRATIONS_DIR } from "~/platform/db/migrate.server";
import { getAdminOrder } from "~/features/orders/admin-orders.server";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { getClientOrder } from "~/features/orders/client-orders.server";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";

// An order's history (docs/product-rules.md, "Languages"): each line the app
// writes is stored as a key and values and worded in the reader's language;
// a reason a person typed reads as typed. Events stored before as English
// text are given their key by the backfill migration.

const setup = useAuthTestSetup();

async function eventsOf(orderId: string) {
  return setup.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id));
}

/** The backfill migration's statements, as the migrator runs them (app/platform/db/migrations). */
async function runBackfillMigration() {
  const file = (await readdir(MIGRATIONS_DIR)).find((name) => name.endsWith("_order_event_wording_backfill.sql"));
  expect(file).toBeDefined();
  const text = await readFile(path.join(MIGRATIONS_DIR, file!), "utf8");
  for (const statement of text.split("--> statement-breakpoint")) await setup.db.execute(sql.raw(statement));
}

describe("the order's history in the reader's language", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  let admin: { id: string; roles: "admin"[] };
  beforeAll(async () => {
    client = await clientActor(setup.db);
    admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
    await caregiverNear(setup.db, { firstName: "Maria", lastName: "Gonzalez" });
  });

  test("the family reads the same events in Spanish and in English; their cancellation reason as typed", async () => {
    const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput() });
    await chooseCaregiver({ actor: client, orderId, caregiverId: null });
    await cancelOrder({ actor: client, orderId, reason: "Mom is moving in with my sister." });
    expect((await eventsOf(orderId)).map((event) => [event.toStatus, event.wording, event.note])).toEqual([
      ["submitted", { key: "requestReceived", values: {} }, null],
      ["offered", { key: "offeredToBestMatch", values: {} }, null],
      ["cancelled", null, "Mom is moving in with my sister."],
    ]);

    const lines = async (locale: "en" | "es") =>
      (await getClientOrder({ actor: client, orderId, locale })).timeline.map((entry) => entry.note);
    expect(await lines("es")).toEqual([
      "Solicitud recibida",
      "Ofrecido al cuidador más adecuado",
      "Mom is moving in with my sister.",
    ]);
    expect(await lines("en")).toEqual([
      "Request received",
      "Offered to the best match",
      "Mom is moving in with my sister.",
    ]);
    const adminLines = (await getAdminOrder({ actor: admin, orderId, locale: "es" })).timeline.map(
      (entry) => entry.note,
    );
    expect(adminLines).toEqual(await lines("es"));
  });

  test("the backfill gives events stored as English text their key; a typed reason and unknown text stay", async () => {
    const { orderId } = await submitCareRequest({ actor: client, request: careRequestInput() });
    await setup.db.delete(orderEvents).where(eq(orderEvents.orderId, orderId));
    // As the app stored them before: English words in the note, no wording.
    const stored: [typeof orderEvents.$inferInsert.toStatus, string | null][] = [
      ["submitted", "Request received"],
      ["offered", "Offered to the family's choice"],
      ["offered", "Offered to the next match (offer 3)"],
      ["submitted", "No other caregiver is available for this schedule; the Tendly team will assign one."],
      ["confirmed", "Assigned by an administrator"],
      ["in_progress", "First visit checked in"],
      ["in_progress", "Visit times corrected"],
      ["completed", "Last visit checked out"],
      ["completed", "Schedule ended"],
      ["confirmed", "Accepted by the caregiver"],
      ["offered", "Offered to the best match"],
      ["cancelled", "Request received"],
      ["submitted", "Something else entirely"],
      ["submitted", null],
    ];
    await setup.db
      .insert(orderEvents)
      .values(stored.map(([toStatus, note]) => ({ orderId, toStatus, note, actorRole: "system" })));

    await runBackfillMigration();

    expect((await eventsOf(orderId)).map((event) => [event.wording, event.note])).toEqual([
      [{ key: "requestReceived", values: {} }, null],
      [{ key: "offeredToFamilysChoice", values: {} }, null],
      [{ key: "offeredToNextMatch", values: { rank: 3 } }, null],
      [{ key: "noCaregiverAvailable", values: {} }, null],
      [{ key: "assignedByAdmin", values: {} }, null],
      [{ key: "firstVisitCheckedIn", values: {} }, null],
      [{ key: "visitTimesCorrected", values: {} }, null],
      [{ key: "lastVisitCheckedOut", values: {} }, null],
      [{ key: "scheduleEnded", values: {} }, null],
      [{ key: "acceptedByCaregiver", values: {} }, null],
      [{ key: "offeredToBestMatch", values: {} }, null],
      // A cancellation's note is what a person typed, whatever it says.
      [null, "Request received"],
      [null, "Something else entirely"],
      [null, null],
    ]);
    const spanish = (await getClientOrder({ actor: client, orderId, locale: "es" })).timeline.map(
      (entry) => entry.note,
    );
    expect(spanish.slice(0, 3)).toEqual([
      "Solicitud recibida",
      "Ofrecido al cuidador que eligió la familia",
      "Ofrecido al siguiente cuidador más adecuado (oferta 3)",
    ]);
    expect(spanish.slice(5, 9)).toEqual([
      "Primera visita: llegada registrada",
      "Horas de la visita corregidas",
      "Última visita: salida registrada",
      "Terminó el horario",
    ]);
  });
});

import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { careRequests, orders, visits } from "~/platform/db/schema";
import { createCaregiver, createUser } from "~/platform/db/seed/factories.server";
import { assignCaregiver } from "~/features/orders/assign-caregiver.server";
import { respondToOffer } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { formatVisitDateTime, zonedInstant } from "~/utils/datetime";
import { useAuthTestSetup } from "./auth-env";
import { clientActor, oneTimeRequest, upcomingMonday } from "./care-loop-helpers";

// A visit's zone comes from where care happens (the ZIP's coordinates), not
// from the state: El Paso TX is on Mountain time, Houston TX on Central.

const setup = useAuthTestSetup();

async function zoneOfOrder(orderId: string) {
  const [row] = await setup.db
    .select({ timeZone: careRequests.timeZone })
    .from(orders)
    .innerJoin(careRequests, eq(careRequests.id, orders.careRequestId))
    .where(eq(orders.id, orderId));
  return row?.timeZone;
}

describe("the zone of a new request's visits", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  let admin: { id: string; roles: "admin"[] };
  beforeAll(async () => {
    client = await clientActor(setup.db);
    admin = { ...(await createUser(setup.db, { roles: ["admin"] })), roles: ["admin"] };
  });

  test.each([
    ["79901", "79902", "America/Denver"], // El Paso TX
    ["77002", "77003", "America/Chicago"], // Houston TX
  ])("ZIP %s: the 09:00 visit is booked at 09:00 %s", async (zipCode, caregiverZip, zone) => {
    const caregiver = await createCaregiver(setup.db, {
      zipCode: caregiverZip,
      services: ["personal-care", "companionship"],
      languages: ["en", "es"],
      skills: ["dementia"],
      travelRadiusMiles: 25,
    });
    const date = upcomingMonday(2);
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(date, "09:00", "13:00", { zipCode }),
    });
    expect(await zoneOfOrder(orderId)).toBe(zone);

    await assignCaregiver({ actor: admin, orderId, caregiverId: caregiver.id, reason: "Free that morning" });
    await respondToOffer({ actor: { id: caregiver.id, roles: ["caregiver"] }, orderId, accept: true });
    const [visit] = await setup.db.select().from(visits).where(eq(visits.orderId, orderId));
    expect(visit?.startsAt.toISOString()).toBe(zonedInstant(date, "09:00", zone).toISOString());
    expect(visit?.endsAt.toISOString()).toBe(zonedInstant(date, "13:00", zone).toISOString());
    expect(formatVisitDateTime(visit!.startsAt, zone)).toMatch(/ at 9:00 AM$/);
  });

  test.each([
    ["32501", "America/Chicago"], // Pensacola FL: the panhandle keeps Central time
    ["83814", "America/Los_Angeles"], // Coeur d'Alene ID: north Idaho keeps Pacific time
    ["37902", "America/New_York"], // Knoxville TN: east Tennessee keeps Eastern time
    ["46402", "America/Chicago"], // Gary IN: north-west Indiana keeps Central time
  ])("ZIP %s is stored in %s", async (zipCode, zone) => {
    const { orderId } = await submitCareRequest({
      actor: client,
      request: oneTimeRequest(upcomingMonday(2), "09:00", "13:00", { zipCode }),
    });
    expect(await zoneOfOrder(orderId)).toBe(zone);
  });
});

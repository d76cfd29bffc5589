import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { userProfiles } from "~/platform/db/schema";
import { cancelOrder } from "~/features/orders/cancel-order.server";
import { chooseCaregiver } from "~/features/orders/offers.server";
import { submitCareRequest } from "~/features/orders/submit-care-request.server";
import { useAuthTestSetup } from "./auth-env";
import { careRequestInput, caregiverNear, clientActor } from "./care-loop-helpers";
import { deliveredOutbox } from "./emails";

// The care loop's emails are written in each recipient's language (the one
// stored on their account), read in the transaction that queues them.

const setup = useAuthTestSetup();

async function emailOf(userId: string) {
  const [row] = await setup.db
    .select({ email: userProfiles.email })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  return row!.email;
}

describe("care emails in each recipient's language", () => {
  let client: Awaited<ReturnType<typeof clientActor>>;
  let caregiverId: string;
  beforeAll(async () => {
    client = await clientActor(setup.db);
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, client.id));
    caregiverId = (await caregiverNear(setup.db, { firstName: "Ana", lastName: "Lopez" })).id;
  });

  test("a Spanish-speaking family gets Spanish; a caregiver who never chose gets English", async () => {
    const { orderId, orderNumber } = await submitCareRequest({ actor: client, request: careRequestInput() });
    await chooseCaregiver({ actor: client, orderId, caregiverId });
    await cancelOrder({ actor: client, orderId, reason: "Ya no lo necesitamos", as: "client" });

    const [clientEmail, caregiverEmail] = [await emailOf(client.id), await emailOf(caregiverId)];
    const outbox = await deliveredOutbox();
    const toClient = outbox.filter((mail) => mail.to === clientEmail).map((mail) => mail.subject);
    const toCaregiver = outbox.filter((mail) => mail.to === caregiverEmail).map((mail) => mail.subject);
    expect(toClient).toContain(`Recibimos su solicitud de cuidado ${orderNumber}`);
    expect(toClient).toContain(`Se canceló el pedido de cuidado ${orderNumber}`);
    expect(toCaregiver.some((subject) => subject.startsWith(`New care offer ${orderNumber} near `))).toBe(true);
    const cancelledToClient = outbox.find((mail) => mail.subject === `Se canceló el pedido de cuidado ${orderNumber}`);
    expect(cancelledToClient?.text).toContain("fue cancelado por la familia.");
    expect(cancelledToClient?.html).toContain('<html lang="es">');
  });

  test("a caregiver who chose Spanish gets the offer in Spanish, its deadline written in Spanish", async () => {
    await setup.db.update(userProfiles).set({ locale: "es" }).where(eq(userProfiles.id, caregiverId));
    const { orderId, orderNumber } = await submitCareRequest({ actor: client, request: careRequestInput() });
    await chooseCaregiver({ actor: client, orderId, caregiverId });
    const caregiverEmail = await emailOf(caregiverId);
    const offer = (await deliveredOutbox()).find(
      (mail) => mail.to === caregiverEmail && mail.subject.startsWith(`Nueva oferta de cuidado ${orderNumber}`),
    );
    expect(offer).toBeDefined();
    expect(offer!.text).toMatch(/antes de: (lun|mar|mié|jue|vie|sáb|dom)/);
  });
});

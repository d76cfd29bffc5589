// `npm run demo:visit`: books the demo family (Casey Morgan) a two-hour visit
// with the demo caregiver (Jordan Rivera) starting in 15 minutes (or at the
// caregiver's next free time after that, said in its output), so that
// check-in, check-out, the visit note, the family's timeline and feedback can
// be tried on the demo at any hour (bookVisitSoon in
// app/features/visits/demo-visit.server.ts). Runs beside `npm start` on the
// same data directory.
import { eq } from "drizzle-orm";
import { boot } from "../server/boot";
import { getDb } from "~/platform/db/client.server";
import { userProfiles } from "~/platform/db/schema";
import { DEMO_ACCOUNTS } from "~/platform/db/seed/seed.server";
import { bookVisitSoon } from "~/features/visits/demo-visit.server";
import { isAppError } from "~/utils/app-error";
import { formatInZone } from "~/utils/datetime";
import { refusalText } from "~/i18n/i18n.server";
import { EnvError } from "~/utils/env.server";

async function userId(email: string): Promise<string> {
  const [user] = await getDb().select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.email, email));
  if (!user) throw new Error(`${email} is not in this database: the demo data is seeded on the first npm start.`);
  return user.id;
}

async function main() {
  const booted = await boot(() => undefined);
  try {
    const [client, caregiver] = DEMO_ACCOUNTS;
    const booked = await bookVisitSoon({
      client: { id: await userId(client.email) },
      caregiverId: await userId(caregiver.email),
      recipientName: "Rosa Morgan",
    });
    const clock = (instant: Date) => formatInZone(instant, booked.timeZone, "h:mm a");
    if (booked.isLaterThanAsked) {
      console.log(
        `${caregiver.email} has a visit in the next 15 minutes' two hours: booked the next free time instead.`,
      );
    }
    console.log(
      `Booked ${booked.orderNumber}: a visit today from ${clock(booked.visit.startsAt)} to ${clock(booked.visit.endsAt)} ` +
        `(${booked.timeZone}; ${booked.visit.startsAt.toISOString()} to ${booked.visit.endsAt.toISOString()}).`,
    );
    console.log(`Sign in as ${caregiver.email} and open /caregiver/schedule to check in (it opens an hour before).`);
  } catch (error) {
    if (!isAppError(error)) throw error;
    console.error(refusalText("en", error));
    process.exitCode = 1;
  } finally {
    await booted.shutdown();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});

import { addDays, format } from "date-fns";
import { bookedOneVisit, startedAgo } from "./booked-visit-helpers";

// A booked visit moved to have started a while ago with nobody checked in: the late path's start
// (docs/product-rules.md, "Late and missed visits, backup caregivers"), for late-path.test.ts and
// sms-alerts.test.ts. In a ZIP code where no other caregiver works, no backup is free: the suite shares one
// database, so each caller takes a city where no other end-to-end test places a caregiver within reach: a
// caregiver created for another test is free, so a backup, until their own visit is booked and moved.

/** A visit in `zip`, booked ahead and then moved to have started `minutesAgo` minutes ago. */
export async function lateVisit(tag: string, zip: string, minutesAgo: number) {
  const { client, caregiver, orderId, visit } = await bookedOneVisit({
    zip,
    date: format(addDays(new Date(), 21), "yyyy-MM-dd"),
    startTime: "10:00",
    endTime: "12:00",
    family: `Wait${tag}`,
    main: `Slow${tag}`,
  });
  await startedAgo(visit.id, minutesAgo, 3);
  return { client, caregiver, orderId, visitId: visit.id };
}

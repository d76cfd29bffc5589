import { z } from "zod";
import { localDateIn, zonedInstant } from "~/utils/datetime";

// "On my way" (docs/product-rules.md, "On my way"; docs/decisions/0046-on-my-way.md): the caregiver says
// they are coming and about when they arrive. Pure rules, shared by the caregiver's button and the server.

/** The button shows from this long before the visit's start... */
export const ON_MY_WAY_OPENS_HOURS = 3;
/** ...and an arrival may be at most this long after the press. */
export const LATEST_ARRIVAL_HOURS = 3;
/** The estimates offered, in minutes from the press. */
export const ARRIVAL_ESTIMATES = [10, 20, 30, 45] as const;
/** How far a typed arrival time may lie behind the server's clock (a minute's slack for the press itself). */
const PAST_SLACK_MS = 60_000;

/** What the caregiver sends: minutes from now, or a time of day (HH:mm) on the clock where care happens. */
export const OnMyWaySchema = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("estimate"),
    minutes: z.coerce
      .number()
      .int()
      .refine((minutes) => (ARRIVAL_ESTIMATES as readonly number[]).includes(minutes)),
  }),
  z.object({ by: z.literal("time"), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/) }),
]);
export type OnMyWayInput = z.infer<typeof OnMyWaySchema>;

type VisitForArrival = { status: string; startsAt: Date; endsAt: Date };

/** From when a visit takes "On my way". */
export function onMyWayOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - ON_MY_WAY_OPENS_HOURS * 3_600_000);
}

/** Whether "On my way" may be pressed for this visit now: scheduled (not checked in), from 3 hours before its start until its end. */
export function canSayOnMyWay(visit: VisitForArrival, now: Date): boolean {
  return visit.status === "scheduled" && now >= onMyWayOpensAt(visit.startsAt) && now < visit.endsAt;
}

export type ArrivalRefusal = "past" | "too-late";

/**
 * The arrival instant of a press at `now`, or why it is refused. A typed time is today's on the visit's clock
 * (docs/product-rules.md, "On my way"): not in the past, and not more than LATEST_ARRIVAL_HOURS from now.
 */
export function arrivalTime(
  input: OnMyWayInput,
  timeZone: string,
  now: Date,
): { arrivesAt: Date } | { refusal: ArrivalRefusal } {
  const arrivesAt =
    input.by === "estimate"
      ? new Date(now.getTime() + input.minutes * 60_000)
      : zonedInstant(localDateIn(timeZone, now), input.time, timeZone);
  if (arrivesAt.getTime() < now.getTime() - PAST_SLACK_MS) return { refusal: "past" };
  if (arrivesAt.getTime() > now.getTime() + LATEST_ARRIVAL_HOURS * 3_600_000) return { refusal: "too-late" };
  return { arrivesAt };
}

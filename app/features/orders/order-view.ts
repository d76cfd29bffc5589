import type { CareRequest, Schedule } from "~/features/care-requests/public";
import { describeSchedule } from "~/features/care-requests/public";
import type { Quote } from "~/features/pricing/public";
import type { ServiceId } from "~/utils/services";
import type { OrderStatus } from "./state-machine";

// What each side may see of an order, as pure rules (no database; the reads
// in *-orders.server.ts load the rows and apply these). Before accepting, a
// caregiver sees the services, the schedule, their pay and the area (ZIP
// centre and city) only; the street address, the care recipient and the
// health details come once they have accepted the order. The family sees
// their whole request; an admin too (each read audited).

/** The columns of a stored care request that place it. */
export type RequestPlace = {
  zipCode: string;
  city: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
};

/** The ZIP's centre and city: all a caregiver sees of the place before accepting. */
export type Area = { zip: string; city: string | null; state: string | null; latitude: number; longitude: number };

export type CaregiverAddress = { streetAddress: string; zipCode: string; city: string | null; state: string | null };

export type CareRecipient = {
  fullName: string;
  age: number;
  gender: string;
  phoneNumber: string;
  healthNeeds: string[];
  additionalDetails: string;
};

/** The schedule part of a request (one-time or recurring), without the rest of it. */
export function scheduleOf(request: CareRequest): Schedule {
  if (request.scheduleType === "one-time") {
    return {
      scheduleType: "one-time",
      startDate: request.startDate,
      startTime: request.startTime,
      endTime: request.endTime,
    };
  }
  return {
    scheduleType: "recurring",
    startDate: request.startDate,
    endDate: request.endDate,
    weeklySchedule: request.weeklySchedule,
  };
}

/** The schedule and its one-line summary ("Mon 9:00 AM–12:00 PM, ..."). */
export function scheduleView(request: CareRequest): { schedule: Schedule; scheduleSummary: string } {
  const schedule = scheduleOf(request);
  return { schedule, scheduleSummary: describeSchedule(schedule) };
}

/** Where care happens, as an area: the ZIP's centre, city and state, never the street. */
export function areaOf(place: RequestPlace): Area {
  return {
    zip: place.zipCode,
    city: place.city,
    state: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

/** What the caregiver is paid (for the order, or a week of recurring care): never the family's total. */
export function caregiverPay(quote: Pick<Quote, "caregiverPayCents" | "period">): {
  payCents: number;
  payPeriod: Quote["period"];
} {
  return { payCents: quote.caregiverPayCents, payPeriod: quote.period };
}

/** The statuses in which the order's caregiver has accepted it. */
export const CAREGIVER_ACCEPTED_STATUSES: readonly OrderStatus[] = ["confirmed", "in_progress", "completed"];

/** Whether this caregiver accepted the order: it is theirs and confirmed, in progress or completed (not cancelled). */
export function caregiverHasAccepted({ status, isAssigned }: { status: OrderStatus; isAssigned: boolean }): boolean {
  return isAssigned && CAREGIVER_ACCEPTED_STATUSES.includes(status);
}

/** The street address and the care recipient (health details included): null until the caregiver has accepted. */
export function caregiverPrivateDetails(
  care: CareRequest,
  place: Pick<RequestPlace, "city" | "state">,
  accepted: boolean,
): { address: CaregiverAddress | null; recipient: CareRecipient | null } {
  if (!accepted) return { address: null, recipient: null };
  return {
    address: { streetAddress: care.streetAddress, zipCode: care.zipCode, city: place.city, state: place.state },
    recipient: {
      fullName: care.fullName,
      age: care.age,
      gender: care.gender,
      phoneNumber: care.phoneNumber,
      healthNeeds: care.healthNeeds,
      additionalDetails: care.additionalDetails,
    },
  };
}

/** The family's preferences, which a caregiver sees before accepting. */
export function carePreferences(care: CareRequest): { language: string; caregiverGender: string; careType: string } {
  return { language: care.preferredLanguage, caregiverGender: care.caregiverGender, careType: care.careType };
}

export type CaregiverOrderBasics = {
  orderId: string;
  orderNumber: string;
  services: ServiceId[];
  schedule: Schedule;
  scheduleSummary: string;
  timeZone: string;
  area: Area;
  payCents: number;
  payPeriod: Quote["period"];
};

/** What a caregiver sees of any order offered to them or theirs, in a list: nothing private. */
export function caregiverOrderBasics(
  order: { id: string; orderNumber: string; quote: Pick<Quote, "caregiverPayCents" | "period"> },
  request: RequestPlace & { services: string[]; timeZone: string; care: CareRequest },
): CaregiverOrderBasics {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    services: request.services as ServiceId[],
    ...scheduleView(request.care),
    timeZone: request.timeZone,
    area: areaOf(request),
    ...caregiverPay(order.quote),
  };
}

/**
 * Whether a visit is still to come (docs/product-rules.md, "Times on screen"):
 * scheduled and not over, or under way. A completed, missed or cancelled visit
 * is past, even before its booked end.
 */
export function isUpcomingVisit(visit: { status: string; endsAt: Date }, now: Date): boolean {
  return visit.status === "checked_in" || (visit.status === "scheduled" && visit.endsAt > now);
}

/** The family's visits: upcoming (in time order) and past, completed, missed or cancelled (newest first). */
export function splitVisits<V extends { status: string; endsAt: Date }>(
  visits: V[],
  now: Date,
): { upcomingVisits: V[]; pastVisits: V[] } {
  return {
    upcomingVisits: visits.filter((visit) => isUpcomingVisit(visit, now)),
    pastVisits: visits.filter((visit) => !isUpcomingVisit(visit, now)).toReversed(),
  };
}

/** Who cancelled, as the family reads it ("you" or "the Tendly team"); null unless cancelled. */
export function clientCancellation(order: {
  status: OrderStatus;
  cancelledByRole: string | null;
  cancelReason: string | null;
  cancelledAt: Date | null;
}): { by: "you" | "the Tendly team"; reason: string; at: Date | null } | null {
  if (order.status !== "cancelled") return null;
  return {
    by: order.cancelledByRole === "client" ? "you" : "the Tendly team",
    reason: order.cancelReason ?? "",
    at: order.cancelledAt,
  };
}

import { describe, expect, test } from "vitest";
import { EMPTY_WEEK, type CareRequest } from "~/features/care-requests/public";
import {
  areaOf,
  caregiverHasAccepted,
  caregiverOrderBasics,
  caregiverPay,
  caregiverPrivateDetails,
  carePreferences,
  clientCancellation,
  scheduleOf,
  scheduleView,
  splitVisits,
  type RequestPlace,
} from "./order-view";
import type { OrderStatus } from "./state-machine";

const care = {
  careRecipient: "loved-one",
  fullName: "Rosa Diaz",
  age: 82,
  gender: "female",
  phoneNumber: "(312) 555-0142",
  streetAddress: "2400 N Clark St, Apt 5",
  zipCode: "60614",
  serviceTypes: ["personal-care"],
  healthNeeds: ["dementia"],
  careType: "hourly",
  preferredLanguage: "es",
  caregiverGender: "female",
  culture: "",
  privateRoomAvailable: false,
  additionalDetails: "Mild dementia; needs help with bathing.",
  promoCode: "",
  termsAccepted: true,
  scheduleType: "recurring",
  startDate: "2026-12-01",
  endDate: "2026-12-20",
  weeklySchedule: { ...EMPTY_WEEK, 0: [{ start: "09:00", end: "13:00" }], 3: [{ start: "14:00", end: "17:30" }] },
} as CareRequest;

const place: RequestPlace = { zipCode: "60614", city: "Chicago", state: "IL", latitude: 41.92, longitude: -87.65 };

const quote = { caregiverPayCents: 12_000, totalCents: 19_500, period: "week" as const };

const STATUSES: OrderStatus[] = ["submitted", "offered", "confirmed", "in_progress", "completed", "cancelled"];

describe("what a caregiver sees before accepting", () => {
  test("acceptance: only the order's own caregiver, once confirmed, in progress or completed", () => {
    expect(STATUSES.filter((status) => caregiverHasAccepted({ status, isAssigned: true }))).toEqual([
      "confirmed",
      "in_progress",
      "completed",
    ]);
    expect(STATUSES.some((status) => caregiverHasAccepted({ status, isAssigned: false }))).toBe(false);
  });

  test("health details, the recipient and the street address are withheld until acceptance", () => {
    expect(caregiverPrivateDetails(care, place, false)).toEqual({ address: null, recipient: null });
    const { address, recipient } = caregiverPrivateDetails(care, place, true);
    expect(address).toEqual({
      streetAddress: "2400 N Clark St, Apt 5",
      zipCode: "60614",
      city: "Chicago",
      state: "IL",
    });
    expect(recipient).toEqual({
      fullName: "Rosa Diaz",
      age: 82,
      gender: "female",
      phoneNumber: "(312) 555-0142",
      healthNeeds: ["dementia"],
      additionalDetails: "Mild dementia; needs help with bathing.",
    });
  });

  test("the place is an area: ZIP, city, state and the ZIP's centre, never the street", () => {
    const area = areaOf(place);
    expect(area).toEqual({ zip: "60614", city: "Chicago", state: "IL", latitude: 41.92, longitude: -87.65 });
    expect(JSON.stringify(area)).not.toContain("Clark");
  });

  test("the pay is the caregiver's pay for the period, never the family's total", () => {
    expect(caregiverPay(quote)).toEqual({ payCents: 12_000, payPeriod: "week" });
  });

  test("the schedule is the request's schedule alone, with its one-line summary", () => {
    expect(scheduleView(care)).toEqual({
      schedule: {
        scheduleType: "recurring",
        startDate: "2026-12-01",
        endDate: "2026-12-20",
        weeklySchedule: care.scheduleType === "recurring" ? care.weeklySchedule : EMPTY_WEEK,
      },
      scheduleSummary: "Weekly: Mon 9:00 AM–1:00 PM, Thu 2:00 PM–5:30 PM (Tue, Dec 1, 2026 to Sun, Dec 20, 2026)",
    });
    const oneTime = {
      ...care,
      scheduleType: "one-time",
      startDate: "2026-12-05",
      startTime: "10:00",
      endTime: "14:00",
    };
    expect(scheduleOf(oneTime as CareRequest)).toEqual({
      scheduleType: "one-time",
      startDate: "2026-12-05",
      startTime: "10:00",
      endTime: "14:00",
    });
  });

  test("the family's preferences are shown before accepting", () => {
    expect(carePreferences(care)).toEqual({ language: "es", caregiverGender: "female", careType: "hourly" });
  });

  test("a list entry holds services, schedule, area and pay, and nothing private", () => {
    const basics = caregiverOrderBasics(
      { id: "order-1", orderNumber: "TND-1001", quote },
      { ...place, services: ["personal-care"], timeZone: "America/Chicago", care },
    );
    expect(basics).toMatchObject({
      orderId: "order-1",
      orderNumber: "TND-1001",
      services: ["personal-care"],
      timeZone: "America/Chicago",
      area: areaOf(place),
      payCents: 12_000,
      payPeriod: "week",
    });
    const text = JSON.stringify(basics);
    for (const secret of ["Rosa", "Clark", "555-0142", "dementia", "bathing", "19500"]) {
      expect(text).not.toContain(secret);
    }
  });
});

function visit(id: string, endsAt: string, status: string) {
  return { id, endsAt: new Date(endsAt), status };
}

describe("visits and cancellations as each side reads them", () => {
  const now = new Date("2026-12-10T12:00:00Z");

  test("upcoming visits in time order; past and cancelled ones newest first", () => {
    const visits = [
      visit("old", "2026-12-01T12:00:00Z", "completed"),
      visit("recent", "2026-12-09T12:00:00Z", "scheduled"),
      visit("cancelled", "2026-12-11T12:00:00Z", "cancelled"),
      visit("soon", "2026-12-12T12:00:00Z", "scheduled"),
      visit("later", "2026-12-14T12:00:00Z", "scheduled"),
    ];
    const { upcomingVisits, pastVisits } = splitVisits(visits, now);
    expect(upcomingVisits.map((entry) => entry.id)).toEqual(["soon", "later"]);
    expect(pastVisits.map((entry) => entry.id)).toEqual(["cancelled", "recent", "old"]);
  });

  test("a visit completed or missed before its booked end is past; one under way is upcoming", () => {
    const visits = [
      visit("done-early", "2026-12-10T12:00:00Z", "completed"),
      visit("missed", "2026-12-10T13:00:00Z", "missed"),
      visit("under-way", "2026-12-10T14:00:00Z", "checked_in"),
      visit("soon", "2026-12-12T12:00:00Z", "scheduled"),
    ].map((entry) => ({ ...entry, endsAt: new Date(now.getTime() + 60 * 60 * 1000) }));
    const { upcomingVisits, pastVisits } = splitVisits(visits, now);
    expect(upcomingVisits.map((entry) => entry.id)).toEqual(["under-way", "soon"]);
    expect(pastVisits.map((entry) => entry.id)).toEqual(["missed", "done-early"]);
  });

  test("the family reads who cancelled as themselves or the Tendly team", () => {
    const cancelled = {
      status: "cancelled" as const,
      cancelledByRole: "client",
      cancelReason: "Moved away",
      cancelledAt: now,
    };
    expect(clientCancellation(cancelled)).toEqual({ by: "you", reason: "Moved away", at: now });
    expect(clientCancellation({ ...cancelled, cancelledByRole: "admin", cancelReason: null })).toEqual({
      by: "the Tendly team",
      reason: "",
      at: now,
    });
    expect(clientCancellation({ ...cancelled, status: "confirmed" })).toBeNull();
  });
});

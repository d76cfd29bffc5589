import { describe, expect, test } from "vitest";
import { DEFAULT_CARE_SETTINGS } from "./care-settings";
import {
  canCaregiverCancel,
  isDueForBackupOffer,
  isDueForLateAlert,
  isLateCancellation,
  isMissed,
  isVisitLate,
  lateFrom,
  needsAttention,
  sweepActions,
  sweepStartCutoff,
  visitAttention,
  visitPayCents,
  type VisitTiming,
} from "./visit-alerts";

const START = new Date("2026-12-07T15:00:00Z");
const minutesAfterStart = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

function visit(overrides: Partial<VisitTiming> = {}): VisitTiming {
  return {
    status: "scheduled",
    startsAt: START,
    endsAt: minutesAfterStart(240),
    checkedInAt: null,
    lateAlertedAt: null,
    backupOfferedAt: null,
    ...overrides,
  };
}

const settings = DEFAULT_CARE_SETTINGS;

describe("late alert", () => {
  test("is due from 15 minutes after the start, not before", () => {
    expect(isDueForLateAlert(visit(), settings, minutesAfterStart(14))).toBe(false);
    expect(isDueForLateAlert(visit(), settings, minutesAfterStart(15))).toBe(true);
    expect(isDueForLateAlert(visit(), settings, minutesAfterStart(100))).toBe(true);
  });

  test("is sent once, never for a checked-in, cancelled or ended visit", () => {
    const now = minutesAfterStart(20);
    expect(isDueForLateAlert(visit({ lateAlertedAt: minutesAfterStart(16) }), settings, now)).toBe(false);
    expect(isDueForLateAlert(visit({ checkedInAt: minutesAfterStart(18) }), settings, now)).toBe(false);
    expect(isDueForLateAlert(visit({ status: "cancelled" }), settings, now)).toBe(false);
    expect(isDueForLateAlert(visit({ endsAt: minutesAfterStart(20) }), settings, now)).toBe(false);
  });

  test("follows the settings", () => {
    const later = { ...settings, lateAlertMinutes: 40, backupOfferMinutes: 60 };
    expect(isDueForLateAlert(visit(), later, minutesAfterStart(30))).toBe(false);
    expect(isDueForLateAlert(visit(), later, minutesAfterStart(40))).toBe(true);
  });
});

describe("backup offer", () => {
  test("is due from 30 minutes after the start, once", () => {
    expect(isDueForBackupOffer(visit(), settings, minutesAfterStart(29))).toBe(false);
    expect(isDueForBackupOffer(visit(), settings, minutesAfterStart(30))).toBe(true);
    expect(isDueForBackupOffer(visit({ backupOfferedAt: START }), settings, minutesAfterStart(31))).toBe(false);
  });

  test("the sweep alerts first, then offers; both when it wakes up late", () => {
    expect(sweepActions(visit(), settings, minutesAfterStart(16))).toEqual(["late_alert"]);
    expect(sweepActions(visit(), settings, minutesAfterStart(45))).toEqual(["late_alert", "backup_offer"]);
    expect(sweepActions(visit({ lateAlertedAt: START }), settings, minutesAfterStart(45))).toEqual(["backup_offer"]);
    expect(sweepActions(visit(), settings, minutesAfterStart(5))).toEqual([]);
  });
});

describe("missed", () => {
  test("a visit never checked in is missed at its end, and nothing else is done to it", () => {
    expect(isMissed(visit(), minutesAfterStart(239))).toBe(false);
    expect(isMissed(visit(), minutesAfterStart(240))).toBe(true);
    expect(sweepActions(visit(), settings, minutesAfterStart(300))).toEqual(["missed"]);
  });

  test("a checked-in or completed visit is never missed", () => {
    expect(isMissed(visit({ status: "checked_in", checkedInAt: START }), minutesAfterStart(300))).toBe(false);
    expect(isMissed(visit({ status: "completed", checkedInAt: START }), minutesAfterStart(300))).toBe(false);
  });
});

test("the sweep reads visits that started before the smaller threshold", () => {
  expect(sweepStartCutoff(settings, minutesAfterStart(15))).toEqual(START);
});

describe("caregiver cancellations", () => {
  test("less than 24 hours before the start is late", () => {
    const now = new Date(START.getTime() - 23 * 3_600_000);
    expect(isLateCancellation(START, settings, now)).toBe(true);
    expect(isLateCancellation(START, settings, new Date(START.getTime() - 25 * 3_600_000))).toBe(false);
    expect(isLateCancellation(START, { lateCancelHours: 48 }, new Date(START.getTime() - 25 * 3_600_000))).toBe(true);
  });

  test("only a scheduled visit not checked in and not over can be cancelled", () => {
    expect(canCaregiverCancel(visit(), minutesAfterStart(-60))).toBe(true);
    expect(canCaregiverCancel(visit({ checkedInAt: START, status: "checked_in" }), START)).toBe(false);
    expect(canCaregiverCancel(visit(), minutesAfterStart(240))).toBe(false);
  });
});

describe("pay for one visit", () => {
  const pricing = { caregiverPayPercent: 70 };
  test("the caregiver's share of the matching visit line", () => {
    const quote = {
      visits: [
        { day: "Monday", start: "09:00", amountCents: 10_000 },
        { day: "Wednesday", start: "09:00", amountCents: 12_000 },
      ],
      perVisitCents: 11_000,
      pricing,
    };
    // 2026-12-09 is a Wednesday.
    expect(visitPayCents(quote, { date: "2026-12-09", start: "09:00" })).toBe(8_400);
    expect(visitPayCents(quote, { date: "2026-12-09", start: "14:00" })).toBe(7_700);
  });

  test("one-time care by its date; unknown without the share", () => {
    const quote = { visits: [{ day: "2026-12-07", start: "10:00", amountCents: 9_000 }], pricing };
    expect(visitPayCents(quote, { date: "2026-12-07", start: "10:00" })).toBe(6_300);
    expect(visitPayCents({ perVisitCents: 9_000 }, { date: "2026-12-07", start: "10:00" })).toBeNull();
  });
});

const none = { offered: 0, open: 0 };
const lateMark = (overrides: Partial<VisitTiming>, minutes: number) =>
  isVisitLate({ ...visit(overrides), lateFrom: lateFrom(START, settings) }, minutesAfterStart(minutes));

describe("the late path as people see it", () => {
  test("a visit is late from the late-alert threshold until its end, while nobody checked in", () => {
    expect(lateMark({}, 14)).toBe(false);
    expect(lateMark({}, 15)).toBe(true);
    expect(lateMark({}, 239)).toBe(true);
    expect(lateMark({}, 240)).toBe(false);
    expect(lateMark({ checkedInAt: minutesAfterStart(20), status: "checked_in" }, 30)).toBe(false);
    expect(lateMark({ status: "cancelled" }, 30)).toBe(false);
    // Alerted under a lower threshold, it stays late though the setting was raised since.
    expect(
      isVisitLate(
        { ...visit({ lateAlertedAt: minutesAfterStart(5) }), lateFrom: minutesAfterStart(60) },
        minutesAfterStart(10),
      ),
    ).toBe(true);
  });

  test("no backup: offered to nobody; looking: offers still open; neither once checked in", () => {
    const offeredToNobody = visit({ lateAlertedAt: minutesAfterStart(15), backupOfferedAt: minutesAfterStart(30) });
    const now = minutesAfterStart(31);
    expect(visitAttention(offeredToNobody, none, settings, now)).toEqual({
      isLate: true,
      isMissed: false,
      hasNoBackup: true,
      isLookingForBackup: false,
    });
    expect(visitAttention(offeredToNobody, { offered: 3, open: 3 }, settings, now)).toMatchObject({
      hasNoBackup: false,
      isLookingForBackup: true,
    });
    const checkedIn = { ...offeredToNobody, status: "checked_in" as const, checkedInAt: minutesAfterStart(40) };
    expect(visitAttention(checkedIn, none, settings, minutesAfterStart(41))).toEqual({
      isLate: false,
      isMissed: false,
      hasNoBackup: false,
      isLookingForBackup: false,
    });
  });

  test("the queue keeps late and no-backup visits, and missed ones for 7 days after their end", () => {
    const missed = visit({ status: "missed", backupOfferedAt: minutesAfterStart(30) });
    const attention = (now: Date) => visitAttention(missed, none, settings, now);
    const dayMinutes = 24 * 60;
    expect(attention(minutesAfterStart(241))).toMatchObject({ isMissed: true, hasNoBackup: true, isLate: false });
    expect(needsAttention(missed, attention(minutesAfterStart(241)), minutesAfterStart(241))).toBe(true);
    const nearlyAWeek = minutesAfterStart(240 + 7 * dayMinutes - 1);
    expect(needsAttention(missed, attention(nearlyAWeek), nearlyAWeek)).toBe(true);
    const aWeek = minutesAfterStart(240 + 7 * dayMinutes);
    expect(needsAttention(missed, attention(aWeek), aWeek)).toBe(false);
    const onTime = visit();
    expect(needsAttention(onTime, visitAttention(onTime, none, settings, minutesAfterStart(5)), START)).toBe(false);
    // A caregiver's cancellation nobody could cover, before the start: the team must act already.
    const uncovered = visit({ backupOfferedAt: minutesAfterStart(-600) });
    const before = minutesAfterStart(-590);
    expect(needsAttention(uncovered, visitAttention(uncovered, none, settings, before), before)).toBe(true);
  });
});

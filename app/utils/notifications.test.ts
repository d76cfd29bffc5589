import { describe, expect, it } from "vitest";
import {
  applyNotificationChange,
  countsByFilter,
  filterNotifications,
  unreadCount,
  visibleNotifications,
  type Notification,
} from "./notifications";
import { groupFor, groupNotifications } from "./notification-groups";
import { capCount, chipCountLabel, headerBadgeLabel } from "./count-labels";

// Dates are built in local time: grouping follows the viewer's calendar.
const at = (month: number, day: number, hour = 12, minute = 0) => new Date(2026, month - 1, day, hour, minute);

let nextId = 0;
function notification(overrides: Partial<Notification> = {}): Notification {
  nextId += 1;
  return {
    id: `n${nextId}`,
    type: "order",
    title: `Notification ${nextId}`,
    message: "Details",
    status: "unread",
    priority: "normal",
    createdAt: at(11, 19, 9).toISOString(),
    ...overrides,
  };
}

describe("badge and chip counts", () => {
  it("caps the header badge at 9+", () => {
    expect(headerBadgeLabel(0)).toBe("0");
    expect(headerBadgeLabel(9)).toBe("9");
    expect(headerBadgeLabel(10)).toBe("9+");
    expect(headerBadgeLabel(250)).toBe("9+");
  });

  it("caps chip counts at 99+", () => {
    expect(chipCountLabel(99)).toBe("99");
    expect(chipCountLabel(100)).toBe("99+");
    expect(capCount(5, 3)).toBe("3+");
  });
});

describe("filters", () => {
  const list = [
    notification({ type: "order", status: "unread" }),
    notification({ type: "order", status: "read" }),
    notification({ type: "payment", status: "unread" }),
    notification({ type: "message", status: "archived" }),
    notification({ type: "system", status: "read" }),
  ];

  it("counts each chip, leaving archived items out", () => {
    expect(countsByFilter(list)).toEqual({
      all: 4,
      unread: 2,
      order: 2,
      payment: 1,
      caregiver: 0,
      schedule: 0,
      message: 0,
      system: 1,
    });
  });

  it("counts only unread items as new", () => {
    expect(unreadCount(list)).toBe(2);
  });

  it("filters by read state and by type", () => {
    expect(filterNotifications(list, "unread").map((n) => n.type)).toEqual(["order", "payment"]);
    expect(filterNotifications(list, "order")).toHaveLength(2);
    expect(filterNotifications(list, "message")).toEqual([]);
  });

  it("lists newest first without archived items", () => {
    const older = notification({ createdAt: at(11, 1).toISOString() });
    const newer = notification({ createdAt: at(11, 18).toISOString() });
    const archived = notification({ status: "archived", createdAt: at(11, 19).toISOString() });
    expect(visibleNotifications([older, archived, newer]).map((n) => n.id)).toEqual([newer.id, older.id]);
  });
});

describe("grouping by day and Monday-based week", () => {
  it("groups relative to a Thursday", () => {
    const now = at(11, 19, 10); // Thursday 19 November 2026
    expect(groupFor(at(11, 19, 0, 1), now)).toBe("Today");
    expect(groupFor(at(11, 18, 23, 59), now)).toBe("Yesterday");
    expect(groupFor(at(11, 16, 9), now)).toBe("This Week"); // Monday
    // Sunday belongs to the previous week when weeks start on Monday.
    expect(groupFor(at(11, 15, 20), now)).toBe("Last Week");
    expect(groupFor(at(11, 9, 0, 0), now)).toBe("Last Week");
    expect(groupFor(at(11, 8, 23), now)).toBe("This Month");
    expect(groupFor(at(11, 1), now)).toBe("This Month");
    expect(groupFor(at(10, 31), now)).toBe("Older");
  });

  it("prefers Yesterday over Last Week on a Monday", () => {
    const now = at(11, 16, 10); // Monday
    expect(groupFor(at(11, 15), now)).toBe("Yesterday");
    expect(groupFor(at(11, 14), now)).toBe("Last Week");
    expect(groupFor(at(11, 8), now)).toBe("This Month");
  });

  it("keeps Monday to Sunday in one week", () => {
    expect(groupFor(at(11, 16), at(11, 22, 18))).toBe("This Week");
  });

  it("keeps last week across a month boundary", () => {
    const now = at(12, 1, 10); // Tuesday 1 December
    expect(groupFor(at(11, 30), now)).toBe("Yesterday");
    expect(groupFor(at(11, 29), now)).toBe("Last Week");
    expect(groupFor(at(11, 23), now)).toBe("Last Week");
    expect(groupFor(at(11, 22), now)).toBe("Older");
  });

  it("treats a timestamp slightly in the future as today", () => {
    expect(groupFor(at(11, 20, 0, 5), at(11, 19, 23, 59))).toBe("Today");
  });

  it("returns non-empty sections in the panel's order, newest first inside each", () => {
    const now = at(11, 19, 10);
    const older = notification({ createdAt: at(9, 1).toISOString() });
    const todayEarly = notification({ createdAt: at(11, 19, 7).toISOString() });
    const todayLate = notification({ createdAt: at(11, 19, 9).toISOString() });
    const lastWeek = notification({ createdAt: at(11, 10).toISOString() });
    const sections = groupNotifications([older, todayEarly, lastWeek, todayLate], now);
    expect(sections.map((s) => s.group)).toEqual(["Today", "Last Week", "Older"]);
    expect(sections[0]!.items.map((n) => n.id)).toEqual([todayLate.id, todayEarly.id]);
  });

  it("has no sections for no notifications", () => {
    expect(groupNotifications([], at(11, 19))).toEqual([]);
  });
});

function sampleList() {
  const items = [
    notification({ type: "order" }),
    notification({ type: "message" }),
    notification({ type: "message", status: "read" }),
  ];
  return { notifications: items, counts: countsByFilter(items) };
}

describe("a change shown before the server answers", () => {
  it("marks read and unread, moving the unread count only when an item leaves or enters unread", () => {
    const start = sampleList();
    const [first, , third] = start.notifications;
    const read = applyNotificationChange(start, { action: "read", ids: [first!.id, third!.id] });
    expect(read.counts.unread).toBe(1);
    expect(read.notifications.map((item) => item.status)).toEqual(["read", "unread", "read"]);
    const unread = applyNotificationChange(read, { action: "unread", ids: [third!.id] });
    expect(unread.counts.unread).toBe(2);
  });

  it("archive and delete take items out of the list and every count", () => {
    const start = sampleList();
    const [first, second] = start.notifications;
    const after = applyNotificationChange(applyNotificationChange(start, { action: "archive", ids: [first!.id] }), {
      action: "delete",
      ids: [second!.id],
    });
    expect(after.notifications).toHaveLength(1);
    expect(after.counts).toMatchObject({ all: 1, unread: 0, order: 0, message: 1 });
  });

  it("read-all leaves nothing unread; counts never go below what the list shows", () => {
    const after = applyNotificationChange(sampleList(), { action: "read-all" });
    expect(after.counts.unread).toBe(0);
    expect(after.counts.all).toBe(3);
    expect(after.notifications.every((item) => item.status === "read")).toBe(true);
  });
});

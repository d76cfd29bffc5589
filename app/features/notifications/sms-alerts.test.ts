import { describe, expect, it } from "vitest";
import { isChannelOffered, isSmsAlert, SMS_TYPES } from "./preferences";
import { preferencesFromForm } from "./delivery-settings.schema";

describe("which notifications are texted", () => {
  it("only the urgent alerts: late, missed, no backup, moved within the late-change hours", () => {
    for (const subtype of ["visit_late", "visit_missed", "no_backup", "visit_moved_late"])
      expect(isSmsAlert({ type: "schedule", subtype, priority: "urgent" })).toBe(true);
  });

  it("never another subtype, a normal priority, no subtype or another type", () => {
    expect(isSmsAlert({ type: "schedule", subtype: "family_code_closed", priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "schedule", subtype: "backup_offer", priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "schedule", subtype: "visit_cancelled", priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "schedule", subtype: "visit_late", priority: "normal" })).toBe(false);
    expect(isSmsAlert({ type: "schedule", subtype: "visit_move_requested", priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "schedule", subtype: null, priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "payment", subtype: "visit_late", priority: "urgent" })).toBe(false);
    expect(isSmsAlert({ type: "message", subtype: "new_message", priority: "urgent" })).toBe(false);
  });

  it("offers the text channel only where urgent alerts are, and a ticked box elsewhere is off", () => {
    expect(SMS_TYPES).toEqual(["schedule"]);
    expect(isChannelOffered("schedule", "sms")).toBe(true);
    expect(isChannelOffered("order", "sms")).toBe(false);
    expect(isChannelOffered("order", "email")).toBe(true);
    const preferences = preferencesFromForm({ schedule: { sms: "on" }, order: { sms: "on", inApp: "on" } });
    expect(preferences.schedule.sms).toBe(true);
    expect(preferences.order).toEqual({ inApp: true, email: false, push: false, sms: false });
  });
});

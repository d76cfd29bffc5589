import { describe, expect, test } from "vitest";
import {
  canSendPreAdverseNotice,
  decide,
  DECISION_ERRORS,
  isMatchable,
  QueueQuerySchema,
  type VettingState,
} from "./vetting";

const now = new Date("2026-11-23T10:00:00Z");
const pending: VettingState = { status: "pending", backgroundCheck: "clear", preAdverseNoticeAt: null };

describe("decide", () => {
  test("approval needs a pending application and a clear check", () => {
    expect(decide("approve", pending, "", now)).toEqual({
      ok: true,
      status: "approved",
      sendsFinalAdverseNotice: false,
    });
    for (const backgroundCheck of ["not_started", "in_progress", "consider", "failed"] as const) {
      expect(decide("approve", { ...pending, backgroundCheck }, "", now)).toEqual({
        ok: false,
        error: DECISION_ERRORS.approveNeedsClear,
      });
    }
    expect(decide("approve", { ...pending, status: "rejected" }, "", now).ok).toBe(false);
  });

  test("rejection and suspension need a reason", () => {
    expect(decide("reject", pending, " ", now)).toEqual({ ok: false, error: DECISION_ERRORS.reasonRequired });
    expect(decide("reject", pending, "References could not be reached", now)).toMatchObject({
      ok: true,
      status: "rejected",
    });
    expect(decide("suspend", { ...pending, status: "approved" }, "", now).ok).toBe(false);
    expect(decide("suspend", { ...pending, status: "approved" }, "Missed three visits", now)).toMatchObject({
      ok: true,
      status: "suspended",
    });
  });

  test("a rejection based on an adverse check follows the pre-adverse notice and the waiting period", () => {
    const adverse: VettingState = { ...pending, backgroundCheck: "consider" };
    expect(decide("reject", adverse, "Background check", now)).toEqual({
      ok: false,
      error: DECISION_ERRORS.preAdverseFirst,
    });
    const noticed = { ...adverse, preAdverseNoticeAt: new Date("2026-11-20T10:00:00Z") };
    expect(decide("reject", noticed, "Background check", now)).toEqual({
      ok: false,
      error: "The waiting period after the pre-adverse notice runs until 2026-11-25.",
    });
    expect(decide("reject", noticed, "Background check", new Date("2026-11-25T10:00:00Z"))).toEqual({
      ok: true,
      status: "rejected",
      sendsFinalAdverseNotice: true,
    });
  });

  test("reinstatement takes a suspended caregiver back to approved, with a clear check", () => {
    const suspended: VettingState = { ...pending, status: "suspended" };
    expect(decide("reinstate", suspended, "", now)).toMatchObject({ ok: true, status: "approved" });
    expect(decide("reinstate", { ...suspended, backgroundCheck: "failed" }, "", now).ok).toBe(false);
    expect(decide("reinstate", pending, "", now).ok).toBe(false);
  });
});

test("a pre-adverse notice goes once, for a pending application with an adverse check", () => {
  expect(canSendPreAdverseNotice({ ...pending, backgroundCheck: "failed" })).toBe(true);
  expect(canSendPreAdverseNotice(pending)).toBe(false);
  expect(canSendPreAdverseNotice({ ...pending, backgroundCheck: "failed", preAdverseNoticeAt: now })).toBe(false);
});

test("only approved caregivers with a clear check are matchable", () => {
  expect(isMatchable({ status: "approved", backgroundCheck: "clear" })).toBe(true);
  expect(isMatchable({ status: "approved", backgroundCheck: "consider" })).toBe(false);
  expect(isMatchable({ status: "pending", backgroundCheck: "clear" })).toBe(false);
  expect(isMatchable({ status: "suspended", backgroundCheck: "clear" })).toBe(false);
});

test("the queue shows pending applications unless asked otherwise", () => {
  expect(QueueQuerySchema.parse({})).toEqual({ status: "pending", q: "" });
  expect(QueueQuerySchema.parse({ status: "suspended", q: " maria " })).toEqual({ status: "suspended", q: "maria" });
  expect(QueueQuerySchema.parse({ status: "everything" }).status).toBe("pending");
});

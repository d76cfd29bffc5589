import { describe, expect, test } from "vitest";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import { caregiverStatusEnum } from "~/db/schema";
import {
  CAREGIVER_STATUS_LABELS,
  canSendPreAdverseNotice,
  decide,
  DECISION_ERRORS,
  isMatchable,
  QUEUE_LABELS,
  QUEUE_STATUSES,
  QueueQuerySchema,
  type VettingState,
} from "./vetting";

const refusal = (code: AppErrorCode, message: string) => expect.objectContaining({ code, message });

const now = new Date("2026-11-23T10:00:00Z");
const pending: VettingState = { status: "pending", backgroundCheck: "clear", preAdverseNoticeAt: null };

describe("decide", () => {
  test("approval needs a pending application and a clear check", () => {
    expect(decide("approve", pending, "", now)).toEqual({
      status: "approved",
      sendsFinalAdverseNotice: false,
    });
    for (const backgroundCheck of ["not_started", "in_progress", "consider", "failed"] as const) {
      expect(() => decide("approve", { ...pending, backgroundCheck }, "", now)).toThrow(
        refusal("conflict", DECISION_ERRORS.approveNeedsClear),
      );
    }
    expect(() => decide("approve", { ...pending, status: "rejected" }, "", now)).toThrow(AppError);
  });

  test("rejection and suspension need a reason", () => {
    expect(() => decide("reject", pending, " ", now)).toThrow(refusal("invalid", DECISION_ERRORS.reasonRequired));
    expect(decide("reject", pending, "References could not be reached", now)).toMatchObject({
      status: "rejected",
    });
    expect(() => decide("suspend", { ...pending, status: "approved" }, "", now)).toThrow(AppError);
    expect(decide("suspend", { ...pending, status: "approved" }, "Missed three visits", now)).toMatchObject({
      status: "suspended",
    });
  });

  test("a rejection based on an adverse check follows the pre-adverse notice and the waiting period", () => {
    const adverse: VettingState = { ...pending, backgroundCheck: "consider" };
    expect(() => decide("reject", adverse, "Background check", now)).toThrow(
      refusal("conflict", DECISION_ERRORS.preAdverseFirst),
    );
    const noticed = { ...adverse, preAdverseNoticeAt: new Date("2026-11-20T10:00:00Z") };
    expect(() => decide("reject", noticed, "Background check", now)).toThrow(
      refusal("conflict", "The waiting period after the pre-adverse notice runs until 2026-11-25."),
    );
    expect(decide("reject", noticed, "Background check", new Date("2026-11-25T10:00:00Z"))).toEqual({
      status: "rejected",
      sendsFinalAdverseNotice: true,
    });
  });

  test("reinstatement takes a suspended caregiver back to approved, with a clear check", () => {
    const suspended: VettingState = { ...pending, status: "suspended" };
    expect(decide("reinstate", suspended, "", now)).toMatchObject({ status: "approved" });
    expect(() => decide("reinstate", { ...suspended, backgroundCheck: "failed" }, "", now)).toThrow(AppError);
    expect(() => decide("reinstate", pending, "", now)).toThrow(AppError);
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

test("every caregiver status and every review queue has its one label", () => {
  expect(Object.keys(CAREGIVER_STATUS_LABELS).toSorted()).toEqual([...caregiverStatusEnum.enumValues].toSorted());
  expect(Object.keys(QUEUE_LABELS).toSorted()).toEqual([...QUEUE_STATUSES].toSorted());
  expect(CAREGIVER_STATUS_LABELS.pending).toBe("Pending review");
  expect(QUEUE_LABELS.pending).toBe("Pending");
});

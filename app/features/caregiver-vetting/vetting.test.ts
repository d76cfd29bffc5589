import { describe, expect, test } from "vitest";
import { AppError, type AppErrorCode } from "~/utils/app-error";
import { caregiverStatusEnum } from "~/platform/db/schema";
import { messageText, validationText } from "~/i18n/i18n.server";
import type { MessageRef } from "~/i18n/message-keys";
import {
  CAREGIVER_STATUS_LABELS,
  canSendPreAdverseNotice,
  decide,
  DecisionFormSchema,
  DECISIONS,
  isMatchable,
  QUEUE_LABELS,
  QUEUE_STATUSES,
  QueueQuerySchema,
  type VettingState,
} from "./vetting";

const refusal = (code: AppErrorCode, ref: MessageRef) => expect.objectContaining({ code, ref });

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
        refusal("conflict", { key: "admin:refusals.approveNeedsClear" }),
      );
    }
    expect(() => decide("approve", { ...pending, status: "rejected" }, "", now)).toThrow(AppError);
  });

  test("rejection and suspension need a reason", () => {
    expect(() => decide("reject", pending, " ", now)).toThrow(
      refusal("invalid", { key: "admin:refusals.decisionReasonRequired" }),
    );
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
      refusal("conflict", { key: "admin:refusals.preAdverseFirst" }),
    );
    const noticed = { ...adverse, preAdverseNoticeAt: new Date("2026-11-20T10:00:00Z") };
    expect(() => decide("reject", noticed, "Background check", now)).toThrow(
      refusal("conflict", {
        key: "admin:refusals.adverseWaiting",
        values: { date: Date.parse("2026-11-25T10:00:00Z") },
      }),
    );
    const waiting = {
      key: "admin:refusals.adverseWaiting",
      values: { date: Date.parse("2026-11-25T10:00:00Z") },
    } as const;
    expect(messageText("en", waiting)).toBe(
      "The waiting period after the pre-adverse notice runs until November 25, 2026.",
    );
    expect(messageText("es", waiting)).toBe(
      "El periodo de espera después del aviso previo a la acción adversa dura hasta el 25 de noviembre de 2026.",
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

  test("a decision the status does not allow says so in English and in Spanish, for every status", () => {
    const past = { approve: "approved", reject: "rejected", suspend: "suspended", reinstate: "reinstated" };
    let refused = 0;
    for (const decision of DECISIONS) {
      for (const status of caregiverStatusEnum.enumValues) {
        let ref: MessageRef | undefined;
        try {
          decide(decision, { ...pending, status }, "A reason", now);
        } catch (error) {
          ref = (error as AppError).ref;
        }
        if (!ref?.key.startsWith("admin:refusals.wrongStatus.")) continue;
        refused += 1;
        const article = /^[aeiou]/.test(status) ? "An" : "A";
        expect(messageText("en", ref)).toBe(`${article} ${status} caregiver cannot be ${past[decision]}.`);
        expect(messageText("es", ref)).toMatch(/^Un cuidador .+ no se puede \w+\.$/);
      }
    }
    expect(refused).toBe(16);
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
  expect(QueueQuerySchema.parse({})).toMatchObject({ status: "pending", q: "", sort: "applied", dir: "desc", page: 1 });
  expect(QueueQuerySchema.parse({ status: "suspended", q: " maria " })).toMatchObject({
    status: "suspended",
    q: "maria",
  });
  expect(QueueQuerySchema.parse({ status: "everything" }).status).toBe("pending");
});

test("every caregiver status and every review queue has its one label", () => {
  expect(Object.keys(CAREGIVER_STATUS_LABELS).toSorted()).toEqual([...caregiverStatusEnum.enumValues].toSorted());
  expect(Object.keys(QUEUE_LABELS).toSorted()).toEqual([...QUEUE_STATUSES].toSorted());
  expect(CAREGIVER_STATUS_LABELS.pending).toBe("Pending review");
  expect(QUEUE_LABELS.pending).toBe("Pending");
});

describe("the decision form", () => {
  test("a reason over 1000 characters is refused by its message key, worded in both languages", () => {
    const parsed = DecisionFormSchema.safeParse({ decision: DECISIONS[0], reason: "x".repeat(1001) });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.message).toBe("validation:admin.reasonTooLong");
    expect(validationText("en", issue)).toBe("The reason can be at most 1000 characters");
    expect(validationText("es", issue)).toBe("El motivo puede tener como máximo 1000 caracteres");
    expect(DecisionFormSchema.safeParse({ decision: DECISIONS[0], reason: "x".repeat(1000) }).success).toBe(true);
  });
});

import { describe, expect, test } from "vitest";
import { ORDER_STATUSES } from "~/platform/db/schema";
import {
  adminCanAssign,
  adminCanCancel,
  canTransition,
  clientCanCancel,
  transitionProblem,
  TRANSITIONS,
} from "./state-machine";

describe("order state machine", () => {
  test("the happy path: submitted, offered, confirmed, in progress, completed", () => {
    expect(canTransition("submitted", "offered", "client")).toBe(true);
    expect(canTransition("offered", "confirmed", "caregiver")).toBe(true);
    expect(canTransition("confirmed", "in_progress", "caregiver")).toBe(true);
    expect(canTransition("in_progress", "completed", "system")).toBe(true);
  });

  test("only the caregiver confirms: a family never does, an admin offers instead", () => {
    expect(canTransition("offered", "confirmed", "client")).toBe(false);
    expect(canTransition("submitted", "confirmed", "admin")).toBe(false);
    expect(canTransition("offered", "confirmed", "admin")).toBe(false);
    expect(canTransition("submitted", "offered", "admin")).toBe(true);
    expect(canTransition("offered", "offered", "admin")).toBe(true);
    expect(canTransition("submitted", "confirmed", "caregiver")).toBe(false);
  });

  test("families cancel until care has started; admins until completion; nobody after", () => {
    expect(["submitted", "offered", "confirmed"].every((status) => clientCanCancel(status as never))).toBe(true);
    expect(clientCanCancel("in_progress")).toBe(false);
    expect(canTransition("in_progress", "cancelled", "admin")).toBe(true);
    expect(canTransition("confirmed", "cancelled", "caregiver")).toBe(false);
    for (const role of ["client", "caregiver", "admin", "system"] as const) {
      expect(canTransition("completed", "cancelled", role)).toBe(false);
      expect(canTransition("cancelled", "offered", role)).toBe(false);
    }
  });

  test("completed and cancelled are final, and nothing skips back to an earlier state", () => {
    for (const to of ORDER_STATUSES) {
      expect(TRANSITIONS.completed[to]).toBeUndefined();
      expect(TRANSITIONS.cancelled[to]).toBeUndefined();
    }
    expect(canTransition("confirmed", "offered", "admin")).toBe(false);
    expect(canTransition("in_progress", "confirmed", "admin")).toBe(false);
  });

  test("refusals are messages for the person who tried", () => {
    expect(transitionProblem("confirmed", "confirmed", "caregiver")).toEqual({
      key: "orders:refusals.alreadyConfirmed",
    });
    expect(transitionProblem("cancelled", "cancelled", "client")).toEqual({ key: "orders:refusals.alreadyCancelled" });
    expect(transitionProblem("in_progress", "cancelled", "client")).toEqual({
      key: "orders:refusals.cannotCancel.in_progress",
    });
    expect(transitionProblem("cancelled", "confirmed", "caregiver")).toEqual({
      key: "orders:refusals.cannotAccept.cancelled",
    });
    expect(transitionProblem("submitted", "cancelled", "caregiver")).toEqual({ key: "orders:refusals.cannotChange" });
    expect(transitionProblem("submitted", "offered", "client")).toBeNull();
  });

  test("an admin cancels until the order is completed, as the transitions say", () => {
    expect(ORDER_STATUSES.filter((status) => adminCanCancel(status))).toEqual([
      "submitted",
      "offered",
      "confirmed",
      "in_progress",
    ]);
  });

  test("an admin offers by hand only while no caregiver has confirmed", () => {
    expect(ORDER_STATUSES.filter((status) => adminCanAssign(status))).toEqual(["submitted", "offered"]);
  });
});

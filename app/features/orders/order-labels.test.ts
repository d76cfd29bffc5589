import { describe, expect, test } from "vitest";
import { OFFER_STATUSES, ORDER_STATUSES, VISIT_STATUSES } from "~/platform/db/schema";
import {
  OFFER_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  VISIT_STATUS_LABELS,
  offerStatusWords,
  orderStatusLabel,
  orderStatusWords,
  visitStatusLabel,
  visitStatusWords,
} from "./order-labels";

describe("order status labels", () => {
  test("every status has a label, and no label is left over", () => {
    expect(Object.keys(ORDER_STATUS_LABELS).toSorted()).toEqual([...ORDER_STATUSES].toSorted());
    for (const status of ORDER_STATUSES) expect(orderStatusLabel(status).trim()).not.toBe("");
  });

  test("no two statuses read alike (the admin's status filter and history tell them apart)", () => {
    const labels = ORDER_STATUSES.map(orderStatusLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  test("the same words, lowered, read inside a sentence", () => {
    expect(orderStatusLabel("offered")).toBe("Offered to a caregiver");
    expect(orderStatusWords("offered")).toBe("offered to a caregiver");
  });
});

describe("visit and offer status labels", () => {
  test("every visit and offer status has its own label", () => {
    expect(Object.keys(VISIT_STATUS_LABELS).toSorted()).toEqual([...VISIT_STATUSES].toSorted());
    expect(Object.keys(OFFER_STATUS_LABELS).toSorted()).toEqual([...OFFER_STATUSES].toSorted());
    expect(new Set(Object.values(VISIT_STATUS_LABELS)).size).toBe(VISIT_STATUSES.length);
    expect(new Set(Object.values(OFFER_STATUS_LABELS)).size).toBe(OFFER_STATUSES.length);
  });

  test("read on their own and inside a sentence", () => {
    expect(visitStatusLabel("checked_in")).toBe("Checked in");
    expect(visitStatusWords("checked_in")).toBe("checked in");
    expect(offerStatusWords("withdrawn")).toBe("withdrawn");
  });
});

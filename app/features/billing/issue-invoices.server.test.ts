import { afterEach, describe, expect, it, vi } from "vitest";
import { groupsDue } from "./issue-invoices.server";

const unpriced = (visitId: string, orderId: string) => ({
  visitId,
  orderId,
  startsAt: new Date("2026-11-02T15:00:00Z"),
  timeZone: "America/Chicago",
  quote: { totalCents: 14000 },
});

describe("groupsDue", () => {
  afterEach(() => vi.restoreAllMocks());

  it("leaves out an order with no pricing snapshot and says so once per order, not once per visit", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const candidates = [
      unpriced("v1", "order-a"),
      unpriced("v2", "order-a"),
      unpriced("v3", "order-a"),
      unpriced("v4", "order-b"),
    ];
    expect(groupsDue(candidates, new Date("2026-12-01T00:00:00Z"))).toEqual([]);
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      "billing: order order-a has no pricing snapshot in its quote; not invoiced",
      "billing: order order-b has no pricing snapshot in its quote; not invoiced",
    ]);
  });
});

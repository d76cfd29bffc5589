import { describe, expect, test } from "vitest";
import { careRequestOf, formatInZone, isOrderId, likePattern, localDate } from "./order-helpers";

describe("order helpers", () => {
  test("the local date is the date where care happens, not in UTC", () => {
    const instant = new Date("2026-12-10T03:30:00Z");
    expect(localDate("UTC", instant)).toBe("2026-12-10");
    expect(localDate("America/Chicago", instant)).toBe("2026-12-09");
    expect(localDate("Pacific/Honolulu", new Date("2026-12-10T09:59:00Z"))).toBe("2026-12-09");
  });

  test("only a UUID is an order id", () => {
    expect(isOrderId("3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b")).toBe(true);
    expect(isOrderId("3F2B8C1E-9A4D-4E6F-8B7A-0C1D2E3F4A5B")).toBe(true);
    expect(isOrderId("TND-1001")).toBe(false);
    expect(isOrderId("3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b'; drop table orders")).toBe(false);
    expect(isOrderId("")).toBe(false);
  });

  test("email times are written in the time zone of the care", () => {
    const instant = new Date("2026-12-07T15:00:00Z");
    expect(formatInZone(instant, "America/Chicago")).toBe("Mon, Dec 7 at 9:00 AM CST");
    expect(formatInZone(instant, "America/New_York")).toBe("Mon, Dec 7 at 10:00 AM EST");
  });

  test("a search term matches anywhere, its wildcards taken literally", () => {
    expect(likePattern("TND-10")).toBe("%TND-10%");
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });

  test("the stored request is read back as the request", () => {
    const request = { fullName: "Rosa Diaz" };
    expect(careRequestOf({ request })).toBe(request);
  });
});

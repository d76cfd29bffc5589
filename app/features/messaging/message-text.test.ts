import { describe, expect, test } from "vitest";
import { messageSegments, phoneHref, safeWebHref } from "./message-text";

const joined = (body: string) =>
  messageSegments(body)
    .map((segment) => segment.text)
    .join("");

describe("messageSegments", () => {
  test("finds web links and keeps the rest as text", () => {
    expect(messageSegments("Map: https://example.com/a?b=1, see you")).toEqual([
      { kind: "text", text: "Map: " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ", see you" },
    ]);
  });

  test("a bare domain links over https", () => {
    expect(messageSegments("tendly.com")).toEqual([{ kind: "link", text: "tendly.com", href: "https://tendly.com/" }]);
  });

  test("only http and https become links", () => {
    for (const body of ["javascript:alert(1)", "ftp://files.example.com", "file:///etc/passwd", "a@b.co"]) {
      expect(messageSegments(body).filter((segment) => segment.kind !== "text")).toEqual([]);
      expect(joined(body)).toBe(body);
    }
  });

  test("markup stays text", () => {
    const body = '<script>alert("hi")</script><img src=x onerror=alert(1)>';
    expect(messageSegments(body).filter((segment) => segment.kind !== "text")).toEqual([]);
    expect(joined(body)).toBe(body);
  });

  test("phone numbers become tel: links", () => {
    expect(messageSegments("Call (312) 555-0177 or +1 312 555 0177.")).toEqual([
      { kind: "text", text: "Call " },
      { kind: "phone", text: "(312) 555-0177", href: "tel:3125550177" },
      { kind: "text", text: " or " },
      { kind: "phone", text: "+1 312 555 0177", href: "tel:+13125550177" },
      { kind: "text", text: "." },
    ]);
  });

  test("dates, order numbers and short numbers are not phone numbers", () => {
    for (const body of ["On 2026-05-14 at 10:00", "Order TN-2026-000123", "Room 1204, code 5521", "1.5 - 2.5 hours"]) {
      expect(messageSegments(body).filter((segment) => segment.kind === "phone")).toEqual([]);
    }
  });

  test("joined, the pieces give the text back", () => {
    const body = "Hi!\nhttps://a.example/x (312) 555-0177 www.b.example\n\nBye";
    expect(joined(body)).toBe(body);
  });
});

describe("safeWebHref and phoneHref", () => {
  test("refuse what is not a web address or a phone number", () => {
    expect(safeWebHref("javascript:alert(1)")).toBeNull();
    expect(safeWebHref("not a url")).toBeNull();
    expect(safeWebHref("http://example.com")).toBe("http://example.com/");
    expect(phoneHref("12345")).toBeNull();
    expect(phoneHref("312--555-0177")).toBeNull();
    expect(phoneHref("312.555.0177")).toBe("tel:3125550177");
  });
});

import { describe, expect, test } from "vitest";
import { checkLink, signLink, SIGNED_LINK_LIFETIME_SECONDS } from "./signed-links.server";

const key = Buffer.alloc(32, 7);
const otherKey = Buffer.alloc(32, 8);
const now = new Date("2026-11-23T10:00:00Z");
const resource = "document:3f1c";

describe("signed links", () => {
  const params = signLink({ key, resource, viewerId: "user-1", now });

  test("last 3600 s by default", () => {
    expect(SIGNED_LINK_LIFETIME_SECONDS).toBe(3600);
    expect(Number(params.expires)).toBe(now.getTime() / 1000 + 3600);
  });

  test("are valid for their resource and viewer until they expire", () => {
    expect(checkLink({ key, resource, params, now })).toBe("valid");
    expect(checkLink({ key, resource, params, now: new Date(now.getTime() + 3599_000) })).toBe("valid");
    expect(checkLink({ key, resource, params, now: new Date(now.getTime() + 3600_000) })).toBe("expired");
  });

  test("refuse any change to the resource, viewer, expiry or signature, and another key", () => {
    expect(checkLink({ key, resource: "document:other", params, now })).toBe("invalid");
    expect(checkLink({ key, resource, params: { ...params, viewer: "user-2" }, now })).toBe("invalid");
    expect(checkLink({ key, resource, params: { ...params, expires: String(Number(params.expires) + 60) }, now })).toBe(
      "invalid",
    );
    expect(checkLink({ key, resource, params: { ...params, signature: "x" + params.signature.slice(1) }, now })).toBe(
      "invalid",
    );
    expect(checkLink({ key: otherKey, resource, params, now })).toBe("invalid");
  });

  test("refuse missing or malformed parameters", () => {
    expect(checkLink({ key, resource, params: {}, now })).toBe("invalid");
    expect(checkLink({ key, resource, params: { ...params, expires: "soon" }, now })).toBe("invalid");
  });
});

import { scryptSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "./password.server";

// Every hash or verification is scrypt N=2^17 (hundreds of milliseconds, more
// on a busy machine); three in one test can pass Vitest's default 5 s.
const SLOW = { timeout: 30_000 };

describe("hashPassword", SLOW, () => {
  test("stores scrypt with OWASP parameters (N=2^17, r=8, p=1), a 16-byte salt and a 64-byte key", async () => {
    const hash = await hashPassword("correct horse battery staple");
    const [scheme, n, r, p, salt, key, ...rest] = hash.split("$");
    expect({ scheme, n, r, p, rest }).toEqual({ scheme: "scrypt", n: "131072", r: "8", p: "1", rest: [] });
    expect(Buffer.from(salt!, "base64url")).toHaveLength(16);
    expect(Buffer.from(key!, "base64url")).toHaveLength(64);
    expect(hash).not.toContain("correct horse");
  });

  test("salts every hash, so equal passwords give different hashes", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
  });

  test("does not block the event loop while hashing", async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    try {
      await hashPassword("a password that takes a while");
    } finally {
      clearInterval(timer);
    }
    // Hashing takes hundreds of milliseconds; a blocked loop would tick at most once.
    expect(ticks).toBeGreaterThanOrEqual(5);
  });
});

describe("verifyPassword", SLOW, () => {
  test("accepts the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("DemoPass123!");
    expect(await verifyPassword({ hash, password: "DemoPass123!" })).toBe(true);
    expect(await verifyPassword({ hash, password: "demopass123!" })).toBe(false);
    expect(await verifyPassword({ hash, password: "" })).toBe(false);
  });

  test("compares Unicode passwords in NFKC form", async () => {
    const hash = await hashPassword("Ｐａｓｓ①"); // full-width letters and a circled digit
    expect(await verifyPassword({ hash, password: "Pass1" })).toBe(true);
  });

  test("reads the parameters from the stored hash, so they can be raised later", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("older hash", salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const hash = ["scrypt", 2 ** 14, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword({ hash, password: "older hash" })).toBe(true);
    expect(await verifyPassword({ hash, password: "other" })).toBe(false);
  });

  test("refuses malformed or foreign hashes", async () => {
    const hash = await hashPassword("secret-password");
    const parts = hash.split("$");
    const otherKey = Buffer.alloc(64, 1).toString("base64url");
    expect(
      await verifyPassword({ hash: [...parts.slice(0, 5), otherKey].join("$"), password: "secret-password" }),
    ).toBe(false);
    expect(await verifyPassword({ hash: hash.replace(/^scrypt/, "bcrypt"), password: "secret-password" })).toBe(false);
    expect(await verifyPassword({ hash: "scrypt$131072$8$1", password: "secret-password" })).toBe(false);
    expect(await verifyPassword({ hash: "", password: "secret-password" })).toBe(false);
  });
});

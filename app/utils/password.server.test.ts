import { scryptSync } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { parseEnv, setEnvForTesting } from "./env.server";
import {
  defaultHashConcurrency,
  hashPassword,
  isPasswordHashingBusy,
  passwordHashLane,
  verifyPassword,
  withPasswordHashed,
} from "./password.server";

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

describe("withPasswordHashed", SLOW, () => {
  test("hashes first; inside, the same password's hash is that one, at once, and another password gets its own", async () => {
    const lane = passwordHashLane();
    // Hashes started on the lane at each call (it counts synchronously, as each call begins): a clock's bound would
    // fail on a busy machine, the lane's count does not.
    const started: number[] = [];
    const hashing = () => lane.active + lane.waiting;
    let inside: { same: string; again: string; other: string } | undefined;
    await withPasswordHashed("ahead of time", async () => {
      const same = hashPassword("ahead of time");
      started.push(hashing());
      const again = hashPassword("ahead of time");
      started.push(hashing());
      const other = hashPassword("another one");
      started.push(hashing());
      inside = { same: await same, again: await again, other: await other };
    });
    expect(started, "hashes under way after each call inside").toEqual([0, 0, 1]);
    expect(inside!.same).toBe(inside!.again);
    expect(await verifyPassword({ hash: inside!.same, password: "ahead of time" })).toBe(true);
    expect(await verifyPassword({ hash: inside!.other, password: "another one" })).toBe(true);
    // Outside, every hash is salted anew.
    expect(await hashPassword("ahead of time")).not.toBe(inside!.same);
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

/** Each thread of this process: its id and nice value (field 19 of /proc/self/task/<id>/stat). */
function threadNices(): [string, number][] {
  return readdirSync("/proc/self/task").map((id) => {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
    return [id, Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])];
  });
}

describe("the password hashing lane", SLOW, () => {
  afterEach(() => setEnvForTesting(undefined));

  test("hashes on one less than the cores at once, at most 2, at least 1", () => {
    expect(defaultHashConcurrency(8)).toBe(2);
    expect(defaultHashConcurrency(3)).toBe(2);
    expect(defaultHashConcurrency(2)).toBe(1);
    expect(defaultHashConcurrency(1)).toBe(1);
  });

  test("hashes on threads of their own at the lowest CPU priority, not on libuv's thread pool", async () => {
    expect(os.getPriority()).toBeLessThan(19);
    await hashPassword("on a thread of its own");
    // The hashing thread lowered its own priority, and only its own.
    expect(threadNices().map(([, nice]) => nice)).toContain(19);
    expect(os.getPriority()).toBeLessThan(19);
  });

  test("follows PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE", () => {
    setEnvForTesting(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_CONCURRENCY: "3", PASSWORD_HASH_QUEUE: "7" }));
    expect(passwordHashLane()).toMatchObject({ concurrency: 3, queueSize: 7 });
  });

  test("a hash past the full queue is refused at once: better-auth's 503 with Retry-After, told apart by its code", async () => {
    setEnvForTesting(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_CONCURRENCY: "1", PASSWORD_HASH_QUEUE: "1" }));
    const running = hashPassword("first");
    const waiting = hashPassword("second");
    const refused = await hashPassword("third").catch((error: unknown) => error);
    expect(isPasswordHashingBusy(refused)).toBe(true);
    expect(refused).toMatchObject({ statusCode: 503, headers: { "Retry-After": "5" } });
    // The two it took are real hashes, and the lane takes work again once they are done.
    const hash = await running;
    await waiting;
    await expect(verifyPassword({ hash, password: "first" })).resolves.toBe(true);
    expect(isPasswordHashingBusy(new Error("scrypt failed"))).toBe(false);
  });
});

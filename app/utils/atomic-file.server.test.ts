import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFileAtomically, writeFileAtomically } from "./atomic-file.server";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "tendly-atomic-"));

describe("writeFileAtomically", () => {
  it("writes and replaces a file, readable by its owner only, leaving no temporary file", async () => {
    const dir = tempDir();
    const file = path.join(dir, "entry.json");
    await writeFileAtomically(file, "first");
    await writeFileAtomically(file, "second");
    expect(readFileSync(file, "utf8")).toBe("second");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["entry.json"]);
  });

  it("fails without leaving anything when the directory is missing", async () => {
    const dir = tempDir();
    await expect(writeFileAtomically(path.join(dir, "missing", "entry.json"), "x")).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("createFileAtomically", () => {
  it("creates the file once: a second writer, even at the same moment, keeps the first's content", async () => {
    const dir = tempDir();
    const file = path.join(dir, "secrets.json");
    const results = await Promise.all(["a", "b", "c", "d"].map((value) => createFileAtomically(file, value)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = ["a", "b", "c", "d"][results.indexOf(true)];
    expect(readFileSync(file, "utf8")).toBe(winner);
    expect(await createFileAtomically(file, "later")).toBe(false);
    expect(readFileSync(file, "utf8")).toBe(winner);
    expect(readdirSync(dir)).toEqual(["secrets.json"]);
  });
});

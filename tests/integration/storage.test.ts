import { stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { deleteFile, InvalidStorageKeyError, readStoredFile, saveFile, storageRoot } from "~/storage/files.server";
import { createDataDir, useTestEnv } from "./env";

let dataDir: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  dataDir = await createDataDir();
  useTestEnv({ DATA_DIR: dataDir.dir });
});

afterAll(async () => {
  await dataDir.remove();
  useTestEnv();
});

describe("private file storage", () => {
  test("saves, reads, replaces and deletes a file under DATA_DIR/uploads, readable by the owner only", async () => {
    expect(storageRoot()).toBe(path.join(dataDir.dir, "uploads"));
    await saveFile("avatars/u1/a.webp", new Uint8Array([1, 2, 3]));
    expect(await readStoredFile("avatars/u1/a.webp")).toEqual(Buffer.from([1, 2, 3]));
    expect((await stat(path.join(dataDir.dir, "uploads", "avatars", "u1", "a.webp"))).mode & 0o777).toBe(0o600);
    await saveFile("avatars/u1/a.webp", new Uint8Array([4]));
    expect(await readStoredFile("avatars/u1/a.webp")).toEqual(Buffer.from([4]));
    await deleteFile("avatars/u1/a.webp");
    expect(await readStoredFile("avatars/u1/a.webp")).toBeNull();
    await expect(deleteFile("avatars/u1/a.webp")).resolves.toBeUndefined();
  });

  test.each(["../secrets.json", "avatars/../../x", "/etc/passwd", "avatars//x", "avatars/./x", "", "a\\b", ".hidden"])(
    "refuses the key %j",
    async (key) => {
      await expect(saveFile(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(readStoredFile(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

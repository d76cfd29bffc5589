import { createHash, randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  deleteFile,
  InvalidStorageKeyError,
  readStoredFile,
  saveFile,
  storageRoot,
} from "~/platform/storage/files.server";
import { createDataDir, useTestEnv } from "./env";
import { useS3Server } from "./s3-server";

let dataDir: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  dataDir = await createDataDir();
});

afterAll(async () => {
  await dataDir.remove();
  useTestEnv();
});

const s3 = useS3Server({ keyPrefix: "tendly/test" });

const sha256 = (bytes: Uint8Array | null) => bytes && createHash("sha256").update(bytes).digest("hex");

const BACKENDS = [
  { name: "local disk", env: () => ({ DATA_DIR: dataDir.dir }) },
  { name: "an S3-compatible server", env: () => ({ DATA_DIR: dataDir.dir, ...s3.env }) },
];

// The same behaviour whichever store is configured.
describe.each(BACKENDS)("private file storage on $name", ({ env }) => {
  beforeAll(() => {
    useTestEnv(env());
  });

  test("saves, reads, replaces and deletes a file; deleting it again is not an error", async () => {
    await saveFile("avatars/u1/a.webp", new Uint8Array([1, 2, 3]));
    expect(await readStoredFile("avatars/u1/a.webp")).toEqual(Buffer.from([1, 2, 3]));
    await saveFile("avatars/u1/a.webp", new Uint8Array([4]));
    expect(await readStoredFile("avatars/u1/a.webp")).toEqual(Buffer.from([4]));
    await deleteFile("avatars/u1/a.webp");
    expect(await readStoredFile("avatars/u1/a.webp")).toBeNull();
    await expect(deleteFile("avatars/u1/a.webp")).resolves.toBeUndefined();
  });

  test("reads a key that was never stored as not found, in a known folder or not", async () => {
    await saveFile("caregiver_documents/user_1/documents/id.pdf", new Uint8Array([9]));
    expect(await readStoredFile("caregiver_documents/user_1/documents/other.pdf")).toBeNull();
    expect(await readStoredFile("caregiver_documents/user_2/documents/id.pdf")).toBeNull();
    expect(await readStoredFile("never-used")).toBeNull();
  });

  test("keeps files whose keys differ in any folder apart, and every byte of a 2 MB file", async () => {
    const big = randomBytes(2 * 1024 * 1024);
    await saveFile("caregiver_documents/user_a/certifications/f.pdf", big);
    await saveFile("caregiver_documents/user_b/certifications/f.pdf", new Uint8Array([1]));
    await saveFile("f.pdf", new Uint8Array([2]));
    expect(sha256(await readStoredFile("caregiver_documents/user_a/certifications/f.pdf"))).toBe(sha256(big));
    expect(await readStoredFile("caregiver_documents/user_b/certifications/f.pdf")).toEqual(Buffer.from([1]));
    expect(await readStoredFile("f.pdf")).toEqual(Buffer.from([2]));
    await deleteFile("caregiver_documents/user_b/certifications/f.pdf");
    expect(sha256(await readStoredFile("caregiver_documents/user_a/certifications/f.pdf"))).toBe(sha256(big));
  });

  test.each(["../secrets.json", "avatars/../../x", "/etc/passwd", "avatars//x", "avatars/./x", "", "a\\b", ".hidden"])(
    "refuses the key %j",
    async (key) => {
      await expect(saveFile(key, new Uint8Array([1]))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(readStoredFile(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(deleteFile(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

describe("local disk storage", () => {
  test("keeps files under DATA_DIR/uploads, readable by the server's user only", async () => {
    useTestEnv({ DATA_DIR: dataDir.dir });
    expect(storageRoot()).toBe(path.join(dataDir.dir, "uploads"));
    await saveFile("avatars/u2/a.webp", new Uint8Array([1, 2, 3]));
    expect((await stat(path.join(dataDir.dir, "uploads", "avatars", "u2", "a.webp"))).mode & 0o777).toBe(0o600);
  });
});

describe("S3 storage", () => {
  test("puts objects under the key prefix in the bucket and nothing on local disk", async () => {
    const { dir } = await createDataDir();
    useTestEnv({ DATA_DIR: dir, ...s3.env });
    await saveFile("avatars/u3/a.webp", new Uint8Array([5, 6]));
    expect(await s3.keys()).toContain("tendly/test/avatars/u3/a.webp");
    expect(await s3.object("tendly/test/avatars/u3/a.webp")).toEqual(Buffer.from([5, 6]));
    expect(await readdir(dir)).toEqual([]);
    await deleteFile("avatars/u3/a.webp");
    expect(await s3.keys()).not.toContain("tendly/test/avatars/u3/a.webp");
  });

  test("without a key prefix, keys are the object keys", async () => {
    useTestEnv({ ...s3.env, S3_KEY_PREFIX: undefined });
    await saveFile("avatars/u4/a.webp", new Uint8Array([7]));
    expect(await s3.keys()).toContain("avatars/u4/a.webp");
    expect(await readStoredFile("avatars/u4/a.webp")).toEqual(Buffer.from([7]));
  });

  test("a missing bucket or an unknown access key is an error, not a missing file", async () => {
    useTestEnv({ ...s3.env, S3_BUCKET: "no-such-bucket" });
    await expect(readStoredFile("avatars/u1/a.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(saveFile("avatars/u1/a.webp", new Uint8Array([1]))).rejects.toMatchObject({ name: "NoSuchBucket" });
    useTestEnv({ ...s3.env, S3_ACCESS_KEY_ID: "SOMEONE-ELSE" });
    await expect(readStoredFile("avatars/u1/a.webp")).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
  });
});

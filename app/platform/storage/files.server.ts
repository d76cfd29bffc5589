import { randomBytes } from "node:crypto";
import path from "node:path";
import { getEnv, type Env } from "~/utils/env.server";
import { createDiskStore } from "./disk-store.server";
import type { FileStore } from "./file-store";

// Private file storage: on local disk under DATA_DIR/uploads by default, in an
// S3-compatible bucket when S3_BUCKET is configured. Either way nothing here
// is reachable as a static file or a public URL; routes decide who may read
// what and stream it. Keys are relative paths such as
// "avatars/<userId>/<name>.webp".

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

/** Where files go without S3 storage. */
export function storageRoot(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

/** Refuses any key that could leave its folder ("..", absolute paths) or is not a plain path. */
function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

let current: { env: Env; store: Promise<FileStore> } | undefined;

/** The store of the current configuration (the S3 client is loaded only when S3 is configured). */
function fileStore(): Promise<FileStore> {
  const env = getEnv();
  if (current?.env !== env) {
    const settings = env.s3;
    const store = settings
      ? import("./s3-store.server").then(({ createS3Store }) => createS3Store(settings))
      : Promise.resolve(createDiskStore(storageRoot()));
    current = { env, store };
  }
  return current.store;
}

/** A random, URL-safe file name part (for keys that must not be guessed or reused). */
export function randomFileId(): string {
  return randomBytes(12).toString("base64url");
}

/** Stores `bytes` under `key`, replacing any file there; readers never see a half-written file. */
export async function saveFile(key: string, bytes: Uint8Array): Promise<void> {
  assertValidKey(key);
  await (await fileStore()).save(key, bytes);
}

/** The bytes stored under `key`, or null when there is no such file. */
export async function readStoredFile(key: string): Promise<Buffer | null> {
  assertValidKey(key);
  return (await fileStore()).read(key);
}

/** Removes the file under `key`, if any. */
export async function deleteFile(key: string): Promise<void> {
  assertValidKey(key);
  await (await fileStore()).remove(key);
}

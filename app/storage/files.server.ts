import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/utils/env.server";

// Private file storage on local disk under DATA_DIR/uploads: nothing here is
// reachable as a static file; routes decide who may read what and stream it.
// Keys are relative paths such as "avatars/<userId>/<name>.webp".

const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  override name = "InvalidStorageKeyError";
}

export function storageRoot(): string {
  return path.resolve(getEnv().DATA_DIR, "uploads");
}

/** The file of `key`; refuses anything that could leave the storage root ("..", absolute paths). */
function filePath(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split("/").some((segment) => segment === ".." || segment === ".")) {
    throw new InvalidStorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return path.join(storageRoot(), ...key.split("/"));
}

/** A random, URL-safe file name part (for keys that must not be guessed or reused). */
export function randomFileId(): string {
  return randomBytes(12).toString("base64url");
}

/** Stores `bytes` under `key`, replacing any file there; readers never see a half-written file. */
export async function saveFile(key: string, bytes: Uint8Array): Promise<void> {
  const target = filePath(key);
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomFileId()}.tmp`;
  try {
    await writeFile(temporary, bytes, { mode: 0o600 });
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** The bytes stored under `key`, or null when there is no such file. */
export async function readStoredFile(key: string): Promise<Buffer | null> {
  try {
    return await readFile(filePath(key));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export async function deleteFile(key: string): Promise<void> {
  await rm(filePath(key), { force: true });
}

import { mkdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomically } from "~/utils/atomic-file.server";
import type { FileStore } from "./file-store";

/** Files under `root` on local disk, readable by the server's user only. */
export function createDiskStore(root: string): FileStore {
  const fileOf = (key: string) => path.join(root, ...key.split("/"));
  return {
    async save(key, bytes) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFileAtomically(target, bytes, { mode: 0o600 });
    },
    async read(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}

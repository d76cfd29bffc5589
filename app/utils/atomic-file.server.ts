import { randomBytes } from "node:crypto";
import { link, rename, rm, writeFile } from "node:fs/promises";

// Files written whole or not at all (docs/architecture.md, "4. Data"): the
// bytes go to a temporary file beside the target, which then takes the
// target's name in one step. A process killed mid-write leaves at most a
// stray temporary file (named *.tmp), never a truncated file under the name
// that readers look for.

type FileOptions = { mode?: number };

function temporaryBeside(file: string): string {
  return `${file}.${randomBytes(9).toString("base64url")}.tmp`;
}

async function writeTemporary(file: string, data: string | Uint8Array, options: FileOptions): Promise<string> {
  const temporary = temporaryBeside(file);
  try {
    await writeFile(temporary, data, { mode: options.mode ?? 0o600, flag: "wx" });
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return temporary;
}

/** Writes `file` atomically, replacing it if it exists. */
export async function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  options: FileOptions = {},
): Promise<void> {
  const temporary = await writeTemporary(file, data, options);
  try {
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Creates `file` atomically unless it exists: true if this call created it,
 * false if it was there already (another process won; read theirs). A hard
 * link fails when its name is taken, which rename would not.
 */
export async function createFileAtomically(
  file: string,
  data: string | Uint8Array,
  options: FileOptions = {},
): Promise<boolean> {
  const temporary = await writeTemporary(file, data, options);
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(temporary, { force: true });
  }
}

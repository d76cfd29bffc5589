import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

// Checks made before anything starts (docs/decisions/0017-start-and-stop.md):
// a start that cannot serve fails at once, with one line saying why and what
// to do, and leaves nothing running behind it.

/** A reason the server cannot start that the person starting it can fix; scripts/start.js prints its message alone. */
export class StartError extends Error {
  override name = "StartError";
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** The one-line reason for a failed listen on `host`:`port`. */
export function listenErrorMessage(error: unknown, host: string, port: number): string {
  switch (errorCode(error)) {
    case "EADDRINUSE":
      return `Port ${port} on ${host} is already in use (another Tendly, or another program): stop that program or set PORT to a free port.`;
    case "EACCES":
      return `This user may not listen on port ${port} on ${host}: set PORT to a port above 1023.`;
    case "EADDRNOTAVAIL":
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, or 0.0.0.0 for all).`;
    default:
      return `Could not listen on ${host}:${port} (${error instanceof Error ? error.message : String(error)}): check HOST and PORT.`;
  }
}

/**
 * Fails if `host`:`port` cannot be listened on, before the database starts:
 * a taken port is found in milliseconds, not after a boot. server/app.ts
 * still checks the real listen, for a port taken in between.
 */
export async function assertCanListen(host: string, port: number): Promise<void> {
  const probe = net.createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen(port, host, () => resolve());
    });
  } catch (error) {
    throw new StartError(listenErrorMessage(error, host, port), { cause: error });
  } finally {
    if (probe.listening) await new Promise((resolve) => probe.close(resolve));
  }
}

/**
 * Fails unless DATA_DIR is a directory this process can write to, by writing
 * and removing a probe file. Mode bits alone would not tell (root ignores
 * them; a read-only mount does not show in them).
 */
export async function assertWritableDirectory(dir: string, variable = "DATA_DIR"): Promise<void> {
  const absolute = path.resolve(dir);
  const probe = path.join(absolute, `.write-probe-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await mkdir(absolute, { recursive: true });
    await writeFile(probe, "", { flag: "wx" });
    await rm(probe, { force: true });
  } catch (error) {
    const code = errorCode(error);
    throw new StartError(
      `${variable} ${absolute} is not a writable directory (${code ?? (error instanceof Error ? error.message : String(error))}): ` +
        `give this user write access to it, or set ${variable} to a directory it can write to.`,
      { cause: error },
    );
  }
}

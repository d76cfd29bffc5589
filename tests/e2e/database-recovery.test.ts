import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";
import { extraDataDir, startExtraServer } from "./extra-server";
import { PROMISES, TIMEOUTS } from "./timeouts";

// The embedded PostgreSQL of a production server is killed the hard way
// (SIGKILL to its postmaster, as the OOM killer would): the server starts it
// again and serves within seconds, with no restart of its own
// (docs/decisions/0020-database-recovery.md).

function killPostmaster(dataDir: string): number {
  const pid = Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
  process.kill(pid, "SIGKILL");
  return pid;
}

async function statusOf(url: string): Promise<number> {
  return fetch(url, { redirect: "manual" }).then(
    (response) => response.status,
    () => 0,
  );
}

test.describe.serial("when the embedded PostgreSQL dies", () => {
  test.describe.configure({ timeout: TIMEOUTS.ownServers });
  let data: ReturnType<typeof extraDataDir>;
  test.beforeAll(() => {
    data = extraDataDir();
  });
  test.afterAll(() => data?.remove());

  test("the server starts it again: / and /healthz answer 200 within 10 s", async () => {
    const server = await startExtraServer(data.dir, {});
    try {
      expect(await statusOf(`${server.baseURL}/`)).toBe(200);
      const killedAt = Date.now();
      const killed = killPostmaster(data.dir);
      // Backends still open may answer for a moment after their postmaster died: wait for the
      // server to have noticed and started a new one, then for the pages.
      const within = { timeout: PROMISES.serviceAfterDatabaseRestart, intervals: [100] };
      await expect
        .poll(() => server.output(), within)
        .toContain(`The embedded PostgreSQL (pid ${killed}) was killed by SIGKILL; restarting it`);
      await expect.poll(() => server.output(), within).toContain("The embedded PostgreSQL is running again");
      await expect.poll(() => statusOf(`${server.baseURL}/healthz`), within).toBe(200);
      await expect.poll(() => statusOf(`${server.baseURL}/`), within).toBe(200);
      expect(Date.now() - killedAt).toBeLessThan(10_000);

      const health = (await (await fetch(`${server.baseURL}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ database: "reachable", mail: { transport: "outbox", status: "ok" } });
    } finally {
      await server.stop();
    }
  });

  test("with DATABASE_ON_EXIT=exit the server exits instead, for a supervisor", async () => {
    const server = await startExtraServer(data.dir, { DATABASE_ON_EXIT: "exit" });
    try {
      killPostmaster(data.dir);
      await expect
        .poll(() => statusOf(`${server.baseURL}/healthz`), {
          timeout: PROMISES.serviceAfterDatabaseRestart,
          intervals: [100],
        })
        .toBe(0);
      expect(server.output()).toContain("exiting (DATABASE_ON_EXIT=exit)");
    } finally {
      await server.stop();
    }
  });
});

import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { gotoHydrated } from "./chrome-helpers";
import { expect, test } from "./fixtures";
import { extraDataDir, startExtraServer } from "./extra-server";
import { PROMISES, TIMEOUTS } from "./timeouts";

// The embedded PostgreSQL of a production server is killed the hard way
// (SIGKILL to its postmaster, as the OOM killer would): the server starts it
// again and serves within seconds, with no restart of its own; meanwhile a
// request that needs it answers 503 with Retry-After, and a form keeps what was
// typed (docs/decisions/0020-database-recovery.md).

function killPostmaster(dataDir: string): { pid: number; port: number } {
  const lines = readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n");
  const [pid, port] = [Number(lines[0]), Number(lines[3])];
  process.kill(pid, "SIGKILL");
  return { pid, port };
}

/**
 * Takes `port` as soon as the dead PostgreSQL has let it go, before the server's first restart
 * (250 ms after the death): its restarts fail while it is held. Resolves with the way to let it go.
 */
async function holdPort(port: number): Promise<() => Promise<void>> {
  const until = Date.now() + 5000;
  for (;;) {
    if (Date.now() > until) throw new Error(`Port ${port} was not let go within 5 s`);
    // Not PostgreSQL: a connection to it is refused at once (reset), as to no server at all.
    const blocker = net.createServer((socket) => socket.resetAndDestroy());
    const taken = await new Promise<boolean>((resolve) => {
      blocker.once("error", () => resolve(false));
      blocker.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (taken) return () => new Promise<void>((resolve) => blocker.close(() => resolve()));
    await new Promise((resolve) => setImmediate(resolve));
  }
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
      const { pid: killed } = killPostmaster(data.dir);
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

  test("while it is down, a request that needs it answers 503 with Retry-After, and a form keeps what was typed", async ({
    page,
  }) => {
    const server = await startExtraServer(data.dir, {});
    try {
      await gotoHydrated(page, `${server.baseURL}/contact`);
      const message = `Care for my father while I travel (${Date.now().toString(36)}).`;
      await page.getByLabel("Your name").fill("Rosa Alvarez");
      await page
        .getByLabel("Email address")
        .first()
        .fill(`rosa.${Date.now().toString(36)}@example.test`);
      await page.getByLabel("Message", { exact: true }).fill(message);

      const { port } = killPostmaster(data.dir);
      // Five restarts within a minute are allowed, the fifth 7.75 s after the death: let go well before.
      const letGo = await holdPort(port);
      try {
        const refused = await fetch(`${server.baseURL}/forgot-password`, {
          method: "POST",
          headers: { Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: "someone@example.test" }),
          redirect: "manual",
        });
        expect(refused.status).toBe(503);
        expect(refused.headers.get("retry-after")).toBe("5");

        await page.getByRole("button", { name: "Send message" }).click();
        await expect(
          page.getByText(
            "Tendly is restarting for a moment. Nothing you entered was lost. Please try again in a few seconds.",
          ),
        ).toBeVisible();
        await expect(page.getByLabel("Message", { exact: true })).toHaveValue(message);
      } finally {
        await letGo();
      }

      await expect
        .poll(() => statusOf(`${server.baseURL}/healthz`), {
          timeout: PROMISES.serviceAfterDatabaseRestart,
          intervals: [100],
        })
        .toBe(200);
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByText("Thank you, your message has been sent.")).toBeVisible();
      expect(server.output()).toMatch(/Database unavailable, answered 503: POST \/forgot-password: /);
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

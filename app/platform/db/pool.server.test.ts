import { EventEmitter } from "node:events";
import pg from "pg";
import { describe, expect, test, vi } from "vitest";
import { poolOptions, releaseWhenBeginFails } from "./pool.server";

/** A checked-out client whose queries answer as `answer` says. */
function fakeClient(answer: (text: string) => Promise<unknown>) {
  const release = vi.fn<(error?: Error) => void>();
  const client = {
    query: (config: string | { text: string }) => answer(typeof config === "string" ? config : config.text),
    release,
  };
  return { client: client as unknown as pg.PoolClient, release };
}

function poolWith(client: pg.PoolClient) {
  const pool = new EventEmitter();
  releaseWhenBeginFails(pool as never);
  pool.emit("connect", client);
  return { acquire: () => pool.emit("acquire", client) };
}

const broken = () => Promise.reject(new Error("Connection terminated unexpectedly"));

describe("releaseWhenBeginFails", () => {
  test("a checkout whose first query is a failing BEGIN is released with the error", async () => {
    const { client, release } = fakeClient(broken);
    poolWith(client).acquire();
    await expect(client.query({ text: "begin" } as never)).rejects.toThrow("Connection terminated unexpectedly");
    expect(release).toHaveBeenCalledOnce();
    expect(release.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });

  test("any other failure is left to whoever checked the client out", async () => {
    const { client, release } = fakeClient(broken);
    const pool = poolWith(client);
    pool.acquire();
    await expect(client.query("select 1")).rejects.toThrow("Connection terminated");
    // A BEGIN that is not the checkout's first query belongs to a caller that releases it.
    await expect(client.query("begin")).rejects.toThrow("Connection terminated");
    expect(release).not.toHaveBeenCalled();
    pool.acquire();
    await expect(client.query("begin")).rejects.toThrow("Connection terminated");
    expect(release).toHaveBeenCalledOnce();
  });

  test("a BEGIN that succeeds changes nothing", async () => {
    const { client, release } = fakeClient(() => Promise.resolve({ rows: [] }));
    poolWith(client).acquire();
    await expect(client.query("BEGIN isolation level serializable")).resolves.toEqual({ rows: [] });
    expect(release).not.toHaveBeenCalled();
  });
});

describe("poolOptions", () => {
  test("keeps every connection it opens: none closed for being idle, so a burst needs no new logins", async () => {
    const options = poolOptions("postgres://127.0.0.1:1/none", 10);
    expect(options).toMatchObject({ max: 10, min: 10, idleTimeoutMillis: 0 });
    // pg-pool reads `min` and an idle timeout of 0 as "never close an idle client".
    const pool = new pg.Pool(options);
    expect(pool.options).toMatchObject({ min: 10, idleTimeoutMillis: 0, connectionTimeoutMillis: 10_000 });
    await pool.end();
  });
});

import { EventEmitter } from "node:events";
import pg from "pg";
import { describe, expect, test, vi } from "vitest";
import { poolOptions, PREPARED_PER_CONNECTION, prepareStatements, releaseWhenBeginFails } from "./pool.server";

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

/** A connected client that records what it is asked, through prepareStatements. */
function preparingClient() {
  const sent: unknown[] = [];
  const client = { query: (config: unknown) => (sent.push(config), Promise.resolve({ rows: [] })) };
  const pool = new EventEmitter();
  prepareStatements(pool as never);
  pool.emit("connect", client);
  const query = (config: unknown, values?: unknown[]) =>
    (client.query as (...args: unknown[]) => unknown)(config, values);
  return { sent, query };
}

describe("prepareStatements", () => {
  test("names a statement by its text, the same name each time, without changing the caller's object", () => {
    const { sent, query } = preparingClient();
    const config = { text: "select $1::int", rowMode: "array", name: undefined };
    query(config, [1]);
    query(config, [2]);
    query({ text: "select $1::text" }, ["a"]);
    const [first, second, third] = sent as { name: string; text: string; rowMode?: string }[];
    expect(first).toMatchObject({ text: "select $1::int", rowMode: "array" });
    expect(first!.name).toMatch(/^t[\w-]{27}$/);
    expect(second!.name).toBe(first!.name);
    expect(third!.name).not.toBe(first!.name);
    expect(config.name).toBeUndefined();
  });

  test("a text alone, a statement named by its caller and one past the limit go as they are", () => {
    const { sent, query } = preparingClient();
    query("begin");
    query({ text: "select 1", name: "mine" });
    for (let i = 0; i < PREPARED_PER_CONNECTION; i++) query({ text: `select ${i}` });
    query({ text: "select 'one too many'" });
    query({ text: "select 0" });
    expect(sent[0]).toBe("begin");
    expect(sent[1]).toEqual({ text: "select 1", name: "mine" });
    expect(sent.at(-2)).toEqual({ text: "select 'one too many'" });
    // A statement prepared before the limit was reached keeps its name.
    expect(sent.at(-1)).toMatchObject({ text: "select 0", name: expect.stringMatching(/^t/) });
  });
});

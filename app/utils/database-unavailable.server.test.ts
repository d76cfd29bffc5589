import { describe, expect, test } from "vitest";
import {
  answerDatabaseUnavailable,
  DATABASE_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  noteDatabaseUnavailable,
} from "./database-unavailable.server";

function pgError(code: string, message = "boom") {
  return Object.assign(new Error(message), { code });
}

describe("isDatabaseUnavailable", () => {
  test.each([
    ["the server starting up", pgError("57P03", "the database system is starting up")],
    ["the server shutting down", pgError("57P01", "terminating connection due to administrator command")],
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a connection that broke", new Error("Connection terminated unexpectedly")],
    ["a pool that waited for a connection", new Error("timeout exceeded when trying to connect")],
    ["a query error wrapping one (Drizzle)", new Error("Failed query: select 1", { cause: pgError("57P03") })],
    [
      "the rollback of a transaction whose connection broke (Drizzle)",
      new Error("Failed query: rollback", {
        cause: new Error("Client has encountered a connection error and is not queryable"),
      }),
    ],
  ])("%s: yes", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ["a unique violation", pgError("23505", "duplicate key value")],
    ["a fault of ours", new TypeError("Cannot read properties of undefined")],
    ["not an error", "Connection terminated"],
    ["nothing", undefined],
  ])("%s: no", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

const run = async (request: Request, response: Response) =>
  (await answerDatabaseUnavailable(
    { request } as Parameters<typeof answerDatabaseUnavailable>[0],
    async () => response,
  )) as Response;

describe("answerDatabaseUnavailable", () => {
  test("the error answer of a request that found no database becomes 503 with Retry-After, body and headers kept", async () => {
    const request = new Request("http://127.0.0.1/login", { method: "POST" });
    noteDatabaseUnavailable(request);
    const answer = await run(
      request,
      new Response("the error page", { status: 500, headers: { "Content-Type": "text/html" } }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(answer.headers.get("Content-Type")).toBe("text/html");
    expect(await answer.text()).toBe("the error page");
  });

  test("any other answer passes as it was", async () => {
    const failed = new Request("http://127.0.0.1/a");
    expect((await run(failed, new Response("fault", { status: 500 }))).status).toBe(500);
    const noted = new Request("http://127.0.0.1/b");
    noteDatabaseUnavailable(noted);
    const fine = await run(noted, new Response("ok", { status: 200 }));
    expect(fine.status).toBe(200);
    expect(fine.headers.has("Retry-After")).toBe(false);
  });
});

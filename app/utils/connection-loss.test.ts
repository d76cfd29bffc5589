import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { data, type DataStrategyResult } from "react-router";
import {
  connectionLossSnapshot,
  isConnectionFailure,
  keepFormsOnConnectionLoss,
  subscribeConnectionLoss,
} from "./connection-loss";

type Results = Record<string, DataStrategyResult>;
type MiddlewareArgs = Parameters<typeof keepFormsOnConnectionLoss>[0];

const CHROME = new TypeError("Failed to fetch");

describe("isConnectionFailure", () => {
  it("knows each browser's words for a fetch that found no server", () => {
    expect(isConnectionFailure(CHROME)).toBe(true);
    expect(isConnectionFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isConnectionFailure(new TypeError("Load failed"))).toBe(true);
  });

  it("leaves our own faults alone while online, and any TypeError offline is the connection", () => {
    const fault = new TypeError("Cannot read properties of undefined (reading 'step')");
    expect(isConnectionFailure(fault)).toBe(false);
    expect(isConnectionFailure(fault, false)).toBe(true);
    expect(isConnectionFailure(new Error("Failed to fetch"))).toBe(false);
    expect(isConnectionFailure("Failed to fetch")).toBe(false);
  });
});

/** Runs the middleware on one request of the contact page, with `outcome` as what the route answered. */
async function run(method: string, outcome: Results) {
  const request = new Request("http://tendly.test/contact?topic=care", {
    method,
    body: method === "GET" ? undefined : "name=Rosa",
    headers: method === "GET" ? undefined : { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const next = vi.fn<() => Promise<Results>>(async () => ({ ...outcome }));
  const args = { request, params: {}, context: undefined } as unknown as MiddlewareArgs;
  const results = await keepFormsOnConnectionLoss(args, next);
  expect(next).toHaveBeenCalledOnce();
  return results as Results;
}

describe("keepFormsOnConnectionLoss", () => {
  beforeEach(() => {
    vi.stubGlobal("window", { location: { pathname: "/contact", search: "?topic=care" } });
    vi.stubGlobal("navigator", { onLine: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("answers a send that found no server with nothing, status 503, and notes the page", async () => {
    const listener = vi.fn<() => void>();
    const unsubscribe = subscribeConnectionLoss(listener);
    const results = await run("POST", { "routes/contact": { type: "error", result: CHROME } });
    unsubscribe();

    const outcome = results["routes/contact"]!;
    expect(outcome.type).toBe("data");
    // A status of 400 or more keeps React Router from reloading the page's data, which would fail the same way.
    expect(outcome.result).toMatchObject({ data: undefined, init: { status: 503 } });
    expect(connectionLossSnapshot()).toEqual({ page: "/contact?topic=care", reason: "offline" });
    expect(listener).toHaveBeenCalled();
  });

  it("sees the failure also as single fetch hands it on, wrapped in data()", async () => {
    const results = await run("POST", { "routes/contact": { type: "error", result: data(CHROME) } });
    expect(results["routes/contact"]).toMatchObject({
      type: "data",
      result: { data: undefined, init: { status: 503 } },
    });
    expect(connectionLossSnapshot()).toEqual({ page: "/contact?topic=care", reason: "offline" });
  });

  it("keeps the form as well when the server answered 503, unable to do it for a moment", async () => {
    const unavailable = data(new Error("Unexpected Server Error"), { status: 503 });
    const results = await run("POST", { "routes/contact": { type: "error", result: unavailable } });
    expect(results["routes/contact"]).toMatchObject({
      type: "data",
      result: { data: undefined, init: { status: 503 } },
    });
    expect(connectionLossSnapshot()).toEqual({ page: "/contact?topic=care", reason: "unavailable" });
  });

  it("leaves any other error of a send to the error page", async () => {
    const fault = data(new Error("Unexpected Server Error"), { status: 500 });
    const results = await run("POST", { "routes/contact": { type: "error", result: fault } });
    expect(results["routes/contact"]).toEqual({ type: "error", result: fault });
  });

  it("clears the note when the next send starts, and keeps it cleared when that send is answered", async () => {
    await run("POST", { "routes/contact": { type: "error", result: CHROME } });
    expect(connectionLossSnapshot()).not.toBeNull();
    const results = await run("POST", { "routes/contact": { type: "data", result: { status: "sent" } } });
    expect(results["routes/contact"]).toEqual({ type: "data", result: { status: "sent" } });
    expect(connectionLossSnapshot()).toBeNull();
  });

  it("leaves other errors to the error boundary", async () => {
    const refusal = new Error("database down");
    const results = await run("POST", { "routes/contact": { type: "error", result: refusal } });
    expect(results["routes/contact"]).toEqual({ type: "error", result: refusal });
    expect(connectionLossSnapshot()).toBeNull();
  });

  it("never stands in for a page load, and a page that loaded clears an old note", async () => {
    await run("POST", { "routes/contact": { type: "error", result: CHROME } });
    const failedLoad = await run("GET", { root: { type: "error", result: CHROME } });
    expect(failedLoad.root).toEqual({ type: "error", result: CHROME });
    expect(connectionLossSnapshot()).not.toBeNull();

    await run("GET", { root: { type: "data", result: {} } });
    expect(connectionLossSnapshot()).toBeNull();
  });
});

import { describe, expect, test, vi } from "vitest";
import { applyLogLevel, type LogLevel } from "./log-level.server";

type Print = (...args: unknown[]) => void;

function recordingConsole() {
  return {
    debug: vi.fn<Print>(),
    info: vi.fn<Print>(),
    log: vi.fn<Print>(),
    warn: vi.fn<Print>(),
    error: vi.fn<Print>(),
  };
}

/** Which methods still print after the level is applied. */
function printingAt(level: LogLevel) {
  const target = recordingConsole();
  const originals = { ...target };
  applyLogLevel(level, target);
  for (const method of Object.keys(target) as (keyof typeof target)[]) target[method]("message");
  return (Object.keys(originals) as (keyof typeof originals)[]).filter((method) => originals[method].mock.calls.length);
}

describe("applyLogLevel", () => {
  test("prints the chosen level and those above it; console.log counts as info", () => {
    expect(printingAt("debug")).toEqual(["debug", "info", "log", "warn", "error"]);
    expect(printingAt("info")).toEqual(["info", "log", "warn", "error"]);
    expect(printingAt("warn")).toEqual(["warn", "error"]);
    expect(printingAt("error")).toEqual(["error"]);
  });
});

import { describe, expect, test } from "vitest";
import { streamsPastCaps, type OpenStream } from "./stream-caps";

const caps = { perSession: 2, perUser: 3 };
const streams = (...sessions: string[]): OpenStream[] =>
  sessions.map((sessionId, index) => ({ id: `s${index}`, sessionId }));

describe("streamsPastCaps", () => {
  test("keeps every stream within both caps", () => {
    expect(streamsPastCaps(streams("a", "a", "b"), caps)).toEqual([]);
  });

  test("closes the oldest of one session past its cap", () => {
    expect(streamsPastCaps(streams("a", "a", "a", "a"), caps)).toEqual(["s2", "s3"]);
  });

  test("closes the oldest of the user past the user's cap, whatever their session", () => {
    expect(streamsPastCaps(streams("a", "b", "c", "d", "e"), caps)).toEqual(["s3", "s4"]);
  });

  test("a session's streams over its cap do not count toward the user's", () => {
    expect(streamsPastCaps(streams("a", "a", "a", "b", "c"), caps)).toEqual(["s2", "s4"]);
  });

  test("the newest stream is always kept", () => {
    expect(streamsPastCaps(streams("a"), { perSession: 1, perUser: 1 })).toEqual([]);
    expect(streamsPastCaps(streams("a", "a"), { perSession: 1, perUser: 1 })).toEqual(["s1"]);
  });
});

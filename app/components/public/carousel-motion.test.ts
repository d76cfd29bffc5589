import { describe, expect, test } from "vitest";
import { advanceKeyframes, advanceName, slideAtTime } from "./carousel-motion";

const THIRDS = [
  { minWidthPx: null, perView: 1 },
  { minWidthPx: 640, perView: 2 },
  { minWidthPx: 1024, perView: 3 },
] as const;

/** The frames of one width's keyframes as [offset in %, shift in %]. */
function frames(css: string, media: string | null): [number, number][] {
  const blocks = css.split(/(?=@media)/);
  const block = media === null ? blocks[0]! : blocks.find((text) => text.includes(media))!;
  return [...block.matchAll(/([\d.]+)%\{transform:translateX\((-?[\d.]+)%?\)\}/g)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
}

describe("advanceKeyframes", () => {
  test("holds each slide for its interval less the move, then moves to the next, and goes back to the first", () => {
    // Four slides of 3000 ms, one in view: a round of 12 s, a move of 500 ms (4.167 % of the round).
    const css = advanceKeyframes(4, 3000, "thirds", THIRDS);
    expect(css.startsWith(`@keyframes ${advanceName(4, 3000, "thirds")}{`)).toBe(true);
    expect(frames(css, null)).toEqual([
      [0, 0],
      [20.833, 0],
      [25, -100],
      [45.833, -100],
      [50, -200],
      [70.833, -200],
      [75, -300],
      [95.833, -300],
      [100, 0],
    ]);
  });

  test("never moves past the last slide that fills the view, for each width", () => {
    const css = advanceKeyframes(4, 3000, "thirds", THIRDS);
    // Two in view from 640 px: slides 0, 1, 2, then 2 again.
    expect(frames(css, "(min-width:640px)").map(([, shift]) => shift)).toEqual([
      0, 0, -50, -50, -100, -100, -100, -100, 0,
    ]);
    // Three from 1024 px: 0, then 1 for the rest of the round.
    expect(frames(css, "(min-width:1024px)").map(([, shift]) => shift)).toEqual([
      0, 0, -33.3333, -33.3333, -33.3333, -33.3333, -33.3333, -33.3333, 0,
    ]);
  });

  test("the widest step comes last, so that it wins where it applies", () => {
    const css = advanceKeyframes(3, 4000, "quarters", THIRDS);
    expect(css.indexOf("(min-width:640px)")).toBeLessThan(css.indexOf("(min-width:1024px)"));
  });

  test("a move never takes more than half an interval", () => {
    // 300 ms of a 1200 ms round: the first hold ends at 25 %.
    expect(frames(advanceKeyframes(2, 600, "thirds", THIRDS), null)[1]).toEqual([25, 0]);
  });

  test("refuses a carousel without slides", () => {
    expect(() => advanceKeyframes(0, 3000, "thirds", THIRDS)).toThrow(RangeError);
  });
});

describe("slideAtTime", () => {
  test("the slide held, or the nearer one while moving, never past the last that fills the view", () => {
    expect(slideAtTime(0, 6, 3000, 1)).toBe(0);
    expect(slideAtTime(2_700, 6, 3000, 1)).toBe(0);
    expect(slideAtTime(2_800, 6, 3000, 1)).toBe(1);
    expect(slideAtTime(7_000, 6, 3000, 1)).toBe(2);
    expect(slideAtTime(7_000, 6, 3000, 3)).toBe(2);
    expect(slideAtTime(13_000, 6, 3000, 3)).toBe(3);
  });

  test("later rounds, and the move back to the first slide", () => {
    expect(slideAtTime(18_000 + 4_000, 6, 3000, 1)).toBe(1);
    expect(slideAtTime(17_900, 6, 3000, 1)).toBe(0);
  });

  test("fewer slides than the view holds: the first", () => {
    expect(slideAtTime(5_000, 2, 4000, 4)).toBe(0);
  });
});

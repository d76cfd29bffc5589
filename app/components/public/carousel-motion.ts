// A carousel's motion before its scripts run (docs/decisions/0056-the-home-page-starts-on-interaction.md):
// keyframes that move the track through its slides, holding each for the carousel's interval less a short
// move, never past the last slide that still fills the view, then back to the first. Only the track's
// transform is animated, with plain numbers, so that the browser runs it off the main thread; a set of
// keyframes for each width the number of slides in view changes at. Embla takes over from the slide the
// motion had reached (slideAtTime).

/** How long a move from one slide to the next takes before the scripts run. */
export const MOVE_MS = 500;

/** Slides in view from a window width up (null: every width), widest last. */
export type PerViewSteps = readonly { minWidthPx: number | null; perView: number }[];

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(3))}%`;

/** The name of the keyframes for these slides: carousels alike share them. */
export function advanceName(count: number, intervalMs: number, layout: string): string {
  return `carousel-${layout}-${count}-${intervalMs}`;
}

/** The part of an interval spent moving: MOVE_MS, never more than half of it. */
function moveMs(intervalMs: number): number {
  return Math.min(MOVE_MS, intervalMs / 2);
}

/** The track's shift, in % of its width, with `slide` first in view. */
function shift(slide: number, count: number, perView: number): string {
  const first = Math.min(slide, Math.max(0, count - perView));
  return first === 0 ? "translateX(0)" : `translateX(${Number(((-100 / perView) * first).toFixed(4))}%)`;
}

/**
 * The keyframes of one round through `count` slides of `intervalMs` each (the animation lasts count ×
 * intervalMs): for each width step, slide i from i × interval until the move to slide i + 1, which ends
 * with the interval; the last move goes back to the first slide.
 */
export function advanceKeyframes(count: number, intervalMs: number, layout: string, steps: PerViewSteps): string {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`A carousel needs slides, not ${count}`);
  const name = advanceName(count, intervalMs, layout);
  const move = moveMs(intervalMs) / (intervalMs * count);
  return steps
    .map(({ minWidthPx, perView }) => {
      const frames = [];
      for (let slide = 0; slide < count; slide += 1) {
        const at = shift(slide, count, perView);
        frames.push(
          `${percent(slide / count)}{transform:${at}}`,
          `${percent((slide + 1) / count - move)}{transform:${at}}`,
        );
      }
      frames.push(`100%{transform:${shift(0, count, perView)}}`);
      const keyframes = `@keyframes ${name}{${frames.join("")}}`;
      return minWidthPx === null ? keyframes : `@media (min-width:${minWidthPx}px){${keyframes}}`;
    })
    .join("");
}

/**
 * The slide the motion shows `timeMs` into its animation (the nearer one while it moves), never past the last
 * slide that fills the view with `perView` slides: where Embla starts.
 */
export function slideAtTime(timeMs: number, count: number, intervalMs: number, perView: number): number {
  const inRound = ((timeMs % (count * intervalMs)) + count * intervalMs) % (count * intervalMs);
  const slide = Math.floor(inRound / intervalMs);
  const isPastHalfTheMove = inRound - slide * intervalMs > intervalMs - moveMs(intervalMs) / 2;
  const reached = isPastHalfTheMove ? (slide + 1) % count : slide;
  return Math.min(reached, Math.max(0, count - perView));
}

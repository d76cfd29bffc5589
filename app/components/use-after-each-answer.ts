import { useEffect, useRef } from "react";

/**
 * Runs `effect` once for each new `answer` (a fetcher's or an action's data, compared by identity),
 * after the commit that first shows it: a toast for each answer, say. A cleanup it returns runs
 * when the next answer comes, or when the component goes.
 *
 * It checks after every commit rather than in an effect keyed on `answer`. Keyed effects were seen
 * to be skipped: when the answer arrives while React renders the component for another reason and
 * that render ends without an update of its own, the render's new dependencies are kept but its
 * effect is dropped, and the keyed effect never runs for that answer. An effect without a
 * dependency list runs after every commit, so it sees the answer at the latest with the commit
 * that shows it (docs/architecture.md, "An answer shown once: toasts and countdowns").
 */
export function useAfterEachAnswer(answer: unknown, effect: () => void | (() => void)) {
  const seen = useRef<unknown>(undefined);
  const cleanup = useRef<(() => void) | undefined>(undefined);
  // oxlint-disable-next-line react/exhaustive-deps -- after every commit, on purpose (see above)
  useEffect(() => {
    if (answer === seen.current) return;
    seen.current = answer;
    cleanup.current?.();
    cleanup.current = effect() ?? undefined;
  });
  useEffect(() => () => cleanup.current?.(), []);
}

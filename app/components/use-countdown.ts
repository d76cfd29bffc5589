import { useEffect, useRef, useState } from "react";

/** Whole seconds from now until `target` (epoch ms); 0 once it has passed or when there is none. */
function secondsUntil(target: number) {
  return Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - Date.now()) / 1000));
}

/** Whole seconds left until `until` (an ISO time), ticking each second; 0 once it has passed. */
export function useCountdown(until: string | null | undefined): number {
  const target = until ? Date.parse(until) : Number.NaN;
  const [seconds, setSeconds] = useState(() => secondsUntil(target));
  const shown = useRef(seconds);
  shown.current = seconds;
  // After every commit, not only when `until` changes: an effect keyed on `until` was seen to be
  // skipped when the answer bringing it arrived during another render (see use-after-each-answer.ts),
  // and the countdown never started. The effect keeps the state in step with the clock, an outside
  // system. The same number is not set again: even an equal state schedules a render, and a render
  // after every commit never ends beside a form that re-reads its inputs after each commit
  // (docs/decisions/0036-one-way-to-build-a-form.md).
  // oxlint-disable-next-line react/exhaustive-deps -- after every commit, on purpose (above)
  useEffect(() => {
    // oxlint-disable-next-line react/set-state-in-effect -- the clock is read here, not in render
    const now = secondsUntil(target);
    if (now !== shown.current) setSeconds(now);
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const left = secondsUntil(target);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  });
  return seconds;
}

/** "4:05" for 245 seconds. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

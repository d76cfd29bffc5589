import { useEffect, useState } from "react";

/** Whole seconds left until `until` (an ISO time), ticking each second; 0 once it has passed. */
export function useCountdown(until: string | null | undefined): number {
  const target = until ? Date.parse(until) : Number.NaN;
  const secondsLeft = () => (Number.isNaN(target) ? 0 : Math.max(0, Math.ceil((target - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(secondsLeft);
  useEffect(() => {
    setSeconds(secondsLeft());
    if (Number.isNaN(target)) return;
    const timer = setInterval(() => {
      const left = secondsLeft();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // oxlint-disable-next-line react/exhaustive-deps -- secondsLeft only reads target
  }, [target]);
  return seconds;
}

/** "4:05" for 245 seconds. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

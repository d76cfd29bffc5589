import { useEffect, useState } from "react";

/**
 * The time, moving on every `intervalMs`: `initial` (the loader's clock, so
 * the server's render and hydration agree) until the first tick in the browser.
 */
export function useNow(initial: Date, intervalMs = 30_000): Date {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = setInterval(tick, intervalMs);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  }, [intervalMs]);
  return now;
}

import { useEffect, useState } from "react";
import { detectAppMode, MOBILE_BREAKPOINT_PX, type AppMode } from "~/utils/app-mode";
import type { Preferences } from "~/utils/preferences";

/**
 * The app mode in force (spec 2.7, 9): the stored override, else what this
 * browser detects now (installed, 768 px or narrower, or a mobile device),
 * following resizes. Before hydration it is the server's answer.
 */
export function useAppMode(preferences: Pick<Preferences, "appMode" | "modeOverride">): AppMode {
  const { appMode, modeOverride } = preferences;
  const [detected, setDetected] = useState<AppMode>(appMode);
  useEffect(() => {
    if (modeOverride) return;
    const narrow = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
    const standalone = window.matchMedia("(display-mode: standalone)");
    const update = () =>
      setDetected(
        detectAppMode({
          isStandalone: standalone.matches || ("standalone" in navigator && navigator.standalone === true),
          width: window.innerWidth,
          userAgent: navigator.userAgent,
        }),
      );
    update();
    narrow.addEventListener("change", update);
    standalone.addEventListener("change", update);
    return () => {
      narrow.removeEventListener("change", update);
      standalone.removeEventListener("change", update);
    };
  }, [modeOverride]);
  return modeOverride ?? detected;
}

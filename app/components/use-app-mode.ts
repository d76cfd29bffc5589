import { useEffect, useState } from "react";
import { detectAppMode, MOBILE_BREAKPOINT_PX, type AppMode } from "~/utils/app-mode";
import type { Preferences } from "~/utils/preferences";

/**
 * What this browser detects now (installed, 768 px or narrower, or a mobile
 * device), following resizes; `initial` until hydrated, since only the
 * browser can tell. When the browser agrees with `initial`, nothing renders
 * again (the chrome around every page uses this while the page hydrates).
 */
function useDetection<T extends AppMode | undefined>(initial: T): AppMode | T {
  const [detected, setDetected] = useState<AppMode | T>(initial);
  useEffect(() => {
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
  }, []);
  return detected;
}

/** What this browser detects now, following resizes; undefined until hydrated. */
export function useDetectedAppMode(): AppMode | undefined {
  return useDetection(undefined);
}

/**
 * The app mode in force (docs/product-rules.md, "App mode and display preferences"): the stored override, else what this
 * browser detects. Before hydration it is the server's answer.
 */
export function useAppMode(preferences: Pick<Preferences, "appMode" | "modeOverride">): AppMode {
  const detected = useDetection(preferences.appMode);
  return preferences.modeOverride ?? detected;
}

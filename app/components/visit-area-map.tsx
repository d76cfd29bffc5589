import type { Map as LeafletMap } from "leaflet";
import { useEffect, useRef, useState } from "react";
import { useT } from "~/i18n/react";

// The map of a visit's area on the caregiver's order page. Leaflet needs the
// browser, so it loads after the page has rendered; the page states the area
// or address in text above it, so nothing depends on the map (or its tiles)
// loading.

export type MapPoint = { latitude: number; longitude: number };

/** Before acceptance a circle this wide hides where in the ZIP area the visit is. */
export const APPROXIMATE_RADIUS_METERS = 2_000;

export function VisitAreaMap({
  point,
  isExact,
  tileUrl,
  label,
}: {
  point: MapPoint;
  isExact: boolean;
  tileUrl: string;
  /** What the map shows, for people who cannot see it. */
  label: string;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  const [hasTileErrors, setHasTileErrors] = useState(false);
  const { t } = useT("public");
  const attribution = t("visitMap.attribution");

  useEffect(() => {
    let isCancelled = false;
    let map: LeafletMap | undefined;
    import("leaflet")
      .then((module) => {
        const L = "default" in module ? module.default : module;
        if (isCancelled || !container.current) return;
        const center: [number, number] = [point.latitude, point.longitude];
        map = L.map(container.current, { scrollWheelZoom: false }).setView(center, isExact ? 15 : 13);
        L.tileLayer(tileUrl, {
          maxZoom: 19,
          attribution,
        })
          .on("tileerror", () => setHasTileErrors(true))
          .addTo(map);
        const style = { color: "#0f766e", fillColor: "#14b8a6", fillOpacity: 0.25 };
        if (isExact) L.circleMarker(center, { ...style, radius: 10, fillOpacity: 0.8 }).addTo(map);
        else L.circle(center, { ...style, radius: APPROXIMATE_RADIUS_METERS }).addTo(map);
        setState("ready");
      })
      .catch(() => {
        if (!isCancelled) setState("failed");
      });
    return () => {
      isCancelled = true;
      map?.remove();
    };
  }, [point.latitude, point.longitude, isExact, tileUrl, attribution]);

  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
      <div
        ref={container}
        data-map-state={state}
        className="relative z-0 h-72 w-full bg-slate-100 sm:h-96 dark:bg-slate-800"
      />
      <figcaption className="px-4 py-2 text-sm text-slate-600 dark:text-slate-300">
        <span className="sr-only">{label}. </span>
        {state === "failed"
          ? t("visitMap.failed")
          : hasTileErrors
            ? t("visitMap.tileErrors")
            : state === "loading"
              ? t("visitMap.loading")
              : isExact
                ? t("visitMap.exact")
                : t("visitMap.approximate")}
      </figcaption>
    </figure>
  );
}

import type { ReactNode } from "react";
import { CHINA_PLACES } from "~/lib/chinaPlaces";
import { CHART_TEXT } from "~/lib/palette";
import { frameBounds, project, type MapFrame } from "~/lib/trackGeometry";

/** A map as the loader hands it: its frame and the base drawn on the server (app/lib/chinaMap.server.ts). */
export interface MapViewData {
  frame: MapFrame;
  base: string;
}

/** Below this many degrees of longitude across, the reference cities are named on the map. */
const CITIES_BELOW_DEG = 16;

/** Reference cities in view (only when zoomed in enough for them to be told apart). */
function Places({ frame }: { frame: MapFrame }) {
  const view = frameBounds(frame);
  if (view.east - view.west > CITIES_BELOW_DEG) return null;
  const places = CHINA_PLACES.features.filter(({ geometry: { coordinates: [lng, lat] } }) => lat >= view.south && lat <= view.north && lng >= view.west && lng <= view.east);
  return (
    <g fontSize="12" fill={CHART_TEXT.regular} pointerEvents="none">
      {places.map((p) => {
        const at = project(frame, { lng: p.geometry.coordinates[0], lat: p.geometry.coordinates[1] });
        return (
          <g key={p.properties.name}>
            <circle cx={at.x} cy={at.y} r={p.properties.level === "capital" ? 3.5 : 2.5} fill="#64748b" />
            <text x={at.x + 6} y={at.y + 4}>{p.properties.name}</text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * A map image: the server-drawn China base (provinces outlined and named), the reference cities, and
 * what the page draws over it in the same frame (`children`). Plain SVG: it needs no script.
 */
export function MapSvg({ view, label, testId, className = "h-auto w-full rounded border border-gray-200", children, withLinks = false }: { view: MapViewData; label: string; testId: string; className?: string; children?: ReactNode; withLinks?: boolean }) {
  const { frame } = view;
  // A map whose provinces or markers are links is a group of them; an image's content is not operable.
  const role = withLinks || view.base.includes("<a ") ? "group" : "img";
  return (
    <svg viewBox={`0 0 ${frame.width} ${frame.height}`} className={className} role={role} aria-label={label} data-testid={testId} fontFamily="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif">
      {/* The base is markup our server drew from the package's GeoJSON, names escaped. */}
      <g dangerouslySetInnerHTML={{ __html: view.base }} />
      <Places frame={frame} />
      {children}
    </svg>
  );
}

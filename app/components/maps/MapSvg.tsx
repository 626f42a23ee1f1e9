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

/** A point of a map as text: what its marker says, and where it links. */
export interface MapPoint {
  key: string | number;
  label: string;
  href?: string;
}

/**
 * The map's points as a list (the text alternative of the picture, and the keyboard's way to the
 * markers' links): folded under the map, open without JavaScript on a click or Enter.
 */
function PointList({ points, label, testId }: { points: MapPoint[]; label: string; testId: string }) {
  return (
    <details className="mt-1 text-sm" data-testid={`${testId}-points`}>
      <summary className="cursor-pointer text-gray-600">{`${label}：点位列表（${points.length}）`}</summary>
      {points.length === 0 ? (
        <p className="px-2 py-1 text-muted">暂无点位</p>
      ) : (
        <ol className="max-h-60 list-decimal overflow-auto pl-8">
          {points.map((p) => (
            <li key={p.key} className="py-0.5">{p.href ? <a href={p.href} className="text-primary hover:underline">{p.label}</a> : p.label}</li>
          ))}
        </ol>
      )}
    </details>
  );
}

/**
 * A map image: the server-drawn China base (provinces outlined and named), the reference cities, and
 * what the page draws over it in the same frame (`children`). Plain SVG: it needs no script.
 */
export function MapSvg({ view, label, testId, className = "h-auto w-full rounded border border-gray-200", children, points, withLinks = false }: { view: MapViewData; label: string; testId: string; className?: string; children?: ReactNode; /** The markers as text, listed under the map. */ points?: MapPoint[]; withLinks?: boolean }) {
  const { frame } = view;
  // A map whose provinces or markers are links is a group of them; an image's content is not operable.
  const role = withLinks || points?.some((p) => p.href) || view.base.includes("<a ") ? "group" : "img";
  const picture = (
    <svg viewBox={`0 0 ${frame.width} ${frame.height}`} className={className} role={role} aria-label={label} data-testid={testId} fontFamily="PingFang SC, Microsoft YaHei, Noto Sans CJK SC, sans-serif">
      {/* The base is markup our server drew from the package's GeoJSON, names escaped. */}
      <g dangerouslySetInnerHTML={{ __html: view.base }} />
      <Places frame={frame} />
      {children}
    </svg>
  );
  if (!points) return picture;
  return (
    <>
      {picture}
      <PointList points={points} label={label} testId={testId} />
    </>
  );
}

import { MapSvg, type MapViewData } from "~/components/maps/MapSvg";
import { polylinePoints, project, type GeoPoint } from "~/lib/trackGeometry";

export interface MapMarker extends GeoPoint {
  id: number;
  label: string;
  title: string;
  colour: string;
  href?: string;
  /** Drawn hollow (e.g. a stale AIS position). */
  faded?: boolean;
}

/**
 * Ships, wharves and a track over the server-drawn China base map (the loader draws it around them:
 * app/lib/chinaMap.server.ts mapView). Each marker is a link, so it works without JavaScript.
 */
export function ShipMap({ markers, wharves = [], track = [], selectedId = null, label, view }: { markers: MapMarker[]; wharves?: Array<GeoPoint & { name: string }>; track?: GeoPoint[]; selectedId?: number | null; label: string; view: MapViewData }) {
  const at = (p: GeoPoint) => project(view.frame, p);
  return (
    <MapSvg view={view} label={label} testId="ship-map" withLinks={markers.some((m) => m.href)}>
      {track.length > 1 ? <polyline points={polylinePoints(track.map(at))} fill="none" stroke="#0ea5e9" strokeWidth="2.5" strokeDasharray="5 3" strokeLinejoin="round" data-testid="ship-track" /> : null}
      {wharves.map((w, k) => {
        const p = at(w);
        return (
          <g key={`w${k}`} data-testid="wharf-marker">
            <title>{w.name}</title>
            <rect x={p.x - 4} y={p.y - 4} width="8" height="8" fill="#7c3aed" />
          </g>
        );
      })}
      {markers.map((m) => {
        const p = at(m);
        const selected = m.id === selectedId;
        const dot = (
          <>
            <title>{m.title}</title>
            <circle cx={p.x} cy={p.y} r={selected ? 9 : 6} fill={m.faded ? "#fff" : m.colour} stroke={selected ? "#111827" : m.colour} strokeWidth="2" />
            {selected ? <text x={p.x + 10} y={p.y - 8} fontSize="13" fontWeight="bold" fill="#111827">{m.label}</text> : null}
          </>
        );
        return m.href ? <a key={m.id} href={m.href} data-testid="ship-marker">{dot}</a> : <g key={m.id} data-testid="ship-marker">{dot}</g>;
      })}
    </MapSvg>
  );
}

import { CHINA_PLACES } from "~/lib/chinaPlaces";
import { layoutTrack, type GeoPoint } from "~/lib/trackGeometry";

const WIDTH = 800;
const HEIGHT = 520;
/** Reference places this far (degrees) around what is drawn. */
const MARGIN_DEG = 0.6;

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
 * Ships, wharves and a track drawn on the server as SVG (no tiles): an equirectangular projection with
 * the reference places around them and a 1° graticule. Each marker is a link, so it works without JavaScript.
 */
export function ShipMap({ markers, wharves = [], track = [], selectedId = null, label }: { markers: MapMarker[]; wharves?: Array<GeoPoint & { name: string }>; track?: GeoPoint[]; selectedId?: number | null; label: string }) {
  const all = [...markers, ...wharves, ...track];
  const lats = all.map((p) => p.lat);
  const lngs = all.map((p) => p.lng);
  const box = all.length
    ? { minLat: Math.min(...lats) - MARGIN_DEG, maxLat: Math.max(...lats) + MARGIN_DEG, minLng: Math.min(...lngs) - MARGIN_DEG, maxLng: Math.max(...lngs) + MARGIN_DEG }
    : { minLat: 29.5, maxLat: 34.5, minLng: 114.5, maxLng: 120 };
  const places = CHINA_PLACES.features.filter((p) => {
    const [lng, lat] = p.geometry.coordinates;
    return lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;
  });
  const corners = [{ lat: box.minLat, lng: box.minLng }, { lat: box.maxLat, lng: box.maxLng }];
  const placePoints = places.map((p) => ({ lng: p.geometry.coordinates[0], lat: p.geometry.coordinates[1] }));
  const layout = layoutTrack([...corners, ...markers, ...wharves, ...track, ...placePoints], WIDTH, HEIGHT, 20).points;
  const [sw, ne] = [layout[0]!, layout[1]!];
  let i = 2;
  const take = (n: number) => layout.slice(i, (i += n));
  const markerAt = take(markers.length);
  const wharfAt = take(wharves.length);
  const trackAt = take(track.length);
  const placeAt = take(places.length);
  const degX = (ne.x - sw.x) / (box.maxLng - box.minLng);
  const degY = (sw.y - ne.y) / (box.maxLat - box.minLat);
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, Math.floor(to) - Math.ceil(from) + 1) }, (_, k) => Math.ceil(from) + k);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full rounded border border-gray-200 bg-sky-50" role="img" aria-label={label} data-testid="ship-map">
      <rect x={sw.x} y={ne.y} width={ne.x - sw.x} height={sw.y - ne.y} fill="#f8fafc" stroke="#cbd5e1" />
      {range(box.minLng, box.maxLng).map((lng) => {
        const x = sw.x + (lng - box.minLng) * degX;
        return <g key={`x${lng}`}><line x1={x} x2={x} y1={ne.y} y2={sw.y} stroke="#e2e8f0" /><text x={x + 2} y={sw.y - 4} fontSize="10" fill="#94a3b8">{lng}°E</text></g>;
      })}
      {range(box.minLat, box.maxLat).map((lat) => {
        const y = sw.y - (lat - box.minLat) * degY;
        return <g key={`y${lat}`}><line x1={sw.x} x2={ne.x} y1={y} y2={y} stroke="#e2e8f0" /><text x={sw.x + 2} y={y - 2} fontSize="10" fill="#94a3b8">{lat}°N</text></g>;
      })}
      {places.map((p, k) => (
        <g key={p.properties.name}>
          <circle cx={placeAt[k]!.x} cy={placeAt[k]!.y} r={3} fill="#64748b" />
          <text x={placeAt[k]!.x + 6} y={placeAt[k]!.y + 4} fontSize="12" fill="#475569">{p.properties.name}</text>
        </g>
      ))}
      {trackAt.length > 1 ? <polyline points={trackAt.map((p) => `${p.x},${p.y}`).join(" ")} fill="none" stroke="#0ea5e9" strokeWidth="2" strokeDasharray="4 3" data-testid="ship-track" /> : null}
      {wharves.map((w, k) => (
        <g key={`w${k}`} data-testid="wharf-marker">
          <title>{w.name}</title>
          <rect x={wharfAt[k]!.x - 4} y={wharfAt[k]!.y - 4} width="8" height="8" fill="#7c3aed" />
        </g>
      ))}
      {markers.map((m, k) => {
        const at = markerAt[k]!;
        const selected = m.id === selectedId;
        const dot = (
          <>
            <title>{m.title}</title>
            <circle cx={at.x} cy={at.y} r={selected ? 9 : 6} fill={m.faded ? "#fff" : m.colour} stroke={selected ? "#111827" : m.colour} strokeWidth="2" />
            {selected ? <text x={at.x + 10} y={at.y - 8} fontSize="13" fontWeight="bold" fill="#111827">{m.label}</text> : null}
          </>
        );
        return m.href ? <a key={m.id} href={m.href} data-testid="ship-marker">{dot}</a> : <g key={m.id} data-testid="ship-marker">{dot}</g>;
      })}
    </svg>
  );
}

import { FLEET_STATES, type VehiclePosition } from "../../../contract/fleet";
import { CHINA_PLACES } from "~/lib/chinaPlaces";
import { layoutTrack } from "~/lib/trackGeometry";

const WIDTH = 800;
const HEIGHT = 520;
/** Reference places this far (degrees) around the fleet are drawn for orientation. */
const MARGIN_DEG = 1.5;

/**
 * The fleet drawn on the server as SVG (no tiles): vehicles projected equirectangularly with the
 * reference places around them and a 1° graticule; each vehicle is a link to its card, so it works
 * without JavaScript.
 */
export function FleetMap({ vehicles, selectedId, hrefOf }: { vehicles: VehiclePosition[]; selectedId: number | null; hrefOf: (id: number) => string }) {
  const located = vehicles.filter((v): v is VehiclePosition & { lat: number; lng: number } => v.lat != null && v.lng != null);
  const lats = located.map((v) => v.lat);
  const lngs = located.map((v) => v.lng);
  const box = located.length
    ? { minLat: Math.min(...lats) - MARGIN_DEG, maxLat: Math.max(...lats) + MARGIN_DEG, minLng: Math.min(...lngs) - MARGIN_DEG, maxLng: Math.max(...lngs) + MARGIN_DEG }
    : { minLat: 18, maxLat: 46, minLng: 86, maxLng: 127 };
  const places = CHINA_PLACES.features.filter((p) => {
    const [lng, lat] = p.geometry.coordinates;
    return lat >= box.minLat && lat <= box.maxLat && lng >= box.minLng && lng <= box.maxLng;
  });
  const corners = [{ lat: box.minLat, lng: box.minLng }, { lat: box.maxLat, lng: box.maxLng }];
  const all = [...corners, ...located, ...places.map((p) => ({ lng: p.geometry.coordinates[0], lat: p.geometry.coordinates[1] }))];
  const layout = layoutTrack(all, WIDTH, HEIGHT, 20).points;
  const [sw, ne] = [layout[0]!, layout[1]!];
  const vehicleAt = (i: number) => layout[2 + i]!;
  const placeAt = (i: number) => layout[2 + located.length + i]!;
  const degX = (ne.x - sw.x) / (box.maxLng - box.minLng);
  const degY = (sw.y - ne.y) / (box.maxLat - box.minLat);
  const grid = {
    lng: Array.from({ length: Math.floor(box.maxLng) - Math.ceil(box.minLng) + 1 }, (_, i) => Math.ceil(box.minLng) + i),
    lat: Array.from({ length: Math.floor(box.maxLat) - Math.ceil(box.minLat) + 1 }, (_, i) => Math.ceil(box.minLat) + i),
  };
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full rounded border border-gray-200 bg-sky-50" role="img" aria-label={`车辆分布图，共 ${located.length} 辆有定位`} data-testid="fleet-map">
      <rect x={sw.x} y={ne.y} width={ne.x - sw.x} height={sw.y - ne.y} fill="#f8fafc" stroke="#cbd5e1" />
      {grid.lng.map((lng) => {
        const x = sw.x + (lng - box.minLng) * degX;
        return <g key={`x${lng}`}><line x1={x} x2={x} y1={ne.y} y2={sw.y} stroke="#e2e8f0" /><text x={x + 2} y={sw.y - 4} fontSize="10" fill="#94a3b8">{lng}°E</text></g>;
      })}
      {grid.lat.map((lat) => {
        const y = sw.y - (lat - box.minLat) * degY;
        return <g key={`y${lat}`}><line x1={sw.x} x2={ne.x} y1={y} y2={y} stroke="#e2e8f0" /><text x={sw.x + 2} y={y - 2} fontSize="10" fill="#94a3b8">{lat}°N</text></g>;
      })}
      {places.map((p, i) => (
        <g key={p.properties.name}>
          <circle cx={placeAt(i).x} cy={placeAt(i).y} r={p.properties.level === "capital" ? 4 : 3} fill="#64748b" />
          <text x={placeAt(i).x + 6} y={placeAt(i).y + 4} fontSize="12" fill="#475569">{p.properties.name}</text>
        </g>
      ))}
      {located.map((v, i) => {
        const at = vehicleAt(i);
        const selected = v.vehicleId === selectedId;
        return (
          <a key={v.vehicleId} href={hrefOf(v.vehicleId)} data-testid="fleet-marker">
            <title>{`${v.plateNo} · ${FLEET_STATES[v.state].label}`}</title>
            <circle cx={at.x} cy={at.y} r={selected ? 9 : 6} fill={FLEET_STATES[v.state].colour} stroke={selected ? "#111827" : "#fff"} strokeWidth="2" />
            {selected ? <text x={at.x + 10} y={at.y - 8} fontSize="13" fontWeight="bold" fill="#111827">{v.plateNo}</text> : null}
          </a>
        );
      })}
    </svg>
  );
}

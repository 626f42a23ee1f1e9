import { FLEET_STATES, type VehiclePosition } from "../../../contract/fleet";
import { MapSvg, type MapViewData } from "~/components/maps/MapSvg";
import { project } from "~/lib/trackGeometry";

/**
 * The fleet over the server-drawn China base map (the loader draws it around the located vehicles:
 * app/lib/chinaMap.server.ts mapView); each vehicle is a link to its card, so it works without JavaScript.
 */
export function FleetMap({ vehicles, selectedId, hrefOf, view }: { vehicles: VehiclePosition[]; selectedId: number | null; hrefOf: (id: number) => string; view: MapViewData }) {
  const located = vehicles.filter((v): v is VehiclePosition & { lat: number; lng: number } => v.lat != null && v.lng != null);
  return (
    <MapSvg view={view} label={`车辆分布图，共 ${located.length} 辆有定位`} testId="fleet-map" withLinks>
      {located.map((v) => {
        const at = project(view.frame, v);
        const selected = v.vehicleId === selectedId;
        return (
          <a key={v.vehicleId} href={hrefOf(v.vehicleId)} data-testid="fleet-marker">
            <title>{`${v.plateNo} · ${FLEET_STATES[v.state].label}`}</title>
            <circle cx={at.x} cy={at.y} r={selected ? 9 : 6} fill={FLEET_STATES[v.state].colour} stroke={selected ? "#111827" : "#fff"} strokeWidth="2" />
            {selected ? <text x={at.x + 10} y={at.y - 8} fontSize="13" fontWeight="bold" fill="#111827">{v.plateNo}</text> : null}
          </a>
        );
      })}
    </MapSvg>
  );
}

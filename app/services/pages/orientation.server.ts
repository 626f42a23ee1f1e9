/** Loader of 车辆定位 (/carAdministration/orientation): the caller's vehicles and their latest positions; `?vehicleId=` opens a card. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import type { VehiclePosition } from "../../../contract/fleet";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";
import { json } from "@remix-run/node";
import { FLEET_MAP_SIZE, FLEET_MARGIN_DEG } from "~/lib/map-sizes";
import { mapView } from "~/lib/chinaMap.server";

export async function orientationLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const plateNo = (url.searchParams.get("plateNo") ?? "").trim().slice(0, 16);
  const selectedId = Number(url.searchParams.get("vehicleId")) || null;
  const { headers } = await noticeAndHeaders(request, user);
  let vehicles: VehiclePosition[] = [];
  let error: string | null = null;
  try {
    vehicles = await user.call<VehiclePosition[]>({ path: "/tms-vehicle-position/latest", method: "GET", query: { plateNo: plateNo || undefined } });
  } catch (e) {
    error = platformMessage(e);
  }
  const located = vehicles.flatMap((v) => (v.lat != null && v.lng != null ? [{ lat: v.lat, lng: v.lng }] : []));
  return json({ vehicles, plateNo, selectedId, error, map: mapView(located, { ...FLEET_MAP_SIZE, marginDeg: FLEET_MARGIN_DEG }) }, { headers });
}

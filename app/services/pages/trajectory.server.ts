/**
 * Loader of 轨迹定位 (/trajectoryPosition, ORG_USER): the organisation's waybills in transit with their
 * latest positions (GET filter), drawn on the server-side fleet map; `?selected=<freightNo>` picks one and draws
 * its track from the waybill track the platform already serves (GET tms-freight/<no>/track).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { inTransitFilterSchema, type InTransitWaybill } from "../../../contract/find-car";
import type { FreightTrack } from "../../../contract/freight";
import { FLEET_MAP_SIZE, FLEET_MARGIN_DEG } from "~/lib/map-sizes";
import { mapView } from "~/lib/chinaMap.server";
import { polylinePoints, project } from "~/lib/trackGeometry";
import { parseListQuery } from "~/services/list-query";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";

export async function trajectoryLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const query = parseListQuery(inTransitFilterSchema, url);
  const { headers } = await noticeAndHeaders(request, user);
  let waybills: InTransitWaybill[] = [];
  let error: string | null = null;
  try {
    waybills = await user.call<InTransitWaybill[]>({ path: "/tms-freight-position/in-transit", body: query.filter });
  } catch (e) {
    error = platformMessage(e);
  }
  const freightNo = url.searchParams.get("selected")?.trim() || null;
  const selected = waybills.find((w) => w.freightNo === freightNo) ?? null;
  let track: FreightTrack | null = null;
  if (selected) {
    try {
      track = await user.call<FreightTrack>({ path: `/tms-freight/${encodeURIComponent(selected.freightNo)}/track`, method: "GET" });
    } catch (e) {
      error = platformMessage(e);
    }
  }
  const located = waybills.flatMap((w) => (w.lat != null && w.lng != null ? [{ lat: w.lat, lng: w.lng }] : []));
  const map = mapView(located, { ...FLEET_MAP_SIZE, marginDeg: FLEET_MARGIN_DEG });
  // The chosen waybill's track on its own map, over the provinces it crosses.
  const trackMap = track && track.points.length ? mapView(track.points, { width: 800, height: 360, marginDeg: 0.3, minSpanDeg: 1 }) : null;
  const sketch = trackMap && track ? { map: trackMap, line: polylinePoints(track.points.map((p) => project(trackMap.frame, p))), start: project(trackMap.frame, track.points[0]!), end: project(trackMap.frame, track.points.at(-1)!) } : null;
  return json({ values: query.values, errors: query.errors, waybills, selected, track: track ? { totalPoints: track.totalPoints, first: track.points[0]?.time ?? null, last: track.points.at(-1)?.time ?? null } : null, sketch, map, error, now: Date.now() }, { headers });
}

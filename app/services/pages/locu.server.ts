/**
 * Loader of 轨迹查询 (/carAdministration/trajectoryPosition/locu): plate + time range (China time,
 * ≤ 72 h; default the last 24 h) → the vehicle's track, laid out on the server for the SVG.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { VehicleTrack } from "../../../contract/fleet";
import { chinaLocalInput, chinaLocalToIso } from "../../../contract/units";
import { polylinePoints, project } from "~/lib/trackGeometry";
import { mapView } from "~/lib/chinaMap.server";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { requirePage } from "~/services/user.server";

export async function locuLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const now = Date.now();
  const values = {
    plateNo: (url.searchParams.get("plateNo") ?? "").trim().slice(0, 16),
    from: url.searchParams.get("from") || chinaLocalInput(new Date(now - 24 * 3600_000).toISOString()),
    to: url.searchParams.get("to") || chinaLocalInput(new Date(now).toISOString()),
  };
  const { headers } = await noticeAndHeaders(request, user);
  let track: VehicleTrack | null = null;
  let error: string | null = null;
  if (values.plateNo) {
    const from = chinaLocalToIso(values.from);
    const to = chinaLocalToIso(values.to);
    if (!from || !to) error = "请填写有效的开始和结束时间";
    else {
      try {
        track = await user.call<VehicleTrack>({ path: "/tms-vehicle-position/track", method: "GET", query: { plateNo: values.plateNo, from, to } });
      } catch (e) {
        error = platformMessage(e);
      }
    }
  }
  // The track over the provinces it crosses (the server-drawn base map), stops at their first point.
  const map = track && track.points.length ? mapView(track.points, { width: 800, height: 420, marginDeg: 0.2, minSpanDeg: 0.5 }) : null;
  const at = (p: { lat: number; lng: number }) => project(map!.frame, p);
  const sketch = map && track ? { map, line: polylinePoints(track.points.map(at)), start: at(track.points[0]!), end: at(track.points.at(-1)!), stops: track.stops.map((s) => at(track.points.find((p) => p.recordedAt === s.from) ?? s)) } : null;
  return json({ values, track, sketch, error }, { headers });
}

/**
 * Loader of 轨迹查询 (/carAdministration/trajectoryPosition/locu): plate + time range (China time,
 * ≤ 72 h; default the last 24 h) → the vehicle's track, laid out on the server for the SVG.
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { VehicleTrack } from "../../../contract/fleet";
import { chinaLocalInput, chinaLocalToIso } from "../../../contract/units";
import { layoutTrack, polylinePoints } from "~/lib/trackGeometry";
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
  const layout = track ? layoutTrack(track.points, 800, 420, 24) : null;
  const sketch = layout ? { width: layout.width, height: layout.height, line: polylinePoints(layout.points), start: layout.points[0] ?? null, end: layout.points.at(-1) ?? null, stops: track!.stops.map((s) => layout.points[track!.points.findIndex((p) => p.recordedAt === s.from)]!) } : null;
  return json({ values, track, sketch, error }, { headers });
}

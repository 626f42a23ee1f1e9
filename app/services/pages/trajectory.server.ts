/**
 * Loader of 轨迹定位 (/trajectoryPosition, ORG_USER): the organisation's waybills in transit with their
 * latest positions (GET filter), drawn on the server-side fleet map; `?selected=<freightNo>` picks one and draws
 * its track from the waybill track the platform already serves (GET tms-freight/<no>/track).
 */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { inTransitFilterSchema, type InTransitWaybill } from "../../../contract/find-car";
import type { FreightTrack } from "../../../contract/freight";
import { layoutTrack, polylinePoints } from "~/lib/trackGeometry";
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
  const layout = track && track.points.length ? layoutTrack(track.points, 800, 360, 24) : null;
  const sketch = layout ? { width: layout.width, height: layout.height, line: polylinePoints(layout.points), start: layout.points[0] ?? null, end: layout.points.at(-1) ?? null } : null;
  return json({ values: query.values, errors: query.errors, waybills, selected, track: track ? { totalPoints: track.totalPoints, first: track.points[0]?.time ?? null, last: track.points.at(-1)?.time ?? null } : null, sketch, error, now: Date.now() }, { headers });
}

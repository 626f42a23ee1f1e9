/** Loaders of the bespoke find-ship pages: the map, a ship's find-ship detail, 在途船舶. */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { FindShipDetail, ShipInTransit, ShipMap } from "../../../contract/findship";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage } from "~/services/user.server";
import { SHIP_MAP_SIZE } from "~/lib/map-sizes";
import { CHINA_BOX, mapView, PROVINCE_NAMES, provinceContains, provinceNamed } from "~/lib/chinaMap.server";
import { queryText } from "~/services/list-query";

const MAP_FILTERS = ["shipType", "minTonnes", "maxTonnes", "empty", "navStatus", "province"] as const;

export async function findShipMapLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const typed = queryText(url, MAP_FILTERS);
  const values = Object.fromEntries(MAP_FILTERS.map((k) => [k, (typed[k] ?? "").slice(0, 64)])) as Record<(typeof MAP_FILTERS)[number], string>;
  const selectedId = Number(url.searchParams.get("shipId")) || null;
  const { headers } = await noticeAndHeaders(request, user);
  // 区域 is a province: the platform narrows to its bounding box, its outline decides.
  const province = values.province ? provinceNamed(values.province) : undefined;
  let error: string | null = values.province && !province ? `区域「${values.province}」不是省级行政区，请从列表或地图上选择` : null;
  const { province: _name, ...filters } = values;
  const query: Record<string, string> = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  if (province) query.box = [province.box.west, province.box.south, province.box.east, province.box.north].map((v) => v.toFixed(4)).join(",");
  let map: ShipMap = { ships: [], wharves: [] };
  try {
    map = await user.call<ShipMap>({ path: "/tms-ship-position/map", method: "GET", query });
    if (province) map = { ships: map.ships.filter((s) => provinceContains(province, s)), wharves: map.wharves.filter((w) => provinceContains(province, w)) };
  } catch (e) {
    error = platformMessage(e);
  }
  const provinceHref = (name: string) => {
    const params = new URLSearchParams(url.search);
    params.delete("shipId");
    params.set("province", name);
    return `${url.pathname}?${params}`;
  };
  const corners = province ? [{ lat: province.box.south, lng: province.box.west }, { lat: province.box.north, lng: province.box.east }] : [];
  const view = mapView([...map.ships, ...map.wharves, ...corners], { ...SHIP_MAP_SIZE, marginDeg: 0.6, fallback: CHINA_BOX, provinceHref, selected: province?.name ?? null, waterways: true });
  return json({ map, values, selectedId, error, provinces: PROVINCE_NAMES, view }, { headers });
}

export async function findShipDetailLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const id = url.searchParams.get("id");
  const shipId = url.searchParams.get("shipId");
  const query = shipId ? { shipId } : { availabilityId: id ?? "" };
  const { notice, headers } = await noticeAndHeaders(request, user);
  try {
    const detail = await user.call<FindShipDetail>({ path: "/tms-find-ship/detail", method: "GET", query });
    const view = mapView([...(detail.position ? [detail.position] : []), ...detail.track], { ...SHIP_MAP_SIZE, marginDeg: 0.6, waterways: true });
    return json({ detail, notice, view }, { headers });
  } catch (e) {
    if (e instanceof PlatformError && e.kind === "not-found") throw new Response("船舶不存在或未认证", { status: 404 });
    if (e instanceof PlatformError && (e.kind === "business" || e.kind === "http")) throw new Response(platformMessage(e), { status: 400 });
    throw e;
  }
}

export async function shipInTransitLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim().slice(0, 32);
  const { headers } = await noticeAndHeaders(request, user);
  let rows: ShipInTransit[] = [];
  let error: string | null = null;
  try {
    rows = await user.call<ShipInTransit[]>({ path: "/tms-ship-in-transit", method: "GET", query: { keyword: keyword || undefined } });
  } catch (e) {
    error = platformMessage(e);
  }
  return json({ rows, keyword, error, now: Date.now() }, { headers });
}

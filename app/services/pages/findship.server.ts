/** Loaders of the bespoke find-ship pages: the map, a ship's find-ship detail, 在途船舶. */
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import type { FindShipDetail, ShipInTransit, ShipMap } from "../../../contract/findship";
import { noticeAndHeaders, platformMessage } from "~/services/page-data.server";
import { PlatformError } from "~/services/platform.server";
import { requirePage } from "~/services/user.server";

const MAP_FILTERS = ["shipType", "minTonnes", "maxTonnes", "empty", "navStatus", "box"] as const;

export async function findShipMapLoader({ request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const values = Object.fromEntries(MAP_FILTERS.map((k) => [k, (url.searchParams.get(k) ?? "").trim().slice(0, 64)])) as Record<(typeof MAP_FILTERS)[number], string>;
  const selectedId = Number(url.searchParams.get("shipId")) || null;
  const { headers } = await noticeAndHeaders(request, user);
  let map: ShipMap = { ships: [], wharves: [] };
  let error: string | null = null;
  try {
    map = await user.call<ShipMap>({ path: "/tms-ship-position/map", method: "GET", query: Object.fromEntries(Object.entries(values).filter(([, v]) => v)) });
  } catch (e) {
    error = platformMessage(e);
  }
  return json({ map, values, selectedId, error }, { headers });
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
    return json({ detail, notice }, { headers });
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

/**
 * Loader and action of 查看监控 (/dispatchManage/checkTheMonitor?freightNo=…): one waybill in brief,
 * how its conveyance is positioned (the GPS device on the vehicle, or the ship's AIS), and the
 * positioning figures from its track. The device is bound and unbound here (device-manage/bind);
 * 解绑 asks first through `?unbind=1`, a dialog that is in the server's HTML, so it works without
 * JavaScript as well.
 */
import { json } from "@remix-run/node";
import { idSchema, type FreightDetail, type GpsDeviceRecord } from "../../../contract/freight";
import { monitorHref } from "~/lib/freight-links";
import { monitorFigures } from "~/lib/monitorFigures";
import { trackSketch } from "~/lib/trackSketch";
import { mapView } from "~/lib/chinaMap.server";

const TRACK_MAP_SIZE = { width: 800, height: 360 };
import { dispatchApi, SELECTOR_PAGE } from "~/services/dispatch.server";
import { freightApi, mayManageFreights } from "~/services/freight.server";
import { noticeAndHeaders, platformMessage, redirectWithNotice } from "~/services/page-data.server";
import { requirePage, type CurrentUser } from "~/services/user.server";
import { readForm } from "~/services/read-form.server";
import { firstPage } from "~/lib/paging";

/** A road waybill's positioning: the device on its vehicle and, when it has none, the organisation's spare ones. */
export interface DevicePositioning {
  kind: "DEVICE";
  device: GpsDeviceRecord | null;
  /** Whether this account may bind and unbind (the platform refuses individual accounts). */
  mayBind: boolean;
  /** Unbound devices of the waybill's organisation to choose from; empty when a device is bound or binding is not allowed. */
  spare: GpsDeviceRecord[];
  spareTotal: number;
  /** The platform's message when the devices could not be read. */
  error: string | null;
}

/** A water waybill's positioning: the ship reports itself through AIS, identified by its MMSI. */
export interface ShipPositioning {
  kind: "AIS";
  shipName: string | null;
  mmsi: string | null;
}

export type MonitorActionData = { intent: "bind" | "unbind" | "unknown"; error: string };

const FIRST_PAGE = firstPage(10);

function freightNoOf(url: URL): string {
  return url.searchParams.get("freightNo")?.trim() ?? "";
}

/** The waybill of the page; 404 when it does not exist or is not the user's. */
async function waybillOf(user: CurrentUser, freightNo: string): Promise<FreightDetail> {
  const detail = await freightApi.detail(user, freightNo);
  if (!detail) throw new Response("运单不存在", { status: 404 });
  return detail;
}

/** The device on a vehicle (at most one), found through the device selector. */
async function deviceOnVehicle(user: CurrentUser, vehicleId: number): Promise<GpsDeviceRecord | null> {
  const page = await dispatchApi.devices(user, { vehicleId }, FIRST_PAGE);
  return page.records.find((d) => d.vehicleId === vehicleId) ?? null;
}

async function devicePositioning(user: CurrentUser, waybill: FreightDetail): Promise<DevicePositioning> {
  const mayBind = mayManageFreights(user) && waybill.vehicleId != null;
  const result: DevicePositioning = { kind: "DEVICE", device: null, mayBind, spare: [], spareTotal: 0, error: null };
  if (waybill.vehicleId == null) return result;
  try {
    result.device = await deviceOnVehicle(user, waybill.vehicleId);
    if (mayBind && !result.device) {
      const spare = await dispatchApi.devices(user, { bound: false, orgId: waybill.orgId }, SELECTOR_PAGE);
      result.spare = spare.records;
      result.spareTotal = spare.total;
    }
  } catch (error) {
    result.error = platformMessage(error);
  }
  return result;
}

async function shipPositioning(user: CurrentUser, waybill: FreightDetail): Promise<ShipPositioning> {
  let mmsi: string | null = null;
  if (waybill.shipName && waybill.shipId != null) {
    try {
      const ships = await dispatchApi.ships(user, waybill.shipName);
      mmsi = ships.records.find((s) => s.id === waybill.shipId)?.mmsi ?? null;
    } catch (error) {
      platformMessage(error);
    }
  }
  return { kind: "AIS", shipName: waybill.shipName, mmsi };
}

/** The waybill fields the page shows. */
function briefOf(d: FreightDetail) {
  const water = d.freightWay === "WATER";
  return {
    freightNo: d.freightNo,
    freightWay: d.freightWay,
    status: d.status,
    orgName: d.orgName,
    carrierName: (water ? d.captainName : d.driverName) ?? "",
    carrierMobile: d.carrierMobile,
    conveyanceName: (water ? d.shipName : d.plateNo) ?? "",
    loadingPlace: d.loadingPlace,
    unloadingPlace: d.unloadingPlace,
    steps: [
      ["派单", d.createdTime],
      ["装货", d.loadingTime],
      ["卸货", d.unloadingTime],
      ["签收", d.signTime],
      ["完成", d.completeTime],
      ...(d.cancelTime ? [["取消", d.cancelTime]] : []),
    ] as Array<[string, string | null]>,
  };
}

export async function loadMonitor(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const freightNo = freightNoOf(url);
  const { notice, headers } = await noticeAndHeaders(request, user);
  if (!freightNo) return json({ freightNo, monitor: null, notice }, { headers });

  const [waybill, track] = await Promise.all([waybillOf(user, freightNo), freightApi.track(user, freightNo)]);
  if (!track) throw new Response("运单不存在", { status: 404 });
  const now = Date.now();
  const figures = monitorFigures(track.points, waybill.status, now);
  const trackMap = track.points.length ? mapView(track.points, { ...TRACK_MAP_SIZE, marginDeg: 0.3, minSpanDeg: 1, waterways: waybill.freightWay === "WATER" }) : null;
  const positioning = waybill.freightWay === "WATER" ? await shipPositioning(user, waybill) : await devicePositioning(user, waybill);
  const askUnbind = url.searchParams.get("unbind") === "1" && positioning.kind === "DEVICE" && positioning.mayBind && !!positioning.device;
  return json(
    {
      freightNo: waybill.freightNo,
      monitor: {
        freight: briefOf(waybill),
        figures,
        totalPoints: track.totalPoints,
        sketch: trackSketch(track.points, figures.gaps, TRACK_MAP_SIZE.width, TRACK_MAP_SIZE.height, trackMap?.frame),
        trackMap,
        positioning,
        checkedAt: new Date(now).toISOString(),
        askUnbind,
      },
      notice,
    },
    { headers },
  );
}

/** The device id of a bind or unbind form; the bind form's empty choice gets its own message. */
function deviceIdOf(form: FormData, intent: "bind" | "unbind"): { id: number } | { error: string } {
  const raw = form.get("deviceId");
  if (typeof raw !== "string" || raw.trim() === "") return { error: intent === "bind" ? "请选择要绑定的设备" : "缺少要解绑的设备" };
  const parsed = idSchema("设备 id").safeParse(raw.trim());
  return parsed.success ? { id: parsed.data } : { error: parsed.error.issues[0]!.message };
}

/** The page's POSTs: bind a spare device to the waybill's vehicle, unbind the device on it. */
export async function monitorAction(request: Request) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "bind" && intent !== "unbind") return json<MonitorActionData>({ intent: "unknown", error: "不支持的操作" }, { status: 400 });
  const waybill = await waybillOf(user, freightNoOf(url));
  const fail = (error: string) => json<MonitorActionData>({ intent, error }, { status: 400 });
  if (waybill.freightWay !== "ROAD" || waybill.vehicleId == null) return fail("水路运单的船舶通过 AIS 定位，不绑定 GPS 设备");
  const deviceId = deviceIdOf(form, intent);
  if ("error" in deviceId) return fail(deviceId.error);

  let notice: string;
  try {
    if (intent === "bind") {
      const device = await dispatchApi.bindDevice(user, deviceId.id, waybill.vehicleId);
      notice = `设备 ${device.deviceNo} 已绑定到车辆 ${device.plateNo ?? waybill.plateNo ?? ""}`;
    } else {
      // Only the device that is on this waybill's vehicle now: a stale page must not unbind another one.
      const current = await deviceOnVehicle(user, waybill.vehicleId);
      if (!current || current.id !== deviceId.id) return fail("该设备已不在本车辆上，请刷新页面后重试");
      await dispatchApi.bindDevice(user, current.id, null);
      notice = `设备 ${current.deviceNo} 已从车辆 ${current.plateNo ?? waybill.plateNo ?? ""} 解绑`;
    }
  } catch (error) {
    return fail(platformMessage(error));
  }
  return redirectWithNotice(user, monitorHref(waybill.freightNo), notice);
}

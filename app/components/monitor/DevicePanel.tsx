import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import type { GpsDeviceRecord } from "../../../contract/freight";
import { Dialog } from "~/components/ui/Dialog";
import { formatDateTime } from "~/lib/format";
import type { DevicePositioning, ShipPositioning } from "~/services/pages/monitor.server";
import { monitorHref } from "~/lib/freight-links";
import { Fields } from "./Fields";

function OnlineTag({ online }: { online: boolean }) {
  return (
    <span className={`inline-block rounded border px-1.5 text-xs leading-5 ${online ? "border-green-300 bg-green-50 text-success" : "border-gray-300 bg-gray-50 text-muted"}`}>
      {online ? "在线" : "离线"}
    </span>
  );
}

function BoundDevice({ device, mayBind, freightNo }: { device: GpsDeviceRecord; mayBind: boolean; freightNo: string }) {
  return (
    <div className="space-y-3" data-testid="monitor-device">
      <Fields
        fields={[
          ["设备号", <b key="no">{device.deviceNo}</b>],
          ["设备型号", device.model],
          ["SIM 卡号", device.simNo],
          ["设备状态", <OnlineTag key="online" online={device.online} />],
          ["绑定车辆", device.plateNo],
          ["绑定时间", formatDateTime(device.boundTime)],
        ]}
      />
      {mayBind ? (
        <Link to={`${monitorHref(freightNo)}&unbind=1`} preventScrollReset className="btn text-danger hover:border-danger hover:text-danger">解绑</Link>
      ) : null}
    </div>
  );
}

function BindForm({ positioning, error }: { positioning: DevicePositioning; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "bind";
  if (positioning.spare.length === 0) return <p className="text-sm text-muted">本企业暂无未绑定的设备，请先采购或解绑其他车辆上的设备。</p>;
  return (
    <Form method="post" preventScrollReset className="space-y-2" aria-label="绑定 GPS 设备">
      <input type="hidden" name="intent" value="bind" />
      <label htmlFor="monitor-device-id" className="block text-sm text-gray-600">选择未绑定的设备</label>
      <div className="flex flex-wrap gap-2">
        <select id="monitor-device-id" name="deviceId" defaultValue="" className={`input w-auto min-w-0 flex-1 sm:max-w-xs ${error ? "input-error" : ""}`} aria-invalid={error ? true : undefined}>
          <option value="">请选择设备</option>
          {positioning.spare.map((d) => (
            <option key={d.id} value={d.id}>
              {d.deviceNo}（{d.model}，{d.online ? "在线" : "离线"}）
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? "绑定中…" : "绑定"}</button>
      </div>
      {positioning.spareTotal > positioning.spare.length ? (
        <p className="text-xs text-muted">共 {positioning.spareTotal} 台未绑定设备，仅列出前 {positioning.spare.length} 台</p>
      ) : null}
    </Form>
  );
}

/** 监控设备 of a road waybill: the GPS device on its vehicle with 解绑, or the form binding one. */
export function DevicePanel({ positioning, conveyanceName, freightNo, error }: { positioning: DevicePositioning; conveyanceName: string; freightNo: string; error: string | null }) {
  const { device, mayBind } = positioning;
  return (
    <section className="card space-y-3" aria-labelledby="monitor-device-title">
      <h2 id="monitor-device-title" className="page-title mb-0">监控设备</h2>
      {positioning.error ? <p className="alert-error" role="alert">{positioning.error}</p> : null}
      {device ? (
        <BoundDevice device={device} mayBind={mayBind} freightNo={freightNo} />
      ) : positioning.error ? null : (
        <>
          <p className="text-sm text-gray-700" data-testid="monitor-no-device">车辆 {conveyanceName || "-"} 未绑定 GPS 设备。</p>
          {mayBind ? <BindForm positioning={positioning} error={error} /> : <p className="text-sm text-muted">个人账号不能绑定设备，请联系所属企业的调度处理。</p>}
        </>
      )}
      {error ? <p className="alert-error" role="alert">{error}</p> : null}
    </section>
  );
}

/** 定位来源 of a water waybill: the ship's AIS, no device to bind. */
export function ShipPanel({ positioning }: { positioning: ShipPositioning }) {
  return (
    <section className="card space-y-3" aria-labelledby="monitor-device-title">
      <h2 id="monitor-device-title" className="page-title mb-0">定位来源</h2>
      <p className="text-sm text-gray-700" data-testid="monitor-ship-source">船舶不绑定 GPS 设备，定位来自船载 AIS（船舶自动识别系统）按 MMSI 上报的位置。</p>
      <Fields
        fields={[
          ["船名", positioning.shipName],
          ["MMSI", positioning.mmsi],
          ["定位方式", "AIS"],
        ]}
      />
    </section>
  );
}

/** The 解绑 confirmation, open from `?unbind=1` (in the server's HTML, so it works without JavaScript). */
export function UnbindDialog({ open, device, freightNo, error }: { open: boolean; device: GpsDeviceRecord | null; freightNo: string; error: string | null }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "unbind";
  const back = monitorHref(freightNo);
  return (
    <Dialog
      open={open && !!device}
      onOpenChange={(next) => {
        if (!next) navigate(back, { preventScrollReset: true, replace: true });
      }}
      title="解绑 GPS 设备"
      data-testid="monitor-unbind-dialog"
      footer={
        <>
          <Link to={back} replace preventScrollReset className="btn">取消</Link>
          <button type="submit" form="monitor-unbind-form" className="btn btn-danger" disabled={busy}>{busy ? "解绑中…" : "确认解绑"}</button>
        </>
      }
    >
      {device ? (
        <Form method="post" id="monitor-unbind-form" preventScrollReset className="space-y-3 whitespace-normal">
          <input type="hidden" name="intent" value="unbind" />
          <input type="hidden" name="deviceId" value={device.id} />
          <p>
            确定将设备 <b>{device.deviceNo}</b> 从车辆 <b>{device.plateNo}</b> 解绑？解绑后该车辆不再上报车载定位，直到重新绑定设备。
          </p>
          {error ? <p className="alert-error" role="alert">{error}</p> : null}
        </Form>
      ) : null}
    </Dialog>
  );
}

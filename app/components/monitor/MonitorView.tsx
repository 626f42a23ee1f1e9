import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { freightDetailHref, monitorHref, trackPlaybackHref } from "~/lib/freight-links";
import { StatusTag } from "~/components/freight/StatusTag";
import { useHydrated } from "~/components/ui/SelectAll";
import { formatDateTime } from "~/lib/format";
import type { loadMonitor, MonitorActionData } from "~/services/pages/monitor.server";
import { DevicePanel, ShipPanel, UnbindDialog } from "./DevicePanel";
import { Fields } from "./Fields";
import { PositioningPanel } from "./PositioningPanel";
import { specialCharacterProps } from "~/lib/special-characters";

/** With JavaScript, an in-transit waybill's figures are reloaded this often while the tab is visible. */
const AUTO_REFRESH_MS = 60_000;

/** The GET form asking for a waybill number (the page without `?freightNo=`, and the not-found page). */
export function FreightNoForm({ defaultValue = "" }: { defaultValue?: string }) {
  return (
    <Form method="get" action="/dispatchManage/checkTheMonitor" className="flex w-full max-w-md flex-wrap items-end gap-2" aria-label="按运单号查看监控">
      <div className="min-w-0 flex-1">
        <label htmlFor="monitor-freight-no" className="mb-1 block text-left text-sm text-gray-600">运单号</label>
        <input id="monitor-freight-no" name="freightNo" defaultValue={defaultValue} required maxLength={32} pattern="[A-Za-z0-9]+" title="运单号由字母和数字组成" className="input" placeholder="请输入运单号" {...specialCharacterProps(true)} />
      </div>
      <button type="submit" className="btn btn-primary">查看监控</button>
    </Form>
  );
}

function useAutoRefresh(enabled: boolean) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const idle = revalidator.state === "idle" && navigation.state === "idle";
  useEffect(() => {
    if (!enabled || !idle) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === "visible") revalidator.revalidate();
    }, AUTO_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [enabled, idle, revalidator]);
}

/** 查看监控: the waybill in brief, its device (or the ship's AIS) and the positioning figures from its track. */
export function MonitorView() {
  const data = useLoaderData<typeof loadMonitor>();
  const actionData = useActionData<MonitorActionData>();
  const hydrated = useHydrated();
  const inTransit = data.monitor?.freight.status === "IN_TRANSIT";
  useAutoRefresh(hydrated && inTransit && !data.monitor?.askUnbind);

  if (!data.monitor) {
    return (
      <section className="card space-y-3" aria-labelledby="monitor-title">
        <h2 id="monitor-title" className="page-title mb-0">查看监控</h2>
        <p className="text-sm text-gray-600">输入运单号查看车辆或船舶的定位监控；也可以在运单列表中点击运单的“监控”。</p>
        {data.notice ? <p className="alert-success" role="status">{data.notice}</p> : null}
        <FreightNoForm />
      </section>
    );
  }

  const { freight: f, figures, positioning, sketch, trackMap, totalPoints, checkedAt, askUnbind } = data.monitor;
  const water = f.freightWay === "WATER";
  const error = actionData && actionData.intent !== "unknown" ? actionData.error : null;
  return (
    <div className="space-y-4">
      <div className="card flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          查看监控
          <span className="font-normal text-gray-600">{f.freightNo}</span>
          <StatusTag status={f.status} />
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-muted" data-testid="monitor-checked-at">
            数据时间 {formatDateTime(checkedAt)}{hydrated && inTransit ? "，每分钟自动刷新" : ""}
          </span>
          <Link to={monitorHref(f.freightNo)} preventScrollReset className="btn">刷新</Link>
          <Link to={trackPlaybackHref(f.freightWay, f.freightNo)} className="btn">轨迹回放</Link>
          <Link to={freightDetailHref(f.freightWay, f.freightNo)} className="btn">运单详情</Link>
        </div>
      </div>
      {data.notice ? <p className="alert-success" role="status">{data.notice}</p> : null}
      {actionData?.intent === "unknown" ? <p className="alert-error" role="alert">{actionData.error}</p> : null}

      <div className="grid gap-4 xl:grid-cols-2">
        <section className="card space-y-3" aria-labelledby="monitor-brief-title">
          <h2 id="monitor-brief-title" className="page-title mb-0">运单概况</h2>
          <Fields
            fields={[
              ["运单号", <Link key="no" to={freightDetailHref(f.freightWay, f.freightNo)} className="text-primary hover:underline">{f.freightNo}</Link>],
              ["状态", <StatusTag key="status" status={f.status} />],
              [water ? "船名" : "车牌号", f.conveyanceName],
              [water ? "船长" : "司机", f.carrierName],
              ["联系电话", f.carrierMobile],
              ["所属企业", f.orgName],
              ["线路", `${f.loadingPlace} → ${f.unloadingPlace}`],
            ]}
          />
          <ol className="flex flex-wrap gap-x-4 gap-y-1 border-t border-gray-100 pt-3 text-xs" aria-label="运单节点">
            {f.steps.map(([label, time]) => (
              <li key={label} className={time ? "text-gray-700" : "text-muted"}>
                <span className="mr-1 font-medium">{label}</span>
                {time ? formatDateTime(time) : "未到"}
              </li>
            ))}
          </ol>
        </section>

        {positioning.kind === "DEVICE" ? (
          <DevicePanel positioning={positioning} conveyanceName={f.conveyanceName} freightNo={f.freightNo} error={askUnbind ? null : error} />
        ) : (
          <ShipPanel positioning={positioning} />
        )}
      </div>

      <PositioningPanel figures={figures} sketch={sketch} trackMap={trackMap} totalPoints={totalPoints} now={Date.parse(checkedAt)} water={water} trackHref={trackPlaybackHref(f.freightWay, f.freightNo)} />

      {positioning.kind === "DEVICE" ? <UnbindDialog open={askUnbind} device={positioning.device} freightNo={f.freightNo} error={askUnbind ? error : null} /> : null}
    </div>
  );
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { knots, navStatusLabel } from "../../contract/findship";
import { COMMUNICATION_CHANNELS, COMMUNICATION_RESULTS, AVAILABILITY_STATES } from "../../contract/resources/findship";
import { NAV_AREAS } from "../../contract/resources/ship";
import { chinaDateTime } from "../../contract/units";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { ShipMap } from "~/components/findship/ShipMap";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { findShipDetailLoader } from "~/services/pages/findship.server";
import { Permission } from "~/components/ui/Permission";

export const loader = (args: LoaderFunctionArgs) => findShipDetailLoader(args);

const label = <T extends Record<string, { label: string }>>(options: T, code: string | null) => (code ? (options[code as keyof T]?.label ?? code) : "—");

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mb-4" aria-label={title}>
      <h3 className="mb-2 border-l-4 border-[var(--theme-color)] pl-2 font-medium">{title}</h3>
      {children}
    </section>
  );
}

/** 找船详情: the ship's public subset, certificate status, position with its 7-day track, notices, the organisation's conversations, completed voyages. */
export default function FindShipDetailsPage() {
  const { detail, view } = useLoaderData<typeof loader>();
  const { ship, position, track } = detail;
  const rows: Array<[string, string]> = [
    ["船名", ship.shipName],
    ["MMSI", ship.mmsi],
    ["船舶类型", ship.shipType],
    ["载重吨", `${kgToTonnes(ship.deadweightKg)} 吨`],
    ["航区", label(NAV_AREAS, ship.navArea)],
    ["船籍港", ship.registryPort ?? "—"],
    ["建造年份", ship.buildYear ?? "—"],
    ["总吨 / 净吨", `${ship.grossTonnage ?? "—"} / ${ship.netTonnage ?? "—"}`],
    ["船东", ship.shipownerName ?? "—"],
    ["成交航次", `${detail.completedVoyages} 次`],
  ];
  return (
    <div className="card">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="page-title mb-0">找船详情 · {ship.shipName}</h2>
        <div className="flex gap-2">
          <span className={`rounded px-2 py-0.5 text-sm ${ship.certified ? "bg-green-50 text-success" : "bg-gray-100 text-muted"}`}>{ship.certified ? "证书已认证" : "证书未认证"}</span>
          <Permission roles={["ORG_USER"]}><Link to="/findShipManage/communicateLog?form=new" className="btn btn-primary">记录沟通</Link></Permission>
          <Link to="/findShipManage/findShipList" className="btn">返回找船列表</Link>
        </div>
      </div>
      <Section title="船舶信息">
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(([k, v]) => (
            <div key={k} className="flex gap-2"><dt className="w-24 shrink-0 text-muted">{k}</dt><dd>{v}</dd></div>
          ))}
        </dl>
      </Section>
      <Section title="位置与近 7 天轨迹">
        {position ? (
          <p className={`mb-2 text-sm ${position.stale ? "text-danger" : ""}`}>
            {navStatusLabel(position.navStatus)} · 航速 {knots(position.sog)} 节 · 目的地 {position.destination ?? "—"} · 预计到港 {position.eta ? chinaDateTime(position.eta) : "—"} · 定位时间 {chinaDateTime(position.recordedAt)}{position.stale ? "（定位过期）" : ""}
          </p>
        ) : <p className="mb-2 text-sm text-muted">暂无定位</p>}
        <div className="max-w-3xl">
          <ShipMap label={`${ship.shipName} 近 7 天轨迹，${track.length} 个定位点`} markers={position ? [{ id: ship.id, lat: position.lat, lng: position.lng, label: ship.shipName, title: ship.shipName, colour: "#16a34a", faded: position.stale }] : []} track={track} selectedId={ship.id} view={view} />
        </div>
      </Section>
      <Section title="空船动态">
        <Table empty="暂无空船动态" head={["空船地点", "空船时间", "意向航线", "可载重量", "期望运价", "联系人", "电话", "浏览/联系", "状态"]} rows={detail.availabilities.map((a) => [a.emptyPort, `${a.emptyFrom} 至 ${a.emptyTo}`, a.toPorts ?? "—", `${kgToTonnes(a.availableLoadKg)} 吨`, a.expectedPriceFen == null ? "—" : `${fenToYuan(a.expectedPriceFen)} 元/吨`, a.contactName, a.contactMobile, `${a.viewCount} / ${a.callCount}`, label(AVAILABILITY_STATES, a.status)])} />
      </Section>
      <Section title="沟通记录">
        <Table empty="本企业与该船暂无沟通记录" head={["时间", "联系人", "电话", "方式", "内容", "结果", "记录人"]} rows={detail.communications.map((c) => [chinaDateTime(c.createdTime), c.contactName, c.contactMobile, label(COMMUNICATION_CHANNELS, c.channel), c.content, label(COMMUNICATION_RESULTS, c.result), c.operatorName])} />
      </Section>
      <Section title="成交历史">
        <Table empty="暂无可查看的已完成水运运单" head={["运单号", "航线", "装货重量", "完成时间"]} rows={detail.deals.map((d) => [d.freightNo, d.route, d.loadedKg == null ? "—" : `${kgToTonnes(d.loadedKg)} 吨`, d.completedAt ? chinaDateTime(d.completedAt) : "—"])} />
      </Section>
    </div>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: string[][]; empty: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <thead><tr>{head.map((h) => <th key={h} scope="col" className="whitespace-nowrap">{h}</th>)}</tr></thead>
        <tbody>
          {rows.length === 0 ? <tr><td colSpan={head.length} className="py-6 text-center text-muted">{empty}</td></tr> : rows.map((r, i) => <tr key={i}>{r.map((c, j) => <td key={j} className="max-w-[20rem]">{c}</td>)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FREIGHT_STATUS_LABELS } from "../../contract/freight";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { footerSums } from "~/lib/footer-sums";
import { f } from "../../contract/resources/kit";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { FieldTable } from "~/components/resource/FieldTable";
import { Pagination } from "~/components/ui/Pagination";
import { loadMyFleet } from "~/services/pages/my-fleet.server";

/** 我的车队: the fleet leader's members, the waybills they drive and his share (分成) of their freight. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMyFleet(request);

const MEMBER_COLUMNS = [
  ["driverName", f.text("司机", 64)],
  ["driverMobile", f.text("手机号", 11)],
  ["plateNo", f.text("车辆", 16)],
  ["joinedAt", f.date("加入日期")],
  ["status", f.enumOf("状态", { ACTIVE: { label: "在队", tone: "success" }, QUIT: { label: "已退出" } })],
  ["collectAuthorized", f.bool("代收授权")],
  ["waybillCount", f.int("运单数", 0, 1_000_000)],
] as const;

const WAYBILL_COLUMNS = [
  ["freightNo", f.text("运单号", 32)],
  ["driverName", f.text("司机", 64)],
  ["conveyanceName", f.text("车辆/船舶", 32)],
  ["route", f.text("线路", 200)],
  ["status", f.enumOf("状态", Object.fromEntries(Object.entries(FREIGHT_STATUS_LABELS).map(([k, label]) => [k, { label }])))],
  ["loadedWeight", { ...f.weightKg("装货重量(吨)", 1_000_000_000), format: (v: number | null | undefined) => (v == null ? "" : kgToTonnes(v)) }],
  ["freightAmount", f.moneyFen("运费(元)", 10_000_000_000)],
  ["share", f.moneyFen("我的分成(元)", 10_000_000_000)],
  ["createdAt", f.datetime("派单时间")],
] as const;

export default function MyFleetPage() {
  const { summary, members, waybills, keyword, refusal } = useLoaderData<typeof loader>();
  if (refusal || !summary || !members || !waybills) {
    return (
      <div className="card space-y-2">
        <h2 className="page-title">我的车队</h2>
        <p className="alert-error" role="alert">{refusal}</p>
      </div>
    );
  }
  const figures: Array<[string, string]> = [
    ["车队成员", `${summary.memberCount} 人`],
    ["成员运单", `${summary.waybillCount} 单`],
    ["在途运单", `${summary.liveWaybillCount} 单`],
    ["已完成运单", `${summary.completedWaybillCount} 单`],
    ["累计分成", `${fenToYuan(summary.shareTotal)} 元`],
  ];
  return (
    <div className="space-y-4">
      <section className="card space-y-3">
        <h2 className="page-title">我的车队 · {summary.fleetName}</h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="fleet-summary">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded border border-gray-200 px-3 py-2">
              <dt className="text-xs text-muted">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card space-y-2">
        <h2 className="font-semibold">车队成员</h2>
        <FieldTable label="车队成员" testId="fleet-members" columns={MEMBER_COLUMNS} records={members.records} />
      </section>
      <section className="card space-y-3">
        <h2 className="font-semibold">成员运单</h2>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm">
            <span>运单号/司机</span>
            <input name="keyword" defaultValue={keyword} maxLength={32} className="input" />
          </label>
          <button type="submit" className="btn btn-primary">查询</button>
        </Form>
        <FieldTable label="成员运单" testId="fleet-waybills" columns={WAYBILL_COLUMNS} records={waybills.records.map((r) => ({ ...r, route: `${String(r.loadingPlace)} → ${String(r.unloadingPlace)}` }))} />
        <Pagination total={waybills.total} current={waybills.current} size={waybills.size} sums={footerSums({ totalFreight: waybills.sums?.freightAmount, share: waybills.sums?.share })} />
      </section>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";

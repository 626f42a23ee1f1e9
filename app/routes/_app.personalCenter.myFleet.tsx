import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { FREIGHT_STATUS_LABELS } from "../../contract/freight";
import { fenToYuan, kgToTonnes } from "~/lib/format";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { MoneyTable, Pager, yuanSums, type Column } from "~/components/money/MoneyKit";
import { loadMyFleet } from "~/services/pages/my-fleet.server";

/** 我的车队: the fleet leader's members, the waybills they drive and his share (分成) of their freight. */
export const loader = ({ request }: LoaderFunctionArgs) => loadMyFleet(request);

const MEMBER_COLUMNS: Column[] = [
  { key: "driverName", label: "司机" },
  { key: "driverMobile", label: "手机号" },
  { key: "plateNo", label: "车辆" },
  { key: "joinedAt", label: "加入日期" },
  { key: "status", label: "状态", labels: { ACTIVE: "在队", QUIT: "已退出" } },
  { key: "collectAuthorized", label: "代收授权", render: (r) => (r.collectAuthorized ? "是" : "否") },
  { key: "waybillCount", label: "运单数" },
];

const WAYBILL_COLUMNS: Column[] = [
  { key: "freightNo", label: "运单号" },
  { key: "driverName", label: "司机" },
  { key: "conveyanceName", label: "车辆/船舶" },
  { key: "route", label: "线路", render: (r) => `${String(r.loadingPlace)} → ${String(r.unloadingPlace)}` },
  { key: "status", label: "状态", render: (r) => FREIGHT_STATUS_LABELS[r.status as keyof typeof FREIGHT_STATUS_LABELS] ?? String(r.status) },
  { key: "loadedWeight", label: "装货重量(吨)", render: (r) => (r.loadedWeight == null ? "" : kgToTonnes(Number(r.loadedWeight))) },
  { key: "freightAmount", label: "运费(元)", kind: "fen" },
  { key: "share", label: "我的分成(元)", kind: "fen" },
  { key: "createdAt", label: "派单时间", kind: "time" },
];

export default function MyFleetPage() {
  const { summary, members, waybills, keyword, refusal } = useLoaderData<typeof loader>();
  if (refusal || !summary || !members || !waybills) {
    return (
      <div className="card space-y-2">
        <h1 className="page-title">我的车队</h1>
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
        <h1 className="page-title">我的车队 · {summary.fleetName}</h1>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="fleet-summary">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded border border-gray-200 px-3 py-2">
              <dt className="text-xs text-gray-500">{label}</dt>
              <dd className="text-lg font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card space-y-2">
        <h2 className="font-semibold">车队成员</h2>
        <MoneyTable testId="fleet-members" rows={members.records} columns={MEMBER_COLUMNS} />
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
        <MoneyTable testId="fleet-waybills" rows={waybills.records} columns={WAYBILL_COLUMNS} />
        <Pager
          page={waybills}
          sums={yuanSums(waybills.sums, [
            ["freightAmount", "运费"],
            ["share", "我的分成"],
          ])}
        />
      </section>
    </div>
  );
}

export const ErrorBoundary = PageErrorBoundary;

/**
 * The sections the appeal pages add to the engine's (申诉详情, 申诉审核) and 提交申诉 shows: the waybill in
 * brief, who dispatched it and the waybill's appeal history. The appeal and its audit are the engine's sections.
 */
import { Link } from "@remix-run/react";
import { AUDIT_RESULT_LABELS, type AppealRecord } from "../../../contract/appeal";
import { FREIGHT_WAY_LABELS, type DispatchInfo, type FreightRecord } from "../../../contract/freight";
import { Section, type Field } from "~/components/freight/FreightDetailView";
import { freightDetailHref } from "~/lib/freight-links";
import { StatusTag } from "~/components/freight/StatusTag";
import { useViewerRoles } from "~/components/ui/Permission";
import { hasPermission } from "~/navigation";
import { fenToYuan, formatDateTime, kgToTonnes } from "~/lib/format";
import { AppealStatusTag } from "./AppealStatusTag";
import { appealDetailHref, APPEAL_ROLES } from "~/lib/appeal-links";
import type { AppealExtra } from "~/services/pages/appeal.server";

const tonnes = (kg: number | null) => (kg == null ? "-" : `${kgToTonnes(kg)} 吨`);

/** The waybill as it is now, with its risk flag. */
export function WaybillBrief({ waybill: w }: { waybill: FreightRecord }) {
  const water = w.freightWay === "WATER";
  const fields: Field[] = [
    ["运单号", <Link key="no" to={freightDetailHref(w.freightWay, w.freightNo)} className="text-primary hover:underline">{w.freightNo}</Link>],
    ["运输方式", FREIGHT_WAY_LABELS[w.freightWay]],
    ["运单状态", <StatusTag key="status" status={w.status} />],
    ["所属企业", w.orgName],
    ["货物品类", w.cargoCategory],
    [water ? "船长" : "司机", water ? w.captainName : w.driverName],
    [water ? "船名" : "车牌号", water ? w.shipName : w.plateNo],
    ["装卸地", `${w.loadingPlace} → ${w.unloadingPlace}`],
    ["装货重量", tonnes(w.loadedWeight)],
    ["卸货重量", tonnes(w.unloadedWeight)],
    ["卸货时间", formatDateTime(w.unloadingTime)],
    [
      "风险标记",
      w.abnormal ? (
        <span key="risk" className="text-danger" data-testid="waybill-risk">{w.abnormalReason ?? "异常"}</span>
      ) : (
        <span key="risk" className="text-success" data-testid="waybill-risk">无</span>
      ),
    ],
  ];
  return <Section id="appeal-waybill" title="运单信息" fields={fields} />;
}

/** The spec's dispatch-info call: who dispatched the waybill to whom. */
export function DispatchSection({ dispatch: d }: { dispatch: DispatchInfo }) {
  const water = d.freightWay === "WATER";
  const fields: Field[] = [
    ["调度人", d.dispatcherName],
    ["派单时间", formatDateTime(d.dispatchTime)],
    ["订单号", d.orderNo],
    [water ? "船长" : "司机", d.carrierName],
    ["联系电话", d.carrierMobile],
    [water ? "船名" : "车牌号", d.conveyanceName],
    ["计划重量", tonnes(d.plannedWeight)],
    ["运价", `${fenToYuan(d.unitPrice)} 元/吨`],
    ["装卸地", `${d.loadingPlace} → ${d.unloadingPlace}`],
  ];
  return <Section id="appeal-dispatch" title="派单信息" fields={fields} />;
}

/** Every appeal of the waybill, newest first; `current` is marked. */
export function AppealHistory({ appeals, current }: { appeals: AppealRecord[]; current?: number }) {
  const canOpen = hasPermission(useViewerRoles(), APPEAL_ROLES.detail);
  return (
    <Section id="appeal-history" title="申诉记录">
      {appeals.length === 0 ? (
        <p className="text-sm text-muted">该运单暂无申诉记录</p>
      ) : (
        <ol className="relative ml-2 border-l border-gray-200" data-testid="appeal-history">
          {appeals.map((a) => (
            <li key={a.id} className="mb-4 ml-4 last:mb-0" data-appeal-no={a.appealNo}>
              <span className="absolute -left-[5px] mt-1.5 h-2.5 w-2.5 rounded-full bg-primary" aria-hidden />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {a.id === current ? (
                  <b>{a.appealNo}（本申诉）</b>
                ) : canOpen ? (
                  <Link to={appealDetailHref(a.id)} className="text-primary hover:underline">{a.appealNo}</Link>
                ) : (
                  <span>{a.appealNo}</span>
                )}
                <AppealStatusTag status={a.status} />
                <span className="text-muted">{a.submittedByName} 提交于 {formatDateTime(a.submittedTime)}</span>
              </div>
              <p className="mt-0.5 line-clamp-2 break-words text-sm text-gray-600" title={a.reason}>{a.reason}</p>
              {a.status !== "PENDING" ? (
                <p className="mt-0.5 break-words text-sm text-muted">
                  {a.auditedByName} {AUDIT_RESULT_LABELS[a.status]}于 {formatDateTime(a.auditedTime)}
                  {a.auditRemark ? `：${a.auditRemark}` : ""}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** 申诉详情 and 申诉审核's own sections, below the engine's: the waybill, its dispatch and its appeals. */
export function AppealExtraSections({ extra, current }: { extra: AppealExtra; current: number }) {
  return (
    <>
      <WaybillBrief waybill={extra.freight} />
      <DispatchSection dispatch={extra.dispatch} />
      <AppealHistory appeals={extra.history} current={current} />
    </>
  );
}

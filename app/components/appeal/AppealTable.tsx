import { RowActionMenu } from "~/components/ui/RowActionMenu";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AppealRecord } from "../../../contract/appeal";
import { FREIGHT_WAY_LABELS } from "../../../contract/freight";
import { freightDetailHref } from "~/lib/freight-links";
import { appeal } from "../../../contract/resources/appeal";
import { formatDateTime } from "~/lib/format";
import { rowAllows } from "~/pages/kit";
import { AppealStatusTag } from "./AppealStatusTag";
import { appealAuditHref, appealDetailHref } from "~/lib/appeal-links";

/** The 操作 column stays in view while the table scrolls sideways (as in the waybill table). */

/**
 * The appeal list's table: number, waybill (to its detail page), way, risk, explanation (cut short,
 * whole on hover), status, who and when; 详情 and 审核 as the platform allows each row (its `actions`).
 */
export function AppealTable({ records, empty }: { records: AppealRecord[]; empty: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="table" aria-label="风险申诉列表">
        <thead>
          <tr>
            <th scope="col">申诉单号</th>
            <th scope="col">运单号</th>
            <th scope="col">运输方式</th>
            <th scope="col">风险原因</th>
            <th scope="col">申诉说明</th>
            <th scope="col">状态</th>
            <th scope="col">提交人</th>
            <th scope="col">提交时间</th>
            <th scope="col">审核时间</th>
            <th scope="col" className="col-actions">操作</th>
          </tr>
        </thead>
        <tbody>
          {records.length === 0 ? (
            <tr>
              <td colSpan={10} className="py-12 text-center text-gray-400">{empty}</td>
            </tr>
          ) : (
            records.map((a) => (
              <tr key={a.id} data-testid="appeal-row" data-appeal-no={a.appealNo} data-freight-no={a.freightNo} data-status={a.status}>
                <td className="whitespace-nowrap">{a.appealNo}</td>
                <td className="whitespace-nowrap">
                  <Link to={freightDetailHref(a.freightWay, a.freightNo)} className="text-primary hover:underline">{a.freightNo}</Link>
                </td>
                <td className="whitespace-nowrap">{FREIGHT_WAY_LABELS[a.freightWay]}</td>
                <td className="min-w-[9rem] max-w-[12rem] text-red-600">{a.riskReason}</td>
                <td className="max-w-[12rem]">
                  <span className="block truncate" title={a.reason}>{a.reason}</span>
                </td>
                <td><AppealStatusTag status={a.status} /></td>
                <td className="whitespace-nowrap">{a.submittedByName}</td>
                <td className="whitespace-nowrap">{formatDateTime(a.submittedTime)}</td>
                <td className="whitespace-nowrap">{formatDateTime(a.auditedTime)}</td>
                <td className="col-actions">
                  <RowActionMenu label={a.appealNo}>
                    {a.actions.includes("detail") ? <Link to={appealDetailHref(a.id)} className="btn-link" aria-label={`申诉 ${a.appealNo} 详情`}>详情</Link> : null}
                    {rowAllows(appeal, a.actions, "audit") ? (
                      <Link to={appealAuditHref(a.id)} className="btn-link" aria-label={`审核申诉 ${a.appealNo}`}>审核</Link>
                    ) : null}
                  </RowActionMenu>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

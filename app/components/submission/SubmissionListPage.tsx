import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import { f } from "../../../contract/resources/kit";
import { MESSAGE_TYPES, REPORT_STATUSES, REPORT_TARGETS, WAY_MESSAGES, type ReportWaybillRow } from "../../../contract/submission";
import { FieldTable } from "~/components/resource/FieldTable";
import { BulkConfirmDialog, BulkForm, RowCheckbox, type BulkData } from "~/components/resource/BulkSelection";
import { FilterBar, PageFrame } from "~/components/ui/PageFrame";
import { Pagination } from "~/components/ui/Pagination";
import { RowActionMenu } from "~/components/ui/RowActionMenu";
import { SUBMIT_SELECTED } from "~/lib/submission-actions";
import type { submissionListLoader } from "~/services/pages/submission.server";
import { waybillColumns, type Way } from "./columns";

const SELECTION = [SUBMIT_SELECTED];

/** A table row: the waybill's values, each of its messages' status under the message type, and the overdue note. */
type Row = ReportWaybillRow & Record<string, unknown> & { id: number };
const rowOf = (row: ReportWaybillRow): Row => ({
  ...row,
  ...Object.fromEntries(Object.entries(row.messages).map(([type, message]) => [type, message?.status])),
  // A held message (待修正) names the field and the reason under its status.
  ...Object.fromEntries(Object.entries(row.messages).map(([type, message]) => [`${type}Note`, message?.status === "CHECK_FAILED" ? message.message : null])),
  id: row.freightId,
  overdueNote: row.overdue ? "超时未上报" : null,
});

/** The columns of a way: the waybill, then one status per message type in report order, then its marks. */
function columnsOf(way: Way) {
  const messages = Object.values(WAY_MESSAGES[way]).map((type) => [type, f.enumOf(MESSAGE_TYPES[type].short, REPORT_STATUSES)] as const);
  return [...waybillColumns(way), ...messages, ["markedAbnormal", f.bool("标记异常")], ["lastAttemptAt", f.datetime("最近上报")]] as const;
}

/** A message's cell names its type and carries its last platform message as the tooltip. */
const messageCells = (way: Way) =>
  Object.fromEntries(
    Object.values(WAY_MESSAGES[way]).map((type) => [type, (record: Record<string, unknown>) => {
      const message = (record as Row).messages[type];
      return message ? { "data-message": type, title: message.message ?? undefined } : {};
    }]),
  );

/** 对接状态 of the target, with 恢复 when it is paused. */
function TargetState({ state }: { state: NonNullable<ReturnType<typeof useLoaderData<typeof submissionListLoader>>["state"]> }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600" data-testid="target-state">
      <span>对接状态：{state.enabled ? (state.paused ? <b className="text-danger">已暂停（{state.pausedReason}）</b> : "正常") : "未启用"}</span>
      <span>自动上报：{state.autoReport ? "开" : "关"}</span>
      <span>最近成功：{chinaDateTime(state.lastSuccessAt) || "—"}</span>
      <span>待上报 {state.queue.PENDING ?? 0} · 失败 {state.queue.FAILED ?? 0} · {REPORT_STATUSES.CHECK_FAILED.label} {state.queue.CHECK_FAILED ?? 0}</span>
      {state.paused ? (
        <Form method="post"><button name="intent" value="resume" className="btn">恢复</button></Form>
      ) : null}
    </div>
  );
}

/** 安徽省平台对接 / 物润推送: one row per waybill with the status of each of its messages (domain 8.6). */
export function SubmissionListPage() {
  const { target, data, notice, searchError, state, bulk, ticked, listHref, tabs } = useLoaderData<typeof submissionListLoader>();
  const actionData = useActionData<{ error?: string | null }>();
  const spec = REPORT_TARGETS[target];
  const water = spec.way === "WATER";
  const detailHref = (record: Record<string, unknown>) => `${spec.detail}${spec.detail.includes("?") ? "&" : "?"}freightId=${String(record.freightId)}`;
  const rows = data.records.map(rowOf);
  return (
    <PageFrame title={spec.label} notice={notice} toolbar={state ? <TargetState state={state} /> : null}>
      {tabs.length > 1 ? (
        <nav className="flex gap-4 text-sm" aria-label="对接目标">
          {tabs.map((code) => (code === target ? <b key={code} aria-current="page">{REPORT_TARGETS[code].label}</b> : <Link key={code} to={REPORT_TARGETS[code].page}>{REPORT_TARGETS[code].label}</Link>))}
        </nav>
      ) : null}
      <FilterBar
        filters={[
          { name: "keyword", label: "运单号/订单号" },
          { name: "carrier", label: water ? "船长/船名" : "司机/车牌" },
          { name: "status", label: `${MESSAGE_TYPES[WAY_MESSAGES[spec.way].waybill].label}状态`, options: REPORT_STATUSES },
          { name: "abnormal", label: "标记异常", options: { 1: "是", 0: "否" } },
          { name: "complete", label: "完成日期", kind: "dateRange" },
          { name: "overdue", label: "超时未上报", kind: "flag" },
        ]}
      />
      {searchError ? <p className="alert-error" role="alert">{searchError}</p> : null}
      <div className="card">
        {/* The table holds each row's 上报 form, so the selection's form stands outside it; the checkboxes join it by id. */}
        <div className="flex flex-wrap items-start gap-2">
          <BulkForm bulk={SELECTION} id="bulk-submit" label="选择上报运单" />
          <Form method="post">
            <button className="btn" name="intent" value="retryFailed">重试全部失败</button>
          </Form>
        </div>
        <FieldTable
          label={spec.label}
          columns={columnsOf(spec.way)}
          records={rows}
          empty="没有符合条件的运单"
          leading={(r) => <RowCheckbox bulk={SELECTION} record={r as Row} title={String(r.freightNo)} ticked={ticked} form="bulk-submit" />}
          cellLinks={{ freightNo: detailHref }}
          cellNotes={{ freightNo: "overdueNote", ...Object.fromEntries(Object.values(WAY_MESSAGES[spec.way]).map((type) => [type, `${type}Note`])) }}
          rowAttributes={(r) => ({ "data-testid": "report-row", className: r.overdue ? "bg-red-50" : undefined })}
          cellAttributes={messageCells(spec.way)}
          trailing={[
            {
              label: "操作",
              cell: (r) => (
                <RowActionMenu label={String(r.freightNo)}>
                  {(r as Row).actions.includes("submit") ? (
                    <Form method="post" className="inline">
                      <input type="hidden" name="freightId" value={String(r.freightId)} />
                      <button className="btn-link" name="intent" value="submit">上报</button>
                    </Form>
                  ) : null}
                  <Link to={detailHref(r)}>详情</Link>
                </RowActionMenu>
              ),
            },
          ]}
        />
        <Pagination total={data.total} current={data.current} size={data.size} selectedCount={bulk?.rows.length} />
      </div>
      {bulk ? <BulkConfirmDialog bulk={SUBMIT_SELECTED} data={bulk as unknown as BulkData} closeHref={listHref} error={actionData?.error} /> : null}
    </PageFrame>
  );
}

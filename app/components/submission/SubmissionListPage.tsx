import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import { MESSAGE_TYPES, REPORT_STATUS_OPTIONS, REPORT_STATUSES, REPORT_TARGETS, WAY_MESSAGES, type MessageType } from "../../../contract/submission";
import { StatusTag } from "~/components/resource/StatusTag";
import { Pagination } from "~/components/ui/Pagination";
import { BulkConfirmDialog, BulkForm, RowCheckbox, type BulkData } from "~/components/resource/BulkSelection";
import { SUBMIT_SELECTED } from "~/lib/submission-actions";
import type { submissionListLoader } from "~/services/pages/submission.server";

/** 安徽省平台对接 / 物润推送: one row per waybill with the status of each of its messages (domain 8.6). */
export function SubmissionListPage() {
  const { target, values, data, notice, searchError, state, bulk, ticked, listHref } = useLoaderData<typeof submissionListLoader>();
  const actionData = useActionData<{ error?: string | null }>();
  const spec = REPORT_TARGETS[target];
  const kinds = WAY_MESSAGES[spec.way];
  const columns: MessageType[] = [kinds.person, kinds.conveyance, kinds.waybill, kinds.capital];
  const detailHref = (freightId: number) => `${spec.detail}?freightId=${freightId}`;
  const selection = [SUBMIT_SELECTED];
  return (
    <section className="card" aria-labelledby="submission-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="submission-title" className="page-title mb-0">{spec.label}</h2>
        {state ? (
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600" data-testid="target-state">
            <span>对接状态：{state.enabled ? (state.paused ? <b className="text-red-600">已暂停（{state.pausedReason}）</b> : "正常") : "未启用"}</span>
            <span>自动上报：{state.autoReport ? "开" : "关"}</span>
            <span>最近成功：{chinaDateTime(state.lastSuccessAt) || "—"}</span>
            <span>待上报 {state.queue.PENDING ?? 0} · 失败 {state.queue.FAILED ?? 0} · 校验失败 {state.queue.CHECK_FAILED ?? 0}</span>
            {state.paused ? (
              <Form method="post"><button name="intent" value="resume" className="btn">恢复</button></Form>
            ) : null}
          </div>
        ) : null}
      </div>
      <Form method="get" className="mb-3 grid grid-cols-2 gap-2 md:grid-cols-4 lg:grid-cols-6" aria-label="查询条件">
        <label className="text-sm">运单号/订单号<input className="input" name="keyword" defaultValue={values.keyword} /></label>
        <label className="text-sm">{spec.way === "WATER" ? "船长/船名" : "司机/车牌"}<input className="input" name="carrier" defaultValue={values.carrier} /></label>
        <label className="text-sm">{MESSAGE_TYPES[kinds.waybill].label}状态
          <select className="input" name="status" defaultValue={values.status}>
            <option value="">全部</option>
            {REPORT_STATUS_OPTIONS.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
          </select>
        </label>
        <label className="text-sm">标记异常
          <select className="input" name="abnormal" defaultValue={values.abnormal}>
            <option value="">全部</option><option value="1">是</option><option value="0">否</option>
          </select>
        </label>
        <label className="text-sm">完成日期起<input className="input" type="date" name="completeFrom" defaultValue={values.completeFrom} /></label>
        <label className="text-sm">完成日期止<input className="input" type="date" name="completeTo" defaultValue={values.completeTo} /></label>
        <label className="flex items-center gap-1 text-sm"><input type="checkbox" name="overdue" value="1" defaultChecked={values.overdue === "1"} />超时未上报</label>
        <div className="flex items-end gap-2"><button className="btn btn-primary" type="submit">查询</button><Link className="btn" to={spec.page}>重置</Link></div>
      </Form>
      {notice ? <p className="alert-success mb-3" role="status">{notice}</p> : null}
      {searchError ? <p className="alert-error mb-3" role="alert">{searchError}</p> : null}
      <div className="flex flex-wrap items-start gap-2">
        <BulkForm bulk={selection} id="bulk-submit" label="选择上报运单" />
        <Form method="post">
          <button className="btn" name="intent" value="retryFailed">重试全部失败</button>
        </Form>
      </div>
      <div className="overflow-x-auto">
        <table className="table">
          <thead>
            <tr>
              <th><span className="sr-only">选择</span></th>
              <th>运单号</th><th>订单号</th><th>{spec.way === "WATER" ? "船长" : "司机"}</th><th>{spec.way === "WATER" ? "船名" : "车牌"}</th><th>完成时间</th>
              {columns.map((c) => <th key={c}>{MESSAGE_TYPES[c].short}</th>)}
              <th>标记异常</th><th>最近上报</th><th>操作</th>
            </tr>
          </thead>
          <tbody>
            {data.records.length === 0 ? (
              <tr><td colSpan={columns.length + 9} className="py-8 text-center text-gray-500">没有符合条件的运单</td></tr>
            ) : (
              data.records.map((row) => (
                <tr key={row.freightId} data-testid="report-row" className={row.overdue ? "bg-red-50" : undefined}>
                  <td><RowCheckbox bulk={selection} record={{ ...row, id: row.freightId }} title={row.freightNo} ticked={ticked} form="bulk-submit" /></td>
                  <td><Link className="text-primary hover:underline" to={detailHref(row.freightId)}>{row.freightNo}</Link>{row.overdue ? <span className="ml-1 text-xs text-red-600">超时未上报</span> : null}</td>
                  <td>{row.orderNo}</td><td>{row.carrierName}</td><td>{row.conveyanceName}</td><td>{chinaDateTime(row.completeTime)}</td>
                  {columns.map((c) => {
                    const m = row.messages[c];
                    if (!m) return <td key={c} className="text-gray-400">—</td>;
                    const s = REPORT_STATUSES[m.status];
                    return <td key={c} title={m.message ?? undefined} data-message={c}><StatusTag label={s.label} tone={s.tone} value={m.status} /></td>;
                  })}
                  <td>{row.markedAbnormal ? <span className="text-red-600">是</span> : "否"}</td>
                  <td>{chinaDateTime(row.lastAttemptAt) || "—"}</td>
                  <td className="whitespace-nowrap">
                    {row.actions.includes("submit") ? (
                      <Form method="post" className="inline">
                        <input type="hidden" name="freightId" value={row.freightId} />
                        <button className="btn-link" name="intent" value="submit">上报</button>
                      </Form>
                    ) : null}
                    <Link className="btn-link" to={detailHref(row.freightId)}>详情</Link>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination total={data.total} current={data.current} size={data.size} selectedCount={bulk?.rows.length} />
      {bulk ? <BulkConfirmDialog bulk={SUBMIT_SELECTED} data={bulk as unknown as BulkData} closeHref={listHref} error={actionData?.error} /> : null}
    </section>
  );
}

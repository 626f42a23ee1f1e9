import { Form, Link, useLoaderData } from "@remix-run/react";
import { chinaDateTime } from "../../../contract/units";
import { ATTEMPT_OUTCOMES, MESSAGE_TYPES, REPORT_STATUSES } from "../../../contract/submission";
import { StatusTag } from "~/components/resource/StatusTag";
import type { submissionDetailLoader } from "~/services/pages/submission.server";

/** Where the data of each message lives: the report page never edits data itself (domain 8.6). */
const SOURCE_PAGES: Record<string, string> = {
  DRIVER: "/userInfoManage/driverList",
  VEHICLE: "/userInfoManage/carList",
  CREW: "/userInfoManage/captainList",
  SHIP: "/userInfoManage/shipList",
};

/** 对接详情: per message a panel with its status, field checks, payload and attempts; 重新上报 and 标记异常. */
export function SubmissionDetailPage() {
  const { detail, notice, listHref } = useLoaderData<typeof submissionDetailLoader>();
  return (
    <div className="flex flex-col gap-3">
      <section className="card flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="page-title mb-1">对接详情 · {detail.freightNo}</h2>
          <p className="text-sm text-gray-600">订单号 {detail.orderNo} · {detail.carrierName} · {detail.conveyanceName} · 完成时间 {chinaDateTime(detail.completeTime)}</p>
        </div>
        <div className="flex gap-2">
          <Link className="btn" to={`/dispatchManage/waybillDetail?freightNo=${detail.freightNo}`}>编辑源数据（运单）</Link>
          <Link className="btn" to={listHref}>返回列表</Link>
        </div>
      </section>
      {notice ? <p className="alert-success" role="status">{notice}</p> : null}
      {detail.records.map((record) => {
        const s = REPORT_STATUSES[record.status];
        const waybill = record.freightId != null;
        return (
          <section key={record.id} className="card" aria-label={MESSAGE_TYPES[record.messageType].label} data-testid={`record-${record.messageType}`}>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">
                {MESSAGE_TYPES[record.messageType].label} <span className="text-xs text-gray-500">{MESSAGE_TYPES[record.messageType].document} · {record.recordNo} · {record.bizNo}</span>{" "}
                <StatusTag label={s.label} tone={s.tone} value={record.status} />
                {record.markedAbnormal ? <span className="ml-2 text-xs text-red-600">已标记异常：{record.markRemark}</span> : null}
              </h3>
              <div className="flex flex-wrap items-center gap-2">
                {record.resubmit ? (
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="recordId" value={record.id} />
                    {record.resubmit.reasonRequired ? <input className="input w-40" name="reason" placeholder="重新上报原因（必填）" aria-label="重新上报原因" required /> : <input type="hidden" name="reason" value="" />}
                    <button className={record.resubmit.label === "重新上报" ? "btn btn-primary" : "btn"} name="intent" value="resubmit">{record.resubmit.label}</button>
                  </Form>
                ) : null}
                {waybill ? (
                  <Form method="post" className="flex items-center gap-1">
                    <input type="hidden" name="recordId" value={record.id} />
                    {record.markedAbnormal ? (
                      <button className="btn" name="intent" value="unmark">取消异常</button>
                    ) : (
                      <>
                        <input className="input w-40" name="remark" placeholder="异常备注" aria-label="异常备注" required />
                        <button className="btn" name="intent" value="mark">标记异常</button>
                      </>
                    )}
                  </Form>
                ) : SOURCE_PAGES[record.messageType] ? (
                  <Link className="btn" to={SOURCE_PAGES[record.messageType]!}>编辑源数据</Link>
                ) : null}
              </div>
            </div>
            {record.lastResultMessage ? (
              <p className={`mb-2 text-sm ${record.status === "FAILED" || record.status === "CHECK_FAILED" ? "text-amber-700" : "text-gray-600"}`} data-testid="last-result">
                最近返回：{record.lastResultCode ? `${record.lastResultCode} ` : ""}{record.lastResultMessage}
              </p>
            ) : null}
            <details open={record.status === "CHECK_FAILED"}>
              <summary className="cursor-pointer text-sm text-primary">报文字段与本地校验（{record.checkResult.filter((c) => !c.ok).length} 项未通过）</summary>
              <table className="table mt-2">
                <thead><tr><th>监管平台字段</th><th>中文</th><th>本系统字段</th><th>必填</th><th>上传值</th><th>本地校验</th><th>错误内容</th></tr></thead>
                <tbody>
                  {record.checkResult.map((c, i) => (
                    <tr key={i}>
                      <td className="font-mono text-xs">{c.ministryField}</td><td>{c.label}</td><td className="text-xs text-gray-500">{c.sourceField}</td><td>{c.required ? "是" : "否"}</td>
                      <td className="break-all">{c.value}</td><td>{c.ok ? <span className="text-green-700">通过</span> : <span className="text-red-600">不通过</span>}</td><td className="text-red-600">{c.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
            <h4 className="mb-1 mt-3 text-sm font-medium">上报尝试</h4>
            {record.attempts.length === 0 ? (
              <p className="text-sm text-gray-500">尚未上报</p>
            ) : (
              <table className="table">
                <thead><tr><th>次数</th><th>时间</th><th>报文参考号</th><th>HTTP</th><th>返回码</th><th>返回信息</th><th>结果</th><th>耗时</th><th>操作人</th></tr></thead>
                <tbody>
                  {record.attempts.map((a) => (
                    <tr key={a.id} data-testid="attempt">
                      <td>{a.attemptNo}</td><td>{chinaDateTime(a.sentAt)}</td><td className="font-mono text-xs">{a.messageReferenceNumber}</td><td>{a.httpStatus ?? "—"}</td>
                      <td>{a.resultCode ?? "—"}</td><td>{a.resultMessage}</td><td>{ATTEMPT_OUTCOMES[a.outcome]}</td><td>{a.durationMs} ms</td><td>{a.operatorName ?? "自动"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}

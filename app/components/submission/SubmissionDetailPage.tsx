import { Form, Link, useLoaderData } from "@remix-run/react";
import { f } from "../../../contract/resources/kit";
import { ATTEMPT_OUTCOMES, MESSAGE_TYPES, REPORT_STATUSES, REPORT_TARGETS, type ReportRecordView } from "../../../contract/submission";
import { FieldFacts, FieldTable } from "~/components/resource/FieldTable";
import { StatusTag } from "~/components/resource/StatusTag";
import { PageFrame } from "~/components/ui/PageFrame";
import type { submissionDetailLoader } from "~/services/pages/submission.server";
import { waybillColumns } from "./columns";

/** Where the data of each message lives: the report page never edits data itself (domain 8.6). */
const SOURCE_PAGES: Record<string, string> = {
  DRIVER: "/userInfoManage/driverList",
  VEHICLE: "/userInfoManage/carList",
  CREW: "/userInfoManage/captainList",
  SHIP: "/userInfoManage/shipList",
};

const TEXT = 64;
const LONG_TEXT = 2000;
const CHECK_COLUMNS = [
  ["ministryField", f.text("监管平台字段", TEXT)],
  ["label", f.text("中文", TEXT)],
  ["sourceField", f.text("本系统字段", TEXT)],
  ["required", f.bool("必填")],
  ["value", f.text("上传值", LONG_TEXT)],
  ["check", f.enumOf("本地校验", { PASS: { label: "通过", tone: "success" }, FAIL: { label: "不通过", tone: "error" } })],
  ["message", f.text("错误内容", LONG_TEXT)],
] as const;
// The outcome is plain text: the record's status is the one tag of a panel.
const ATTEMPT_COLUMNS = [
  ["attemptNo", f.int("次数", 1, Number.MAX_SAFE_INTEGER)],
  ["sentAt", f.datetime("时间")],
  ["messageReferenceNumber", f.text("报文参考号", TEXT)],
  ["httpStatus", f.int("HTTP", 0, 999)],
  ["resultCode", f.text("返回码", TEXT)],
  ["resultMessage", f.text("返回信息", LONG_TEXT)],
  ["outcome", f.enumOf("结果", Object.fromEntries(Object.entries(ATTEMPT_OUTCOMES).map(([code, label]) => [code, { label }])))],
  ["durationMs", f.int("耗时", 0, Number.MAX_SAFE_INTEGER, { unit: "ms" })],
  ["operatorName", f.text("操作人", TEXT, { empty: "自动" })],
] as const;

/** A record's own actions: 立即上报 / 重新上报 as `resubmit` offers, 标记异常 on a waybill's messages, else the way to its source data. */
function RecordActions({ record }: { record: Pick<ReportRecordView, "id" | "freightId" | "messageType" | "markedAbnormal" | "resubmit"> }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {record.resubmit ? (
        <Form method="post" className="flex items-center gap-1">
          <input type="hidden" name="recordId" value={record.id} />
          {record.resubmit.reasonRequired ? <input className="input w-40" name="reason" placeholder="重新上报原因（必填）" aria-label="重新上报原因" required /> : <input type="hidden" name="reason" value="" />}
          <button className={record.resubmit.label === "重新上报" ? "btn btn-primary" : "btn"} name="intent" value="resubmit">{record.resubmit.label}</button>
        </Form>
      ) : null}
      {record.freightId != null ? (
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
  );
}

/** 对接详情: per message a panel with its status, field checks, payload and attempts; 重新上报 and 标记异常. */
export function SubmissionDetailPage() {
  const { target, detail, notice, listHref } = useLoaderData<typeof submissionDetailLoader>();
  // The title names the waybill; the facts are the rest of its list row.
  const facts = waybillColumns(REPORT_TARGETS[target].way).slice(1);
  const toolbar = (
    <>
      <Link className="btn" to={`/dispatchManage/waybillDetail?freightNo=${detail.freightNo}`}>编辑源数据（运单）</Link>
      <Link className="btn" to={listHref}>返回列表</Link>
    </>
  );
  return (
    <PageFrame title={`对接详情 · ${detail.freightNo}`} notice={notice} toolbar={toolbar}>
      <section className="card" aria-label="运单">
        <FieldFacts columns={facts} record={detail} />
      </section>
      {detail.records.map((record) => {
        const type = MESSAGE_TYPES[record.messageType];
        const status = REPORT_STATUSES[record.status];
        const failed = record.checkResult.filter((c) => !c.ok).length;
        return (
          <section key={record.id} className="card" aria-label={type.label} data-testid={`record-${record.messageType}`}>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-medium">
                {type.label} <span className="text-xs text-muted">{type.document} · {record.recordNo} · {record.bizNo}</span>{" "}
                <StatusTag label={status.label} tone={status.tone} value={record.status} />
                {record.markedAbnormal ? <span className="ml-2 text-xs text-danger">已标记异常：{record.markRemark}</span> : null}
              </h3>
              <RecordActions record={record} />
            </div>
            {record.lastResultMessage ? (
              <p className={`mb-2 text-sm ${record.status === "FAILED" || record.status === "CHECK_FAILED" ? "text-warning" : "text-gray-600"}`} data-testid="last-result">
                最近返回：{record.lastResultCode ? `${record.lastResultCode} ` : ""}{record.lastResultMessage}
              </p>
            ) : null}
            <details open={record.status === "CHECK_FAILED"}>
              <summary className="cursor-pointer text-sm text-primary">报文字段与本地校验（{failed} 项未通过）</summary>
              <FieldTable label={`${type.label}报文字段`} columns={CHECK_COLUMNS} records={record.checkResult.map((c) => ({ ...c, check: c.ok ? "PASS" : "FAIL" }))} />
            </details>
            <h4 className="mb-1 mt-3 text-sm font-medium">上报尝试</h4>
            <FieldTable label={`${type.label}上报尝试`} columns={ATTEMPT_COLUMNS} records={record.attempts} empty="尚未上报" rowAttributes={() => ({ "data-testid": "attempt" })} />
          </section>
        );
      })}
    </PageFrame>
  );
}

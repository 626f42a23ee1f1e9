import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { FilterBar, formatTime, Pager, SelectFilter, Table, TextFilter, USER_TYPE_LABELS } from "~/components/iam/kit";
import { titled } from "~/lib/meta";
import { operateLogLoader } from "~/services/pages/iam.server";

export const meta = titled("操作日志");
export const loader = ({ request }: LoaderFunctionArgs) => operateLogLoader(request);

const KINDS = { CLICK: "点击", API: "接口写操作", LOGIN: "登录", SENSITIVE_VIEW: "查看敏感信息" };

/** 操作日志 (domain 6.15): who did what, when and from where; never editable. */
export default function OperateLogPage() {
  const { page, filter } = useLoaderData<typeof loader>();
  return (
    <section className="card" aria-labelledby="log-title">
      <h2 id="log-title" className="page-title">操作日志</h2>
      <FilterBar resetTo="/system/operateLog">
        <TextFilter name="userName" label="操作人" value={filter.userName} />
        <TextFilter name="mobile" label="手机号" value={filter.mobile} />
        <TextFilter name="module" label="模块" value={filter.module} />
        <SelectFilter name="system" label="系统" value={filter.system} options={{ "pc端": "pc端", app: "app" }} />
        <SelectFilter name="kind" label="类型" value={filter.kind} options={KINDS} />
        <label className="flex flex-col text-sm"><span className="mb-1 text-gray-600">开始日期</span><input type="date" name="from" defaultValue={filter.from ?? ""} className="input" /></label>
        <label className="flex flex-col text-sm"><span className="mb-1 text-gray-600">结束日期</span><input type="date" name="to" defaultValue={filter.to ?? ""} className="input" /></label>
      </FilterBar>
      <Table head={["时间", "操作人", "手机号", "用户类型", "模块", "内容", "系统", "类型", "IP", "结果"]} empty={page.records.length === 0}>
        {page.records.map((r) => (
          <tr key={r.id}>
            <td className="whitespace-nowrap">{formatTime(r.createdTime)}</td>
            <td>{r.userName ?? "未登录用户"}</td>
            <td>{r.mobile ?? "—"}</td>
            <td>{r.userType ? (USER_TYPE_LABELS[r.userType] ?? r.userType) : "—"}</td>
            <td>{r.module}</td>
            <td className="max-w-xs break-all">{r.content}</td>
            <td>{r.system}</td>
            <td>{KINDS[r.kind as keyof typeof KINDS] ?? r.kind}</td>
            <td>{r.ip}</td>
            <td className={r.result === "FAIL" ? "text-red-500" : ""} title={r.errorMsg ?? undefined}>{r.result === "FAIL" ? `失败：${r.errorMsg ?? ""}` : r.result === "SUCCESS" ? "成功" : "—"}</td>
          </tr>
        ))}
      </Table>
      <Pager page={page} />
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;

import { DefaultSubmit, RefPicker } from "~/components/resource/RefPicker";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { importLoader, ImportBatchView } from "~/services/pages/order-import.server";

const STATUS = { IMPORTED: "已导入", FAILED: "导入失败" } as const;
const errorsHref = (id: number) => `/orderManage/batchImport/errors.xlsx?batch=${id}`;

/** The outcome of one batch: counts, message, and every refused row with its column and reason. */
function BatchResult({ batch }: { batch: ImportBatchView }) {
  const failed = batch.status === "FAILED";
  return (
    <section className="card" aria-label="导入结果" data-testid="import-result">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="page-title mb-0">导入结果 · {batch.batchNo}（{batch.fileName}）</h2>
        {batch.invalidRows > 0 ? <a className="btn" href={errorsHref(batch.id)} download>下载错误明细</a> : null}
      </div>
      <p className={failed ? "alert-error" : "alert-success"} role="status">
        {STATUS[batch.status]}：共 {batch.totalRows} 行，有效 {batch.validRows} 行，错误 {batch.invalidRows} 行，已导入 {batch.importedRows} 个订单。{batch.message}
      </p>
      {batch.refused.length ? (
        <>
          <p className="my-2 text-sm text-gray-600">以下行有错误，整个文件均未导入。请下载错误明细，修改后重新上传（错误说明列不影响导入）。</p>
          <div className="overflow-x-auto">
            <table className="table" data-testid="import-errors">
              <thead>
                <tr><th>行号</th><th>列</th><th>原因</th></tr>
              </thead>
              <tbody>
                {batch.refused.flatMap((row) =>
                  row.errors.map((e, i) => (
                    <tr key={`${row.rowNo}-${i}`}>
                      <td>第 {row.rowNo} 行</td>
                      <td>{e.column}</td>
                      <td className="text-danger">{e.message}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** 批量导入: template, multipart upload (works without JavaScript; with it, a progress bar), result, history. */
export function OrderImport() {
  const data = useLoaderData<typeof importLoader>();
  const action = useActionData() as { error?: string } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  return (
    <div className="space-y-3">
      <section className="card" aria-labelledby="import-title">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="import-title" className="page-title mb-0">批量导入订单</h2>
          <div className="flex gap-2">
            <a className="btn" href="/orderManage/batchImport/template.xlsx" download>下载模板</a>
            <Link className="btn" to="/orderManage/orderList">返回订单列表</Link>
          </div>
        </div>
        <ol className="mb-3 list-decimal pl-5 text-sm text-gray-600">
          <li>下载模板，按「填写说明」填写第一个工作表，每行一个订单（示例行请删除）。</li>
          <li>只支持 .xlsx，文件不超过 10 MB，最多 10000 行。</li>
          <li>任一行有错误时整个文件都不导入，页面会列出每个错误的行号、列和原因。</li>
        </ol>
        {data.notice ? <p className="alert-success mb-3" role="status">{data.notice}</p> : null}
        {action?.error ? <p className="alert-error mb-3" role="alert">{action.error}</p> : null}
        {data.error ? <p className="alert-error mb-3" role="alert">{data.error}</p> : null}
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3" aria-label="上传文件">
          {data.staff ? <DefaultSubmit label="上传并导入" /> : null}
          {data.staff ? (
            <div className="w-64 text-sm">
              <label htmlFor="import-orgId" className="mb-1 block text-gray-600">所属企业</label>
              <RefPicker name="orgId" id="import-orgId" label="所属企业" picker={data.orgs ?? undefined} defaultValue={data.orgId} emptyLabel="请选择" required searchMethod="get" />
            </div>
          ) : null}
          <label className="text-sm">
            <span className="mb-1 block text-gray-600">文件</span>
            <input type="file" name="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" required className="text-sm" />
          </label>
          <fieldset className="text-sm">
            <legend className="mb-1 text-gray-600">导入后状态</legend>
            <label className="mr-3"><input type="radio" name="asDraft" value="false" defaultChecked /> 待调度</label>
            <label><input type="radio" name="asDraft" value="true" /> 草稿</label>
          </fieldset>
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? "导入中…" : "上传并导入"}</button>
        </Form>
        {busy ? (
          <div className="mt-3" role="progressbar" aria-label="导入进度" data-testid="import-progress">
            <p className="mb-1 text-sm text-gray-600">正在上传并校验，请勿关闭页面…</p>
            <div className="h-2 overflow-hidden rounded bg-gray-100"><div className="progress-bar h-2 bg-primary" /></div>
          </div>
        ) : null}
      </section>
      {data.batch ? <BatchResult batch={data.batch} /> : null}
      <section className="card" aria-label="导入记录">
        <h2 className="page-title">导入记录</h2>
        {data.batches.length === 0 ? (
          <p className="text-sm text-muted">暂无导入记录</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="table" data-testid="import-history">
              <thead>
                <tr><th>批次号</th><th>文件名</th><th>总行数</th><th>有效</th><th>错误</th><th>已导入</th><th>状态</th><th>操作人</th><th>时间</th><th>操作</th></tr>
              </thead>
              <tbody>
                {data.batches.map((b) => (
                  <tr key={b.id}>
                    <td>{b.batchNo}</td>
                    <td>{b.fileName}</td>
                    <td>{b.totalRows}</td>
                    <td>{b.validRows}</td>
                    <td>{b.invalidRows}</td>
                    <td>{b.importedRows}</td>
                    <td className={b.status === "FAILED" ? "text-danger" : "text-success"}>{STATUS[b.status]}</td>
                    <td>{b.operatorName ?? "-"}</td>
                    <td>{formatDateTime(b.createdTime)}</td>
                    <td>
                      <a href={`/orderManage/batchImport?batch=${b.id}`} className="btn-link">查看</a>
                      {b.invalidRows > 0 ? <a href={errorsHref(b.id)} className="btn-link" download>错误明细</a> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}

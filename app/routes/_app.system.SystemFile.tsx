import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ConfirmPanel, FilterBar, formatTime, Notice, Pager, SelectFilter, Table, TextFilter, useHrefWith } from "~/components/iam/kit";
import { titled } from "~/lib/meta";
import { systemFileAction, systemFileLoader } from "~/services/pages/iam.server";

export const meta = titled("系统文件");
export const loader = ({ request }: LoaderFunctionArgs) => systemFileLoader(request);
export const action = ({ request }: ActionFunctionArgs) => systemFileAction(request);

const CATEGORIES = { TEMPLATE: "导入模板", AGREEMENT: "协议", CONTRACT_TEMPLATE: "合同模板", MANUAL: "手册", APP_PACKAGE: "安装包" };
const CODES = ["ORDER_IMPORT_TEMPLATE", "DRIVER_IMPORT_TEMPLATE", "TRANSPORT_CONTRACT_TEMPLATE", "DRIVER_AGREEMENT", "PRIVACY_POLICY", "OPERATION_MANUAL"];
const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** 系统文件 (domain 6.2): templates, agreements, manuals and app packages in the platform's file store. */
export default function SystemFilePage() {
  const { page, filter, confirm } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hrefWith = useHrefWith();
  const confirming = page.records.find((r) => `delete:${r.id}` === confirm);
  return (
    <section className="card" aria-labelledby="file-title">
      <h2 id="file-title" className="page-title">系统文件</h2>
      <Notice result={result} />
      {confirming ? <ConfirmPanel message={`确定删除文件「${confirming.originalName}」吗？`} intent="delete" id={confirming.id} label="删除" closeHref={hrefWith("confirm", null)} /> : null}
      <Form method="post" encType="multipart/form-data" className="mb-4 flex flex-wrap items-end gap-3 rounded border p-3" aria-label="上传文件">
        <input type="hidden" name="intent" value="upload" />
        <label className="flex flex-col text-sm"><span className="mb-1">文件 <span className="text-red-500">*</span></span><input type="file" name="file" required accept=".jpg,.jpeg,.png,.webp,.pdf,.xlsx,.docx,.apk" /></label>
        <label className="flex flex-col text-sm"><span className="mb-1">分类</span>
          <select name="category" className="input" defaultValue="MANUAL">{Object.entries(CATEGORIES).map(([v, l]) => <option key={v} value={v}>{l}</option>)}</select>
        </label>
        <label className="flex flex-col text-sm"><span className="mb-1">可见性</span>
          <select name="visibility" className="input" defaultValue="PRIVATE"><option value="PRIVATE">仅有权限的用户</option><option value="PUBLIC">公开（无需登录即可下载）</option></select>
        </label>
        <label className="flex flex-col text-sm"><span className="mb-1">文件编码（替换时选择）</span>
          <select name="fileCode" className="input" defaultValue=""><option value="">无</option>{CODES.map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </label>
        <button type="submit" className="btn btn-primary" data-log-module="系统文件" data-log-content="点击上传文件">上传</button>
        <p className="w-full text-xs text-gray-500">图片（jpg/png/webp）≤ 10 MB；pdf/xlsx/docx ≤ 20 MB；apk ≤ 200 MB。文件名不能包含路径。</p>
      </Form>
      <FilterBar resetTo="/system/SystemFile">
        <SelectFilter name="category" label="分类" value={filter.category} options={CATEGORIES} />
        <TextFilter name="keyword" label="名称/编码" value={filter.keyword} />
      </FilterBar>
      <Table head={["文件编码", "名称", "分类", "大小", "版本", "可见性", "上传人", "上传时间", "操作"]} empty={page.records.length === 0}>
        {page.records.map((f) => (
          <tr key={f.id}>
            <td className="font-mono text-xs">{f.fileCode ?? "—"}</td>
            <td>{f.originalName}</td>
            <td>{CATEGORIES[f.category as keyof typeof CATEGORIES] ?? f.category}</td>
            <td>{size(f.sizeBytes)}</td>
            <td>v{f.version}</td>
            <td>{f.visibility === "PUBLIC" ? "公开" : "私有"}</td>
            <td>{f.uploaderName ?? "—"}</td>
            <td>{formatTime(f.createdTime)}</td>
            <td className="whitespace-nowrap">
              <a className="btn-link mr-2" href={f.url} download>下载</a>
              {f.fileCode ? null : <Link className="btn-link text-red-500" to={hrefWith("confirm", `delete:${f.id}`)}>删除</Link>}
            </td>
          </tr>
        ))}
      </Table>
      <Pager page={page} />
    </section>
  );
}
export const ErrorBoundary = PageErrorBoundary;

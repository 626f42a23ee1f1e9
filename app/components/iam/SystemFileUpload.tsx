/** 系统文件's upload form: a section of the engine's list page, posted to the page's `?upload` action. */
import { Form, useActionData } from "@remix-run/react";
import { FILE_CATEGORY_OPTIONS, FILE_CODES } from "../../../contract/resources/iam";
import { ResultNotice } from "~/components/ui/ResultNotice";
import { RequiredMark } from "~/components/ui/FieldParts";

export function SystemFileUpload({ action }: { action: string }) {
  const result = useActionData<{ ok?: string; error?: string }>();
  return (
    <>
      <ResultNotice result={result && ("ok" in result || "error" in result) ? result : undefined} />
      <Form method="post" action={action} encType="multipart/form-data" className="mb-4 flex flex-wrap items-end gap-3 rounded border p-3" aria-label="上传文件">
        <label className="flex flex-col text-sm"><span className="mb-1">文件<RequiredMark /></span><input type="file" name="file" required accept=".jpg,.jpeg,.png,.webp,.pdf,.xlsx,.docx,.apk" /></label>
        <label className="flex flex-col text-sm"><span className="mb-1">分类</span>
          <select name="category" className="input" defaultValue="MANUAL">{Object.entries(FILE_CATEGORY_OPTIONS).map(([v, o]) => <option key={v} value={v}>{o.label}</option>)}</select>
        </label>
        <label className="flex flex-col text-sm"><span className="mb-1">可见性</span>
          <select name="visibility" className="input" defaultValue="PRIVATE"><option value="PRIVATE">仅有权限的用户</option><option value="PUBLIC">公开（无需登录即可下载）</option></select>
        </label>
        <label className="flex flex-col text-sm"><span className="mb-1">文件编码（替换时选择）</span>
          <select name="fileCode" className="input" defaultValue=""><option value="">无</option>{FILE_CODES.map((c) => <option key={c} value={c}>{c}</option>)}</select>
        </label>
        <button type="submit" className="btn btn-primary" data-log-module="系统文件" data-log-content="点击上传文件">上传</button>
        <p className="w-full text-xs text-muted">图片（jpg/png/webp）≤ 10 MB；pdf/xlsx/docx ≤ 20 MB；apk ≤ 200 MB。文件名不能包含路径。</p>
      </Form>
    </>
  );
}

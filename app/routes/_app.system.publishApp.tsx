import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";
import { ResourceListPage } from "~/components/resource/ResourceListPage";
import { appVersionPages } from "~/pages/app-version";
import { uploadPackage } from "~/services/pages/iam.server";
import { listLoader, recordAction } from "~/services/resource-pages.server";

const page = appVersionPages.list!;
export const loader = (args: LoaderFunctionArgs) => listLoader(page, args);
export const action = (args: ActionFunctionArgs) =>
  (args.request.headers.get("content-type") ?? "").startsWith("multipart/form-data") ? uploadPackage(args.request) : recordAction(page, args);

/** 版本管理: upload an Android package to the file store, then publish a version naming its address. */
export default function PublishAppPage() {
  const data = useActionData<{ uploaded?: { url: string; originalName: string }; uploadError?: string }>();
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="card mb-3 flex flex-wrap items-end gap-3" aria-label="上传安装包">
        <label className="flex flex-col text-sm"><span className="mb-1">安卓安装包（.apk，≤ 200 MB）</span><input type="file" name="package" accept=".apk" required /></label>
        <button type="submit" className="btn" data-log-module="版本管理" data-log-content="点击上传安装包">上传安装包</button>
        {data?.uploaded ? <p role="status" className="alert-success">已上传 {data.uploaded.originalName}，发布新版本时在「下载地址」填写 <b className="font-mono">{data.uploaded.url}</b></p> : null}
        {data?.uploadError ? <p role="alert" className="alert-error">{data.uploadError}</p> : null}
        <p className="w-full text-xs text-muted">iOS 版本请直接在「下载地址」填写 App Store 地址。</p>
      </Form>
      <ResourceListPage page={page} />
    </>
  );
}
export const ErrorBoundary = PageErrorBoundary;
export { shouldRevalidate } from "~/lib/revalidate";

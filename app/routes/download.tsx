import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { latestVersions } from "~/services/pages/iam.server";

/** Spec 1: the download page shows only its own title. */
export const meta: MetaFunction = () => [{ title: "App 下载" }];

export const loader = async ({ request }: LoaderFunctionArgs) => json({ versions: await latestVersions(request) });

const APPS = [
  { code: "DRIVER", name: "司机端 App", who: "货车司机、个体车主", what: "接单、装货与卸货过磅上传、在途轨迹上报、运费与提现。" },
  { code: "CAPTAIN", name: "船长端 App", who: "船长、船东", what: "水运运单接单、装卸货确认、航行轨迹上报、运费结算。" },
  { code: "SHIPPER", name: "货主端 App", who: "货主、发货企业", what: "发布货源、查看运单进度、签收确认、对账与开票申请。" },
];
const OS_LABELS: Record<string, string> = { ANDROID: "Android", IOS: "iOS" };

/** The newest published version of each app (系统管理 › 版本管理), with its download link. */
export default function DownloadPage() {
  const { versions } = useLoaderData<typeof loader>();
  return (
    <main className="min-h-screen bg-white">
      <div className="mx-auto max-w-3xl p-6">
        <h1 className="mb-2 text-2xl font-semibold">App 下载</h1>
        <p className="mb-6 text-muted">请在手机浏览器中打开本页面，选择对应的客户端安装。</p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {APPS.map((app) => {
            const published = versions.filter((v) => v.appCode === app.code);
            return (
              <li key={app.code} className="rounded border p-4" aria-label={app.name}>
                <h2 className="mb-1 font-semibold">{app.name}</h2>
                <p className="text-xs text-muted">适用：{app.who}</p>
                <p className="mt-2 text-sm text-gray-600">{app.what}</p>
                {published.length ? (
                  <ul className="mt-3 space-y-2">
                    {published.map((v) => (
                      <li key={v.os}>
                        <a href={v.downloadUrl} className="btn btn-primary w-full justify-center" data-log-module="下载页" data-log-content={`下载${app.name} ${OS_LABELS[v.os] ?? v.os} ${v.versionName}`}>
                          {OS_LABELS[v.os] ?? v.os} 版 v{v.versionName}
                        </a>
                        <p className="mt-1 text-xs text-muted">{v.updateNotes}</p>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-3 text-xs text-warning">暂无已发布的安装包。</p>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-sm">
          <Link to="/login" className="text-primary hover:underline">返回登录</Link>
        </p>
      </div>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";

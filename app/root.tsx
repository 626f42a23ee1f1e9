import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useNavigation, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useNonce } from "~/components/ui/nonce";
import { RequestIdNote } from "~/components/ui/RequestIdNote";
import { installClickLog } from "~/components/iam/clickLog";
import stylesheet from "~/tailwind.css?url";
import { documentTitle } from "~/lib/branding";
import { DEFAULT_SETTINGS } from "~/lib/settings";
import { themeTokens } from "~/lib/palette";
import { pageTitle } from "~/navigation";
import { readSettings } from "~/services/settings.server";
import { requestBranding } from "~/services/target.server";
import { currentRequestId } from "~/services/observability.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // requestId: the error page shows it (请求编号), so a user's report finds the console's and the platform's log lines.
  return json({ branding: requestBranding(request), settings: await readSettings(request), requestId: currentRequestId() });
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) => [
  { title: documentTitle(pageTitle(location.pathname), data?.branding.title ?? "运输管理后台") },
];

function ProgressBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[100] h-0.5" role="progressbar" aria-label="页面加载中">
      <div className="progress-bar h-full bg-primary shadow-[0_0_6px_var(--theme-color)]" />
    </div>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = themeTokens(data?.settings.theme ?? DEFAULT_SETTINGS.theme);
  const nonce = useNonce();
  return (
    <html lang="zh-CN" style={{ "--theme-color": theme.color, "--theme-color-soft": theme.soft, "--theme-color-on-dark": theme.onDark } as React.CSSProperties}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <ProgressBar />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document hydrated (after every child's effects ran): browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => installClickLog(), []);
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (typeof document !== "undefined" && !isRouteErrorResponse(error) && process.env.NODE_ENV === "production") {
    console.error("[error-log]", { err: String(error), url: window.location.href });
  }
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{status === 404 ? "页面不存在" : "页面出错了"}</h1>
      <p className="text-muted">{isRouteErrorResponse(error) ? String(error.data) : "请刷新页面重试；问题持续存在请联系管理员。"}</p>
      <RequestIdNote />
      <a className="btn btn-primary" href="/dashboard">返回首页</a>
    </main>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";

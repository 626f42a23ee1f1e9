import { Link } from "@remix-run/react";

/** Full-page message for 404 / 401 and similar states. */
export function StatusPage({ code, title, detail, children, note }: { code: string; title: string; detail: string; children?: React.ReactNode; note?: React.ReactNode }) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-6xl font-bold text-primary">{code}</p>
      <h1 className="text-xl font-semibold text-gray-800">{title}</h1>
      <p className="max-w-md text-muted">{detail}</p>
      {note}
      <div className="mt-2 flex gap-2">
        {children ?? (
          <Link to="/dashboard" className="btn btn-primary">返回首页</Link>
        )}
      </div>
    </main>
  );
}

export function NotFoundContent() {
  return <StatusPage code="404" title="页面不存在" detail="您访问的地址不存在或已被移除，请检查地址是否正确。" />;
}

export function ForbiddenContent() {
  return <StatusPage code="403" title="没有访问权限" detail="您的账号没有访问该页面的权限；如需开通，请联系管理员分配角色。" />;
}

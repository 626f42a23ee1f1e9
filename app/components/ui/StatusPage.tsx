import { Link } from "@remix-run/react";

/**
 * Full-page message for 404 / 401 and similar states. `inShell`: drawn inside the console's shell, which
 * already holds the page's main landmark and its h1.
 */
export function StatusPage({ code, title, detail, children, note, inShell = false }: { code: string; title: string; detail: string; children?: React.ReactNode; note?: React.ReactNode; inShell?: boolean }) {
  const Box = inShell ? "section" : "main";
  const Heading = inShell ? "h2" : "h1";
  return (
    <Box className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-6xl font-bold text-primary">{code}</p>
      <Heading className="text-xl font-semibold text-gray-800">{title}</Heading>
      <p className="max-w-md text-muted">{detail}</p>
      {note}
      <div className="mt-2 flex gap-2">
        {children ?? (
          <Link to="/dashboard" className="btn btn-primary">返回首页</Link>
        )}
      </div>
    </Box>
  );
}

export function NotFoundContent() {
  return <StatusPage code="404" title="页面不存在" detail="您访问的地址不存在或已被移除，请检查地址是否正确。" />;
}

export function ForbiddenContent({ inShell = false }: { inShell?: boolean }) {
  return <StatusPage inShell={inShell} code="403" title="没有访问权限" detail="您的账号没有访问该页面的权限；如需开通，请联系管理员分配角色。" />;
}

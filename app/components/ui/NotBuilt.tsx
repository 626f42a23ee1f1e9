/** The plain notice of a page whose business content is not built yet (docs/routes.md: not built). */
export function NotBuilt({ title, path }: { title: string; path: string }) {
  return (
    <section className="card" aria-labelledby="not-built-title">
      <h2 id="not-built-title" className="page-title">{title}</h2>
      <div className="alert-info" role="note">
        <p className="font-medium">本页面的业务功能尚未建设（not built yet）。</p>
        <p className="mt-1 text-gray-600">
          路由 <code className="rounded bg-white px-1">{path}</code> 已纳入权限与导航，页面内容将在后续版本交付；进度见 docs/routes.md 的路由表。
        </p>
      </div>
    </section>
  );
}

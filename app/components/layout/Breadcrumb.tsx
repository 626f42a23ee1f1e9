import { breadcrumb } from "~/navigation";

export function Breadcrumb({ pathname }: { pathname: string }) {
  const items = breadcrumb(pathname);
  return (
    <nav aria-label="面包屑" className="hidden min-w-0 sm:block">
      <ol className="breadcrumb">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${item.title}-${i}`}>
              {i > 0 ? <span aria-hidden="true" className="text-muted">/</span> : null}
              {last || !item.path ? (
                <span className={last ? "text-gray-800" : ""} aria-current={last ? "page" : undefined}>{item.title}</span>
              ) : (
                <a href={item.path} className="hover:text-primary">{item.title}</a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

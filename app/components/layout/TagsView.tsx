import * as ContextMenu from "@radix-ui/react-context-menu";
import { Link, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { pageTitle } from "~/navigation";
import { addView, closeAll, closeOthers, closeView, loadTabs, mergeAffix, saveTabs, type VisitedView } from "./tabs-store";

const menuItem = "cursor-pointer select-none px-4 py-1.5 text-sm outline-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary";

export function TagsView({ userId, affix }: { userId: string; affix: VisitedView[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const current: VisitedView = { path: location.pathname, fullPath: location.pathname + location.search, title: pageTitle(location.pathname) ?? location.pathname };
  const [tabs, setTabs] = useState<VisitedView[]>(() => addView(affix, current));
  const loaded = useRef(false);
  const activeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const stored = loaded.current ? tabs : mergeAffix(affix, loadTabs(userId));
    loaded.current = true;
    const next = addView(stored, current);
    setTabs(next);
    saveTabs(userId, next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search, userId]);

  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [location.pathname, tabs.length]);

  const update = (next: VisitedView[], goTo?: string) => {
    setTabs(next);
    saveTabs(userId, next);
    if (goTo && goTo !== current.fullPath) navigate(goTo);
  };

  const close = (view: VisitedView) => {
    if (view.affix) return;
    const next = closeView(tabs, view.path);
    const last = next[next.length - 1];
    update(next, view.path === current.path ? (last?.fullPath ?? "/dashboard") : undefined);
  };
  const refresh = (view: VisitedView) => {
    if (view.path === current.path) revalidator.revalidate();
    else navigate(view.fullPath);
  };

  return (
    <div className="flex h-[34px] items-center overflow-x-auto border-b border-gray-200 bg-white px-2 shadow-[0_1px_3px_rgba(0,0,0,0.06)]" role="tablist" aria-label="已打开的页面">
      {tabs.map((view) => {
        const active = view.path === current.path;
        return (
          <ContextMenu.Root key={view.path}>
            <ContextMenu.Trigger asChild>
              <Link
                ref={active ? activeRef : undefined}
                to={view.fullPath}
                role="tab"
                aria-selected={active}
                data-tab-path={view.path}
                onAuxClick={(e) => {
                  if (e.button === 1) {
                    e.preventDefault();
                    close(view);
                  }
                }}
                onMouseDown={(e) => {
                  if (e.button === 1) e.preventDefault();
                }}
                className={`mr-1 flex h-[26px] shrink-0 items-center gap-1 border px-2 text-xs ${active ? "border-primary bg-primary text-white" : "border-gray-200 bg-white text-gray-600 hover:text-primary"}`}
              >
                {active ? <span className="h-2 w-2 rounded-full bg-white" aria-hidden="true" /> : null}
                {view.title}
                {!view.affix ? (
                  <button
                    type="button"
                    aria-label={`关闭 ${view.title}`}
                    className="ml-0.5 rounded-full px-0.5 leading-none hover:bg-black/20"
                    onClick={(e) => {
                      e.preventDefault();
                      e.stopPropagation();
                      close(view);
                    }}
                  >
                    ×
                  </button>
                ) : null}
              </Link>
            </ContextMenu.Trigger>
            <ContextMenu.Portal>
              <ContextMenu.Content className="z-[80] min-w-[120px] rounded border bg-white py-1 shadow-lg" aria-label="标签菜单">
                <ContextMenu.Item className={menuItem} onSelect={() => refresh(view)}>刷新</ContextMenu.Item>
                {!view.affix ? (
                  <ContextMenu.Item className={menuItem} onSelect={() => close(view)}>关闭</ContextMenu.Item>
                ) : null}
                <ContextMenu.Item className={menuItem} onSelect={() => update(closeOthers(tabs, view.path), view.fullPath)}>关闭其他</ContextMenu.Item>
                <ContextMenu.Item
                  className={menuItem}
                  onSelect={() => {
                    const next = closeAll(tabs);
                    update(next, next[next.length - 1]?.fullPath ?? "/dashboard");
                  }}
                >
                  关闭所有
                </ContextMenu.Item>
              </ContextMenu.Content>
            </ContextMenu.Portal>
          </ContextMenu.Root>
        );
      })}
    </div>
  );
}

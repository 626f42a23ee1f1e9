import { Link, useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { pageTitle } from "~/navigation";
import type { TabMenuAction } from "./TabMenu";
import { addView, closeAll, closeOthers, closeView, loadTabs, mergeAffix, saveTabs, type VisitedView } from "./tabs-store";

/** The right-click menu's code arrives with the first right click (first-load JavaScript). */
const TabMenu = lazy(() => import("./TabMenu"));

export function TagsView({ userId, affix }: { userId: string; affix: VisitedView[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const current: VisitedView = { path: location.pathname, fullPath: location.pathname + location.search, title: pageTitle(location.pathname) ?? location.pathname };
  const [tabs, setTabs] = useState<VisitedView[]>(() => addView(affix, current));
  const loaded = useRef(false);
  const activeRef = useRef<HTMLAnchorElement>(null);
  const [menu, setMenu] = useState<{ view: VisitedView; x: number; y: number } | null>(null);

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

  const menuActions = (view: VisitedView): TabMenuAction[] => [
    { label: "刷新", run: () => refresh(view) },
    ...(view.affix ? [] : [{ label: "关闭", run: () => close(view) }]),
    { label: "关闭其他", run: () => update(closeOthers(tabs, view.path), view.fullPath) },
    {
      label: "关闭所有",
      run: () => {
        const next = closeAll(tabs);
        update(next, next[next.length - 1]?.fullPath ?? "/dashboard");
      },
    },
  ];

  return (
    <div className="flex h-[34px] items-center overflow-x-auto border-b border-gray-200 bg-white px-2 shadow-[0_1px_3px_rgba(0,0,0,0.06)]" role="tablist" aria-label="已打开的页面">
      {tabs.map((view) => {
        const active = view.path === current.path;
        return (
          <Link
            key={view.path}
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
            onContextMenu={(e) => {
              e.preventDefault();
              // The keyboard's menu key reports no pointer position: open at the tab.
              const box = e.currentTarget.getBoundingClientRect();
              setMenu(e.clientX || e.clientY ? { view, x: e.clientX, y: e.clientY } : { view, x: box.left, y: box.bottom });
            }}
            className={`mr-1 flex h-[26px] shrink-0 items-center gap-1 border px-2 text-xs ${active ? "border-primary bg-primary text-white" : "border-gray-200 bg-white text-gray-600 hover:text-primary"}`}
          >
            {active ? <span className="h-2 w-2 rounded-full bg-white" aria-hidden="true" /> : null}
            {view.title}
            {/* The pointer's close mark: a button inside the tab (a link) would be one control inside another; the tab's menu (关闭) and the middle click close it too. */}
            {!view.affix ? (
              <span
                aria-hidden="true"
                title={`关闭 ${view.title}`}
                data-tab-close=""
                className="ml-0.5 rounded-full px-0.5 leading-none hover:bg-black/20"
                onClick={(e) => {
                  e.preventDefault();
                  e.stopPropagation();
                  close(view);
                }}
              >
                ×
              </span>
            ) : null}
          </Link>
        );
      })}
      {menu ? (
        <Suspense fallback={null}>
          <TabMenu key={`${menu.view.path} ${menu.x} ${menu.y}`} x={menu.x} y={menu.y} actions={menuActions(menu.view)} onClose={() => setMenu(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

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
  const barRef = useRef<HTMLDivElement>(null);
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

  /** Opens the menu of `view` at its tab: the right click, Shift+F10, the menu key, the 「标签操作」 button. */
  const openMenuAt = (view: VisitedView, element: Element) => {
    const box = element.getBoundingClientRect();
    setMenu({ view, x: box.left, y: box.bottom });
  };
  /** After the menu: focus goes back to the tab it was opened on, or to the current one if that closed. */
  const refocus = (path: string) =>
    requestAnimationFrame(() => {
      const bar = barRef.current;
      (bar?.querySelector<HTMLElement>(`[data-tab-path="${CSS.escape(path)}"]`) ?? bar?.querySelector<HTMLElement>('[aria-selected="true"]'))?.focus();
    });
  // The tab bar is one Tab stop (the current tab); arrows move along it (WAI-ARIA tabs pattern).
  const onTabKey = (event: React.KeyboardEvent<HTMLAnchorElement>, view: VisitedView) => {
    const tabsHere = [...(barRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = tabsHere.indexOf(event.currentTarget);
    const move = (to: number) => {
      event.preventDefault();
      tabsHere[(to + tabsHere.length) % tabsHere.length]?.focus();
    };
    if (event.key === "ArrowRight") move(at + 1);
    else if (event.key === "ArrowLeft") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(tabsHere.length - 1);
    else if (event.key === "ContextMenu" || (event.key === "F10" && event.shiftKey)) {
      event.preventDefault();
      openMenuAt(view, event.currentTarget);
    } else if (event.key === "Delete" && !view.affix) {
      event.preventDefault();
      close(view);
      refocus(tabsHere[at + 1]?.dataset.tabPath ?? tabsHere[at - 1]?.dataset.tabPath ?? "");
    }
  };
  const currentView = tabs.find((view) => view.path === current.path) ?? current;

  return (
    <div ref={barRef} className="tags-bar">
      <div className="tags-list" role="tablist" aria-label="已打开的页面">
        {tabs.map((view) => {
          const active = view.path === current.path;
          return (
            <Link
              key={view.path}
              ref={active ? activeRef : undefined}
              to={view.fullPath}
              role="tab"
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              aria-keyshortcuts={view.affix ? "Shift+F10" : "Shift+F10 Delete"}
              data-tab-path={view.path}
              onKeyDown={(e) => onTabKey(e, view)}
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
                if (e.clientX || e.clientY) setMenu({ view, x: e.clientX, y: e.clientY });
                else openMenuAt(view, e.currentTarget);
              }}
              className={active ? "tag-tab tag-tab-on" : "tag-tab"}
            >
              {active ? <span className="h-2 w-2 rounded-full bg-white" aria-hidden="true" /> : null}
              {view.title}
              {/* The pointer's close; the keyboard closes with Delete or the menu's 关闭 (no control inside a control). */}
              {!view.affix ? (
                <span
                  aria-hidden="true"
                  title={`关闭 ${view.title}`}
                  data-tab-close=""
                  className="tag-tab-close"
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
      </div>
      <button
        type="button"
        className="tags-menu-button"
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        data-testid="tab-menu-button"
        onClick={(e) => openMenuAt(currentView, e.currentTarget)}
      >
        标签操作
      </button>
      {menu ? (
        <Suspense fallback={null}>
          <TabMenu
            key={`${menu.view.path} ${menu.x} ${menu.y}`}
            x={menu.x}
            y={menu.y}
            actions={menuActions(menu.view)}
            onClose={() => {
              setMenu(null);
              refocus(menu.view.path);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

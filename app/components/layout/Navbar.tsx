import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { badgeCount } from "~/lib/format";
import { DEFAULT_AVATAR } from "~/lib/branding";
import type { RouteNode } from "~/navigation";
import { useMessage } from "~/components/ui/Message";
import { Breadcrumb } from "./Breadcrumb";
import { RouteSearch } from "./RouteSearch";
import { useSettings } from "./useSettings";
import { clearTabsOnLogout } from "./tabs-store";
import { SettingsPanel } from "./SettingsPanel";
import { menuButton } from "~/components/ui/disclosure";

interface NavbarProps {
  user: { id: string; name: string; headshotUrl: string | null };
  msgNum: number;
  /** The permitted menu, searched by the route search. */
  menu: RouteNode[];
  sidebarOpen: boolean;
  onOpenSettings?: () => void;
  /** False while the user menu's entries and the settings form are left out (`~/lib/scripted`). */
  complete: boolean;
}

function HamburgerIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className={`h-5 w-5 transition-transform ${open ? "" : "rotate-180"}`} aria-hidden="true">
      <path d="M3 6h18M3 12h12M3 18h18M21 9l-3 3 3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function Navbar({ user, msgNum, menu, sidebarOpen, complete }: NavbarProps) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const { save } = useSettings();
  const message = useMessage();
  const userMenu = useRef<HTMLDetailsElement>(null);
  useEffect(() => (userMenu.current ? menuButton(userMenu.current) : undefined), []);
  // A choice in the menu (a page) closes it; the navbar itself stays.
  useEffect(() => {
    if (userMenu.current) userMenu.current.open = false;
  }, [location.pathname]);

  const toggleFullscreen = () => {
    if (!document.fullscreenEnabled) {
      message("warning", "您的浏览器不支持全屏");
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };

  return (
    <header className="flex h-[50px] items-center gap-2 border-b border-gray-200 bg-white px-2 shadow-sm">
      {/* Below 992 px the sidebar is a drawer toggled by this label (works without JavaScript). */}
      <label htmlFor="sidebar-drawer" className="btn border-0 px-2 desk:hidden" aria-label="打开菜单" data-testid="hamburger-mobile">
        <HamburgerIcon open={false} />
      </label>
      {/* With JavaScript the toggle saves all the settings as they will be (a settings save still in
          flight included), so it cannot undo that save with the older cookie it carries. */}
      <Form
        method="post"
        action="/settings"
        className="hidden desk:block"
        onSubmit={(event) => {
          event.preventDefault();
          save({ sidebarOpen: !sidebarOpen });
        }}
      >
        <input type="hidden" name="intent" value="toggle-sidebar" />
        <input type="hidden" name="sidebarOpen" value={String(!sidebarOpen)} />
        <input type="hidden" name="redirect" value={here} />
        <button type="submit" className="btn border-0 px-2" aria-label={sidebarOpen ? "收起菜单" : "展开菜单"} aria-expanded={sidebarOpen} data-testid="hamburger">
          <HamburgerIcon open={sidebarOpen} />
        </button>
      </Form>
      <Breadcrumb pathname={location.pathname} />
      <div className="ml-auto flex items-center gap-1">
        <RouteSearch menu={menu} />
        <button type="button" className="btn hidden border-0 px-2 sm:inline-flex" onClick={toggleFullscreen} aria-label="全屏" title="全屏">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <SettingsPanel withForm={complete} />
        <div className="relative">
          <details ref={userMenu} className="relative" data-testid="avatar-menu">
            <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-2 py-1 hover:bg-gray-100 [&::-webkit-details-marker]:hidden" aria-label={`${user.name} 用户菜单${msgNum > 0 ? `，${badgeCount(msgNum)} 条未读消息` : ""}`}>
              <img src={user.headshotUrl || DEFAULT_AVATAR} alt="" className="h-8 w-8 rounded" />
              <span className="hidden max-w-[8em] truncate text-sm sm:inline">{user.name}</span>
            </summary>
            {complete ? (
              <ul className="absolute right-0 top-11 z-50 w-40 rounded border bg-white py-1 text-sm shadow-lg">
                <li><Link to="/dashboard" className="block px-4 py-2 hover:bg-primary-soft">首页</Link></li>
                <li>
                  <Link to="/sysNotification" className="flex items-center justify-between px-4 py-2 hover:bg-primary-soft">
                    消息
                    {msgNum > 0 ? <span className="rounded-full bg-danger px-1.5 text-xs text-white" data-testid="menu-badge">{badgeCount(msgNum)}</span> : null}
                  </Link>
                </li>
                <li><Link to="/personalCenter/userInfo" className="block px-4 py-2 hover:bg-primary-soft">个人中心</Link></li>
                <li className="border-t">
                  <Form method="post" action="/logout" reloadDocument onSubmit={() => clearTabsOnLogout(user.id)}>
                    <input type="hidden" name="redirect" value={here} />
                    <button type="submit" className="block w-full px-4 py-2 text-left hover:bg-primary-soft">退出登录</button>
                  </Form>
                </li>
              </ul>
            ) : null}
          </details>
          {/* Beside the summary, not in it (its visible text is then the name its accessible name starts with, which
              says the count), and outside the details: what a closed details holds besides its summary is not shown. */}
          {msgNum > 0 ? (
            <span className="pointer-events-none absolute left-12 top-[-4px] min-w-[18px] -translate-x-full rounded-full bg-danger px-1 text-center text-[10px] leading-[18px] text-white" data-testid="avatar-badge" aria-hidden="true">
              {badgeCount(msgNum)}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
}

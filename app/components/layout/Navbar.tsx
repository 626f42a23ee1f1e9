import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { badgeCount } from "~/lib/format";
import { DEFAULT_AVATAR } from "~/lib/branding";
import type { RouteNode } from "~/navigation";
import { useMessage } from "~/components/ui/Message";
import { Breadcrumb } from "./Breadcrumb";
import { Icon } from "./Icon";
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
}

function HamburgerIcon({ open }: { open: boolean }) {
  return <Icon name="menu" className={open ? "h-5 w-5 transition-transform" : "h-5 w-5 transition-transform rotate-180"} />;
}

export function Navbar({ user, msgNum, menu, sidebarOpen }: NavbarProps) {
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
    <header className="navbar">
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
          <Icon name="fullscreen" className="h-5 w-5" />
        </button>
        <SettingsPanel />
        <div className="relative">
          <details ref={userMenu} className="user-menu" data-testid="avatar-menu">
            <summary aria-label={`${user.name} 用户菜单${msgNum > 0 ? `，${badgeCount(msgNum)} 条未读消息` : ""}`}>
              <img src={user.headshotUrl || DEFAULT_AVATAR} alt="" />
              <span>{user.name}</span>
            </summary>
            {/* Its parts take their look from .user-menu (tailwind.css) by position: every page carries it. The
                menu roles are the script's (menuButton): without it this is a details walked by Tab. */}
            <ul>
              <li><Link to="/dashboard">首页</Link></li>
              <li>
                <Link to="/sysNotification">
                  消息
                  {msgNum > 0 ? <span data-testid="menu-badge">{badgeCount(msgNum)}</span> : null}
                </Link>
              </li>
              <li><Link to="/personalCenter/userInfo">个人中心</Link></li>
              <li>
                <Form method="post" action="/logout" reloadDocument onSubmit={() => clearTabsOnLogout(user.id)}>
                  <input type="hidden" name="redirect" value={here} />
                  <button type="submit">退出登录</button>
                </Form>
              </li>
            </ul>
          </details>
          {/* Beside the summary, not in it (its visible text is then the name its accessible name starts with, which
              says the count), and outside the details: what a closed details holds besides its summary is not shown. */}
          {msgNum > 0 ? (
            <span className="avatar-badge" data-testid="avatar-badge" aria-hidden="true">
              {badgeCount(msgNum)}
            </span>
          ) : null}
        </div>
      </div>
    </header>
  );
}

import { useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { matchRoute, ROUTE_TREE, type RouteNode } from "~/navigation";
import { useDelegatedNavigation } from "~/components/ui/delegatedNavigation";
import { MessageProvider } from "~/components/ui/Message";
import { Navbar } from "./Navbar";
import { RealtimeToasts } from "./RealtimeToasts";
import { Sidebar } from "./Sidebar";
import { TagsView } from "./TagsView";
import type { VisitedView } from "./tabs-store";
import { useSettings } from "./useSettings";

export interface ShellUser {
  id: string;
  name: string;
  headshotUrl: string | null;
}

interface ShellProps {
  user: ShellUser;
  menu: RouteNode[];
  affixTabs: VisitedView[];
  msgNum: number;
  productTitle: string;
  children: React.ReactNode;
}

const UnreadContext = createContext<{ msgNum: number; setMsgNum: (n: number) => void }>({ msgNum: 0, setMsgNum: () => undefined });
/** The unread message count shown in the avatar menu; the realtime channel updates it. */
export const useUnread = () => useContext(UnreadContext);

/** The menu entry to highlight: hidden detail pages highlight their list (activeMenu). */
function activeMenuPath(pathname: string): string {
  const match = matchRoute(ROUTE_TREE, pathname);
  return match?.node.activeMenu ?? match?.node.path ?? pathname;
}

export function Shell({ user, menu, affixTabs, msgNum: serverMsgNum, productTitle, children }: ShellProps) {
  const { settings } = useSettings();
  const location = useLocation();
  const drawer = useRef<HTMLInputElement>(null);
  const [msgNum, setMsgNum] = useState(serverMsgNum);
  useEffect(() => setMsgNum(serverMsgNum), [serverMsgNum]);
  // The mobile drawer closes on navigation.
  useEffect(() => {
    if (drawer.current) drawer.current.checked = false;
  }, [location.pathname]);
  const navigateOnClick = useDelegatedNavigation();
  const collapsed = !settings.sidebarOpen;
  const header = (
    <>
      <Navbar user={user} msgNum={msgNum} menu={menu} sidebarOpen={settings.sidebarOpen} />
      {settings.tagsView ? <TagsView userId={user.id} affix={affixTabs} /> : null}
    </>
  );

  return (
    <MessageProvider>
      <UnreadContext.Provider value={{ msgNum, setMsgNum }}>
        <div className="min-h-screen" onClick={navigateOnClick}>
          {/* The first stop of the Tab key: past the menu and the tab bar to the page itself. */}
          <a href="#main-content" className="skip-link" data-testid="skip-link">跳到主要内容</a>
          <input id="sidebar-drawer" ref={drawer} type="checkbox" className="peer sr-only" aria-hidden="true" tabIndex={-1} />
          <label htmlFor="sidebar-drawer" className="drawer-overlay" aria-label="关闭菜单" />
          <aside
            data-testid="sidebar"
            data-collapsed={collapsed}
            className="sidebar"
          >
            <Sidebar menu={menu} activePath={activeMenuPath(location.pathname)} collapsed={collapsed} showLogo={settings.sidebarLogo} productTitle={productTitle} />
          </aside>
          <div className={`shell-column ${collapsed ? "desk:ml-[54px]" : "desk:ml-[210px]"}`}>
            {/* A popup of the header (the user menu, the settings drawer) lifts it over the page's own popups. */}
            {settings.fixedHeader ? <div className="sticky top-0 z-20 has-[details[open]]:z-[60]">{header}</div> : header}
            <main className="shell-main" id="main-content" tabIndex={-1}>
              {/* The page's one h1: the console's name (as the logo and the login page show it); every page's own
                  title is the h2 under it, so the page's name is not announced twice as two headings. */}
              <h1 className="sr-only" data-testid="page-heading">{productTitle}</h1>
              {children}
            </main>
          </div>
        </div>
        <RealtimeToasts onCount={setMsgNum} />
      </UnreadContext.Provider>
    </MessageProvider>
  );
}

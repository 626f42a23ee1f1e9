import { Form, Link, useLocation } from "@remix-run/react";
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { DRIVER_HOME } from "~/navigation";
import { DEFAULT_SETTINGS } from "~/lib/settings";
import { badgeCount } from "~/lib/format";

interface DriverShellProps {
  name: string;
  msgNum: number;
  productTitle: string;
  children: React.ReactNode;
}

/**
 * The driver's own layout (司机端): one column for a phone, a bar with his home, his messages, the full
 * console and 退出; no sidebar, no tabs, no settings. Every control is at least 44 px tall.
 */
export function DriverShell({ name, msgNum, productTitle, children }: DriverShellProps) {
  const location = useLocation();
  return (
    <div className="driver-shell min-h-screen bg-gray-100 text-base" data-testid="driver-shell">
      <header className="sticky top-0 z-20 bg-sidebar text-white shadow">
        <div className="mx-auto flex max-w-xl items-center gap-1 px-2">
          <Link to={DRIVER_HOME} className="driver-tap flex min-w-0 flex-1 flex-col justify-center px-2" aria-current={location.pathname === DRIVER_HOME ? "page" : undefined}>
            <span className="truncate text-base font-semibold">我的运单</span>
            <span className="truncate text-xs opacity-90">{name} · {productTitle}</span>
          </Link>
          <Link to={`${DRIVER_HOME}/wallet`} className="driver-tap flex items-center px-3 text-sm" aria-current={location.pathname === `${DRIVER_HOME}/wallet` ? "page" : undefined}>钱包</Link>
          <Link to={`${DRIVER_HOME}/messages`} className="driver-tap relative flex items-center px-3 text-sm" aria-current={location.pathname === `${DRIVER_HOME}/messages` ? "page" : undefined}>
            消息
            {msgNum > 0 ? <span className="ml-1 rounded-full bg-danger px-1.5 text-xs" data-testid="driver-unread">{badgeCount(msgNum)}</span> : null}
          </Link>
          <Form method="post" action="/logout" reloadDocument>
            <button type="submit" className="driver-tap px-3 text-sm">退出</button>
          </Form>
        </div>
      </header>
      <main id="main-content" className="mx-auto max-w-xl space-y-3 p-3">
        {children}
      </main>
      <footer className="mx-auto max-w-xl px-3 pb-6 text-center text-sm text-gray-600">
        <Link to="/dashboard" className="driver-tap inline-flex items-center px-3 underline">打开电脑版（全部功能）</Link>
      </footer>
    </div>
  );
}

/** The web app manifest and its icon, for 添加到主屏幕; every driver page links them. */
export const driverLinks: LinksFunction = () => [
  { rel: "manifest", href: "/driver.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/driver-192.png" },
];

/** The parents' title, plus the colour a phone gives its bar when the page is added to the home screen. */
export const driverMeta: MetaFunction = ({ matches }) => [
  ...matches.flatMap((match) => match.meta ?? []),
  { name: "theme-color", content: DEFAULT_SETTINGS.theme },
  { name: "mobile-web-app-capable", content: "yes" },
];

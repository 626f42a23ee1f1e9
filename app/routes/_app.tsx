import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useMemo } from "react";
import { Shell } from "~/components/layout/Shell";
import { DriverShell } from "~/components/driver/DriverShell";
import { isDriverPage, leafRoutes, menuFor, ROUTE_TREE } from "~/navigation";
import { notificationsApi } from "~/services/notifications.server";
import { requestBranding } from "~/services/target.server";
import { requireUser, viewerOf } from "~/services/user.server";

/** The tabs every user's tab bar keeps: from the route map, which does not change while the server runs. */
let affixTabs: Array<{ path: string; fullPath: string; title: string; affix: true }> | undefined;
const affixTabsOf = () =>
  (affixTabs ??= leafRoutes(ROUTE_TREE)
    .filter((r) => r.affix)
    .map((r) => ({ path: r.path, fullPath: r.path, title: r.title, affix: true as const })));

/** The console shell: every logged-in page renders inside it (spec 2.4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const msgNum = await notificationsApi.unreadCount(user);
  return json(
    {
      user: { id: user.info.id, name: user.info.name, headshotUrl: user.info.headshotUrl },
      viewer: viewerOf(user),
      affixTabs: affixTabsOf(),
      msgNum,
      productTitle: requestBranding(request).title,
    },
    { headers: await user.cookieHeaders() },
  );
}

/** Refreshed tokens are committed here for every page beneath the shell. */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const merged = new Headers(parentHeaders);
  const cookie = loaderHeaders.get("Set-Cookie");
  if (cookie) merged.append("Set-Cookie", cookie);
  return merged;
};

export default function AppLayout() {
  const data = useLoaderData<typeof loader>();
  // The permitted menu is derived from the route map (in both bundles) and the viewer, on the server
  // and again in the browser, rather than sent as data: it was half of the shell's loader data. Kept
  // per permission set (`menuFor`): the server draws it for every page.
  const menu = useMemo(() => menuFor(data.viewer), [data.viewer]);
  // The driver's own pages are drawn for his phone, without the staff console's menu and tabs.
  const { pathname } = useLocation();
  if (isDriverPage(pathname)) {
    return (
      <DriverShell name={data.user.name} msgNum={data.msgNum} productTitle={data.productTitle}>
        <Outlet />
      </DriverShell>
    );
  }
  return (
    <Shell user={data.user} menu={menu} affixTabs={data.affixTabs} msgNum={data.msgNum} productTitle={data.productTitle}>
      <Outlet />
    </Shell>
  );
}
export { shouldRevalidate } from "~/lib/revalidate";

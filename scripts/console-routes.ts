/**
 * Which Remix routes a request path falls on, matched with @remix-run/router, the matcher Remix itself
 * uses: as a metric label (the leaf route's id, its file name, e.g. `routes/_app.supplyManage.supplyList`,
 * so the request metrics have one series per page and not one per URL), and for the door, which
 * refuses a data request naming a route the path does not fall on.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

/** The page path of a single-fetch data request (`/a/b.data`, `/_root.data` for `/`), or null for any other path. */
export function dataRequestPath(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const path = pathname.slice(0, -".data".length);
  return path === "/_root" ? "/" : path;
}

/** The ids of the routes `pathname` falls on, root first. */
export function routeMatcher(build: Pick<ServerBuild, "routes">): (pathname: string) => string[] {
  const entries = Object.values(build.routes);
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        return route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
      });
  const tree = childrenOf(undefined);
  return (pathname: string) => (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id!);
}

export function routeLabeller(build: Pick<ServerBuild, "routes" | "publicPath">): (pathname: string) => string {
  const routesOf = routeMatcher(build);
  return (pathname: string) => {
    if (pathname.startsWith(build.publicPath)) return "assets";
    return routesOf(dataRequestPath(pathname) ?? pathname).at(-1) ?? "unmatched";
  };
}

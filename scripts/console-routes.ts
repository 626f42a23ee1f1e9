/**
 * The Remix route a request path falls on, as a metric label: the route's id (its
 * file name, e.g. `routes/_app.supplyManage.supplyList`), so the request metrics have one series per
 * page and not one per URL. Matched with @remix-run/router, the matcher Remix itself uses.
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

export function routeLabeller(build: Pick<ServerBuild, "routes" | "publicPath">): (pathname: string) => string {
  const entries = Object.values(build.routes);
  const childrenOf = (parentId: string | undefined): AgnosticRouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) => {
        const children = childrenOf(route.id);
        return route.index ? { id: route.id, index: true, path: route.path } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
      });
  const tree = childrenOf(undefined);
  return (pathname: string) => {
    if (pathname.startsWith(build.publicPath)) return "assets";
    const matches = matchRoutes(tree, pathname.replace(/\.data$/, "")) ?? [];
    return matches.at(-1)?.route.id ?? "unmatched";
  };
}

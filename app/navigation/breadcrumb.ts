/**
 * Breadcrumb and page titles for a console path, from the route map.
 */
import { matchRoute, normalizePath } from "./access";
import { HOME_PATH, PUBLIC_ROUTES, ROUTE_TREE } from "./routes";

export interface BreadcrumbItem {
  title: string;
  /** Where the item links to; null when it links nowhere. */
  path: string | null;
}

function fillParams(path: string, params: Record<string, string>): string {
  return path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? encodeURIComponent(params[segment.slice(1)] ?? segment) : segment))
    .join("/");
}

/** 首页 first, then the groups (linking to their default page), then the page itself. */
export function breadcrumb(pathname: string): BreadcrumbItem[] {
  const home = matchRoute(ROUTE_TREE, HOME_PATH)!.node;
  const homeItem: BreadcrumbItem = { title: home.title, path: home.path };
  const match = matchRoute(ROUTE_TREE, pathname);
  if (!match || match.node === home) return [homeItem];
  return [
    homeItem,
    ...match.ancestors.map((group) => ({ title: group.title, path: group.redirect ?? null })),
    { title: match.node.title, path: match.node.children ? (match.node.redirect ?? null) : fillParams(match.node.path, match.params) },
  ];
}

/** The route's title (console or public page), or undefined for an unknown path. */
export function pageTitle(pathname: string): string | undefined {
  const match = matchRoute(ROUTE_TREE, pathname);
  if (match) return match.node.title;
  const path = normalizePath(pathname);
  return PUBLIC_ROUTES.find((route) => route.path === path)?.title;
}

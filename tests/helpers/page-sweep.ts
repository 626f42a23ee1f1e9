/**
 * What the page sweeps (tests/pages/page-sweep.test.ts with JavaScript off, tests/e2e/page-sweep.spec.ts
 * with it on) share: the demo accounts, the pages of the route table and what an offered page must not say.
 */
import { isDriverPage, isDynamicPath, leafRoutes, ROUTE_TREE } from "../../app/navigation";


/** Text that means an offered page refused or failed. */
export const REFUSAL_TEXTS = ["没有权限", "查询失败", "没有访问权限", "页面出错"];

/** Every page of the route table one can open without an id: the menu's candidates. */
export const STATIC_PAGES: string[] = leafRoutes(ROUTE_TREE)
  .filter((node) => !node.hidden && !isDynamicPath(node.path))
  .map((node) => node.path);

/** The driver's own pages (司机端): not in any menu, swept for the driver at 375 px. */
export const DRIVER_PAGES: string[] = leafRoutes(ROUTE_TREE)
  .filter((node) => isDriverPage(node.path))
  .map((node) => node.path);

/** The Remix route id of a page ("routes/_app.system.role"), for data requests (`.data?_routes=`). */
export { routeIdOf } from "../../scripts/engine-routes";

/** The sidebar's links in a page's HTML: what the menu offers the account. */
export function menuLinks(hrefs: Iterable<string | undefined>): string[] {
  const links = new Set<string>();
  for (const href of hrefs) if (href?.startsWith("/")) links.add(href.split("?")[0]);
  return [...links];
}

/** Which refusal text a page's main content shows, or null. */
export function refusalIn(text: string): string | null {
  return REFUSAL_TEXTS.find((t) => text.includes(t)) ?? null;
}

/** The row links a sweep follows: the first row's 详情, 审核 and 编辑 pages. */
export const ROW_LINK_TEXTS = ["详情", "审核", "编辑"];

/** The demo fleet leader (周德胜), swept beside the four demo accounts. */
export const FLEET_LEADER_MOBILE = "13966200001";

/**
 * The in-page links an offered page hands on, from its `#main-content` anchors (text and href):
 * the first row's 详情/审核/编辑 pages (one per text) and its export downloads (`.xlsx`, checked by
 * status only). Anchors of the same address count once; addresses off the console are skipped.
 */
export function inPageLinks(anchors: Array<{ text: string; href: string | null; inFirstRow: boolean }>): { pages: string[]; exports: string[] } {
  const pages = new Map<string, string>();
  const exports = new Set<string>();
  for (const { text, href, inFirstRow } of anchors) {
    if (!href?.startsWith("/") || href.startsWith("//")) continue;
    const path = href.split("#")[0]!;
    if (/\.xlsx(\?|$)/.test(path)) exports.add(path);
    else if (inFirstRow) {
      const label = ROW_LINK_TEXTS.find((t) => text.trim() === t);
      if (label && !pages.has(label) && !path.includes("confirm=")) pages.set(label, path);
    }
  }
  return { pages: [...pages.values()], exports: [...exports] };
}

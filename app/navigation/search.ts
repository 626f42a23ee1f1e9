/**
 * The route search of the navbar (spec 2.4, 9): an index of the pages a viewer may open, searched
 * fuzzily over title and path.
 */
import { isDynamicPath } from "./access";
import type { RouteNode } from "./types";

export interface SearchEntry {
  title: string;
  path: string;
  /** The parent chain, e.g. "调度管理 > 运单列表". */
  label: string;
}

/** Navigable pages of a (permitted) tree: visible leaves without dynamic segments. */
export function searchIndex(permitted: RouteNode[]): SearchEntry[] {
  const entries: SearchEntry[] = [];
  const visit = (nodes: RouteNode[], parents: string[]) => {
    for (const node of nodes) {
      if (node.hidden) continue;
      const chain = [...parents, node.title];
      if (node.children) visit(node.children, chain);
      else if (!isDynamicPath(node.path)) entries.push({ title: node.title, path: node.path, label: chain.join(" > ") });
    }
  };
  visit(permitted, []);
  return entries;
}

/** Spec 9: threshold 0.4, title weight 0.7, path weight 0.3. */
export const ROUTE_SEARCH_OPTIONS = {
  threshold: 0.4,
  keys: [
    { name: "title", weight: 0.7 },
    { name: "path", weight: 0.3 },
  ],
} as const;

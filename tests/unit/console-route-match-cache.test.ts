import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cachedMatchRoutes, withMatchCache } from "../../scripts/console-route-match-cache";

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type MatchRoutes = (routes: Route[], location: string | { pathname: string }, basename?: string) => Array<{ params: Record<string, string>; pathname: string; pathnameBase: string; route: Route }> | null;

const routerFile = createRequire(import.meta.url).resolve("@remix-run/router");
const routerSource = readFileSync(routerFile, "utf8");

/** A fresh instance of the router's CommonJS build from `source` (no module cache, no load hook). */
function routerFrom(source: string): { matchRoutes: MatchRoutes } {
  const module = { exports: {} as Record<string, unknown> };
  new Function("exports", "require", "module", source)(module.exports, createRequire(routerFile), module);
  return module.exports as { matchRoutes: MatchRoutes };
}

/** A tree shaped like the console's: root, a pathless layout with pages, params, an index and a splat. */
function consoleLikeTree(): Route[] {
  const pages: Route[] = [
    { id: "routes/_app._index", index: true },
    { id: "routes/_app.dispatchManage.waybillList", path: "dispatchManage/waybillList" },
    { id: "routes/_app.freight.$way.$freightNo", path: "freight/:way/:freightNo" },
    { id: "routes/_app.freight.$way.new", path: "freight/:way/new" },
    { id: "routes/_app.resourceManager.driverList", path: "resourceManager/driverList" },
    { id: "routes/_app.docs.$", path: "docs/*" },
    { id: "routes/_app.optional.$id", path: "optional/:id?" },
  ];
  for (let i = 0; i < 200; i++) pages.push({ id: `routes/_app.page${i}`, path: `group${i % 20}/page${i}` });
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_app", children: pages },
        { id: "routes/login", path: "login" },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/dispatchManage/waybillList",
  "/dispatchManage/waybillList/",
  "/freight/ROAD/YD123",
  "/freight/ROAD/new",
  "/freight/WATER/%E4%B8%AD",
  "/docs/a/b/c",
  "/optional",
  "/optional/7",
  "/group3/page23",
  "/login",
  "/nowhere/at/all",
  "/DispatchManage/WaybillList",
];

describe("the console's route-match cache", () => {
  const original = routerFrom(routerSource);
  const cached = routerFrom(withMatchCache(routerSource));
  (globalThis as Record<symbol, unknown>)[Symbol.for("tms.cachedMatchRoutes")] = cachedMatchRoutes;

  it("rewrites the router it is installed with", () => {
    expect(withMatchCache(routerSource)).not.toBe(routerSource);
  });

  it("matches as the router does, on the first call and from the cache, with the routes of the tree at hand", () => {
    for (const path of PATHS) {
      const first = consoleLikeTree();
      const second = consoleLikeTree();
      const expected = original.matchRoutes(consoleLikeTree(), path);
      expect(cached.matchRoutes(first, path), path).toEqual(expected);
      const again = cached.matchRoutes(second, { pathname: path });
      expect(again, path).toEqual(expected);
      if (again) for (const match of again) expect(second.some(function holds(r: Route): boolean { return r === match.route || !!r.children?.some(holds); })).toBe(true);
    }
  });

  it("hands out params a caller may change without changing the next answer", () => {
    const tree = consoleLikeTree();
    const first = cached.matchRoutes(tree, "/freight/ROAD/YD9")!;
    expect(first[0]!.params).toBe(first.at(-1)!.params);
    first[0]!.params.way = "changed";
    expect(cached.matchRoutes(tree, "/freight/ROAD/YD9")!.at(-1)!.params).toEqual({ way: "ROAD", freightNo: "YD9" });
  });

  it("tells trees of other shapes apart, and matches routes without ids the router's way", () => {
    const tree = consoleLikeTree();
    expect(cached.matchRoutes(tree, "/login")!.at(-1)!.route.id).toBe("routes/login");
    const renamed = consoleLikeTree();
    renamed[0]!.children![1]!.path = "signin";
    expect(cached.matchRoutes(renamed, "/login")!.at(-1)!.route.id).toBe("routes/$");
    const anonymous: Route[] = [{ path: "a" }, { path: "b/:x" }];
    expect(cached.matchRoutes(anonymous, "/b/1")).toEqual(original.matchRoutes([{ path: "a" }, { path: "b/:x" }], "/b/1"));
  });
});

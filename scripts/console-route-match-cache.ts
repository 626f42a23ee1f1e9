/**
 * Route matching once per path, not three times per document.
 *
 * `@remix-run/router`'s `matchRoutes` flattens and ranks the whole route tree (about 220 modules) and
 * compiles a regular expression per route on every call, about 3 ms each here; a document request calls
 * it three times (Remix's server match, the static handler's query, `<RemixServer>`'s routes), each on
 * its own copy of the tree, and Remix 2 caches none of it. This module rewrites the router's
 * `matchRoutesImpl`, as Node loads each copy of the package, to first look the path up in a cache keyed
 * by the tree's shape (every route's id, path, index flag and case sensitivity, nested) and the path.
 * A hit rebuilds the matches with the route objects of the tree at hand; a miss, or a tree whose routes
 * carry no ids, runs the original.
 *
 * It must run before anything loads the router, so it is the first import of scripts/console-server.ts
 * and stays a separate file in the build (scripts/build-servers.mjs).
 */
import * as nodeModule from "node:module";

interface RouteLike {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}
interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteLike;
}
interface CachedMatch {
  id: string;
  pathname: string;
  pathnameBase: string;
}
type Uncached = (routes: RouteLike[], location: unknown, basename: string, allowPartial: boolean) => RouteMatch[] | null;
type ParsePath = (path: string) => { pathname?: string };

/** The paths remembered per tree shape; the oldest go first beyond it (a detail page's path names a record). */
const PATHS_PER_TREE = 2_000;

interface Tree {
  shape: string;
  byId: Map<string, RouteLike>;
}
const trees = new WeakMap<RouteLike[], Tree | null>();
const resultsByShape = new Map<string, Map<string, { matches: CachedMatch[]; params: RouteMatch["params"] } | null>>();

/** The tree's shape and its routes by id, or null when a route has no id (nothing to rebuild from). */
function treeOf(routes: RouteLike[]): Tree | null {
  let tree = trees.get(routes);
  if (tree !== undefined) return tree;
  const byId = new Map<string, RouteLike>();
  const parts: string[] = [];
  const walk = (list: RouteLike[]): boolean => {
    parts.push("[");
    for (const route of list) {
      if (typeof route.id !== "string" || byId.has(route.id)) return false;
      byId.set(route.id, route);
      parts.push(route.id, "\u0001", route.path ?? "\u0002", route.index ? "\u0003i" : "", route.caseSensitive ? "\u0003c" : "", "\u0004");
      if (route.children?.length && !walk(route.children)) return false;
    }
    parts.push("]");
    return true;
  };
  tree = walk(routes) ? { shape: parts.join(""), byId } : null;
  trees.set(routes, tree);
  return tree;
}

export function cachedMatchRoutes(uncached: Uncached, parsePath: ParsePath, routes: RouteLike[], location: unknown, basename: string, allowPartial: boolean): RouteMatch[] | null {
  const tree = Array.isArray(routes) ? treeOf(routes) : null;
  if (!tree) return uncached(routes, location, basename, allowPartial);
  const pathname = (typeof location === "string" ? parsePath(location) : (location as { pathname?: string } | null))?.pathname || "/";
  const key = `${allowPartial ? 1 : 0}${basename}\u0000${pathname}`;
  let results = resultsByShape.get(tree.shape);
  if (!results) resultsByShape.set(tree.shape, (results = new Map()));
  let cached = results.get(key);
  if (cached === undefined) {
    const matches = uncached(routes, location, basename, allowPartial);
    cached = matches ? { matches: matches.map((m) => ({ id: m.route.id!, pathname: m.pathname, pathnameBase: m.pathnameBase })), params: { ...matches.at(-1)?.params } } : null;
    if (results.size >= PATHS_PER_TREE) results.delete(results.keys().next().value!);
    results.set(key, cached);
    return matches;
  }
  if (!cached) return null;
  // The router hands every match of one result the same params object; so does this.
  const params = { ...cached.params };
  return cached.matches.map((m) => ({ params, pathname: m.pathname, pathnameBase: m.pathnameBase, route: tree.byId.get(m.id)! }));
}

const HOOK = Symbol.for("tms.cachedMatchRoutes");
/** The router's own function, renamed; the new one asks the cache first (the hook's global, if set). */
const ORIGINAL = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";
const REPLACEMENT = `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const cached = globalThis[Symbol.for("tms.cachedMatchRoutes")];
  return cached ? cached(matchRoutesImplUncached, parsePath, routes, locationArg, basename, allowPartial) : matchRoutesImplUncached(routes, locationArg, basename, allowPartial);
}
function matchRoutesImplUncached(routes, locationArg, basename, allowPartial) {`;

/** The router's CommonJS build (every copy of the package: Remix, React Router and the app each pin one). */
const ROUTER_FILE = /[/\\]@remix-run[/\\]router[/\\]dist[/\\]router\.cjs\.js$/;

/** The router's source with the cache in front of its matching; unchanged (and said so) if it no longer has the expected function. */
export function withMatchCache(source: string): string {
  if (!source.includes(ORIGINAL)) {
    process.emitWarning("@remix-run/router changed: route matches are not cached", { code: "TMS_ROUTE_MATCH_CACHE" });
    return source;
  }
  return source.replace(ORIGINAL, REPLACEMENT);
}

type Compile = (this: unknown, content: string, filename: string, ...rest: unknown[]) => unknown;
const moduleProto = (nodeModule as unknown as { Module: { prototype: { _compile: Compile } } }).Module.prototype;
if (!(HOOK in globalThis)) {
  (globalThis as Record<symbol, unknown>)[HOOK] = cachedMatchRoutes;
  // Every CommonJS module passes here with its source, under plain Node and under tsx alike (Node's
  // module.registerHooks would miss tsx, which reads the files itself).
  const compile = moduleProto._compile;
  moduleProto._compile = function (content, filename, ...rest) {
    return compile.call(this, ROUTER_FILE.test(filename) ? withMatchCache(content) : content, filename, ...rest);
  };
}

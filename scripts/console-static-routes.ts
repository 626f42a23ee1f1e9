/**
 * The route objects a document's render is given, built once per build instead of once per document.
 *
 * `<RemixServer>` turns the build's route manifest (about 240 routes) into React Router routes on
 * every render (`createServerRoutes`), and `createStaticRouter` copies those again into data routes
 * (`convertRoutesToDataRoutes`); both depend only on the build, which does not change while the server
 * runs, and the copies also defeat the route-match cache's per-tree memo
 * (console-route-match-cache.ts), which then walks the whole new tree for its shape. Here both are
 * kept per input: the manifest's routes object (the build's own, the same on every request) and the
 * routes array (kept by the first). Both packages call these through their CommonJS exports objects
 * at call time, so replacing the exported function is enough; nothing downstream changes these
 * objects in a server render (no `lazy` routes outside SPA mode).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

type CreateServerRoutes = (manifest: object, routeModules: object, future: unknown, isSpaMode: boolean, ...rest: unknown[]) => unknown[];
type ConvertRoutes = (routes: unknown[], mapRouteProperties: unknown, parentPath?: unknown, manifest?: Record<string, unknown>) => unknown[];

const MARK = Symbol.for("tms.staticRoutes");

/** Wraps the exported functions of the copies a build at `buildPath` loads; false when their layout changed. */
export function keepStaticRoutes(buildPath: string): boolean {
  const require = createRequire(buildPath);
  const remixRoutes = require(join(dirname(require.resolve("@remix-run/react")), "routes.js")) as { createServerRoutes: CreateServerRoutes & { [MARK]?: true } };
  const fromRemix = createRequire(require.resolve("@remix-run/react"));
  const fromRouterDom = createRequire(fromRemix.resolve("react-router-dom/server"));
  const router = fromRouterDom("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes & { [MARK]?: true } };
  if (typeof remixRoutes.createServerRoutes !== "function" || typeof router.UNSAFE_convertRoutesToDataRoutes !== "function") {
    process.emitWarning("@remix-run/react or @remix-run/router changed: a document's routes are built per request", { code: "TMS_STATIC_ROUTES" });
    return false;
  }
  if (!remixRoutes.createServerRoutes[MARK]) {
    const original = remixRoutes.createServerRoutes;
    // Keyed by the manifest's routes object and SPA mode; a call from inside the tree (a parent id) or
    // with another future flag set is not the top-level one and goes to the original.
    const kept = new WeakMap<object, { future: unknown; isSpaMode: boolean; routes: unknown[] }>();
    const wrapped = Object.assign(
      function createServerRoutes(manifest: object, routeModules: object, future: unknown, isSpaMode: boolean, ...rest: unknown[]) {
        if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
        const hit = kept.get(manifest);
        if (hit && hit.future === future && hit.isSpaMode === isSpaMode) return hit.routes;
        const routes = original(manifest, routeModules, future, isSpaMode);
        kept.set(manifest, { future, isSpaMode, routes });
        return routes;
      },
      { [MARK]: true as const },
    );
    remixRoutes.createServerRoutes = wrapped;
  }
  if (!router.UNSAFE_convertRoutesToDataRoutes[MARK]) {
    const original = router.UNSAFE_convertRoutesToDataRoutes;
    const kept = new WeakMap<unknown[], { mapRouteProperties: unknown; dataRoutes: unknown[]; byId: Record<string, unknown> }>();
    const wrapped = Object.assign(
      function convertRoutesToDataRoutes(routes: unknown[], mapRouteProperties: unknown, parentPath?: unknown, manifest?: Record<string, unknown>) {
        // The static router's call: top level, with a manifest to fill. Any other goes to the original.
        if (parentPath !== undefined || !manifest || !Array.isArray(routes)) return original(routes, mapRouteProperties, parentPath, manifest);
        const hit = kept.get(routes);
        if (hit && hit.mapRouteProperties === mapRouteProperties) {
          Object.assign(manifest, hit.byId);
          return hit.dataRoutes;
        }
        const byId: Record<string, unknown> = {};
        const dataRoutes = original(routes, mapRouteProperties, undefined, byId);
        kept.set(routes, { mapRouteProperties, dataRoutes, byId });
        Object.assign(manifest, byId);
        return dataRoutes;
      },
      { [MARK]: true as const },
    );
    router.UNSAFE_convertRoutesToDataRoutes = wrapped;
  }
  return true;
}

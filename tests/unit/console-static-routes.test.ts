import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { keepStaticRoutes } from "../../scripts/console-static-routes";

type ServerRoute = { id: string; path?: string; index?: boolean; children?: ServerRoute[] };
type DataRoute = ServerRoute & { hasErrorBoundary?: boolean };

// The copies a build under the project loads, as keepStaticRoutes finds them.
const fromProject = createRequire(fileURLToPath(import.meta.url));
const remixRoutes = fromProject(join(dirname(fromProject.resolve("@remix-run/react")), "routes.js")) as {
  createServerRoutes: (manifest: object, routeModules: object, future: object, isSpaMode: boolean) => ServerRoute[];
};
const fromRouterDom = createRequire(createRequire(fromProject.resolve("@remix-run/react")).resolve("react-router-dom/server"));
const router = fromRouterDom("@remix-run/router") as {
  UNSAFE_convertRoutesToDataRoutes: (routes: ServerRoute[], mapRouteProperties: (route: object) => object, parentPath?: unknown, manifest?: Record<string, DataRoute>) => DataRoute[];
};

/** A manifest like the build's: root, a layout and its pages. */
const manifest = {
  root: { id: "root", path: "", hasLoader: true },
  "routes/_app": { id: "routes/_app", parentId: "root", hasLoader: true },
  "routes/_app.dispatchManage.waybillList": { id: "routes/_app.dispatchManage.waybillList", parentId: "routes/_app", path: "dispatchManage/waybillList", hasLoader: true },
  "routes/_app._index": { id: "routes/_app._index", parentId: "routes/_app", index: true },
  "routes/login": { id: "routes/login", parentId: "root", path: "login" },
};
const modules = () => Object.fromEntries(Object.keys(manifest).map((id) => [id, { default: () => null }]));
const shape = (routes: ServerRoute[]): unknown => routes.map((r) => ({ id: r.id, path: r.path, index: r.index, children: r.children && shape(r.children) }));
const future = {};

describe("a document's routes, once per build", () => {
  const before = remixRoutes.createServerRoutes(manifest, modules(), future, false);
  const mapRouteProperties = (route: object) => ({ hasErrorBoundary: "ErrorBoundary" in route });
  const dataBefore: Record<string, DataRoute> = {};
  router.UNSAFE_convertRoutesToDataRoutes(before, mapRouteProperties, undefined, dataBefore);

  it("wraps both packages' exported functions, and only once", () => {
    expect(keepStaticRoutes(fileURLToPath(import.meta.url))).toBe(true);
    const wrapped = remixRoutes.createServerRoutes;
    expect(keepStaticRoutes(fileURLToPath(import.meta.url))).toBe(true);
    expect(remixRoutes.createServerRoutes).toBe(wrapped);
  });

  it("gives every render of one manifest the same route objects, shaped as the packages build them", () => {
    keepStaticRoutes(fileURLToPath(import.meta.url));
    const first = remixRoutes.createServerRoutes(manifest, modules(), future, false);
    // Each request's route modules are a new object with the same modules.
    expect(remixRoutes.createServerRoutes(manifest, modules(), future, false)).toBe(first);
    expect(shape(first)).toEqual(shape(before));
    // SPA mode is another set of routes (lazy ones).
    expect(remixRoutes.createServerRoutes(manifest, modules(), future, true)).not.toBe(first);
  });

  it("fills each static router's own manifest with the kept data routes", () => {
    keepStaticRoutes(fileURLToPath(import.meta.url));
    const routes = remixRoutes.createServerRoutes(manifest, modules(), future, false);
    const one: Record<string, DataRoute> = {};
    const two: Record<string, DataRoute> = {};
    const dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, one);
    expect(router.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, two)).toBe(dataRoutes);
    expect(Object.keys(two).sort()).toEqual(Object.keys(dataBefore).sort());
    expect(two["routes/_app.dispatchManage.waybillList"]).toBe(one["routes/_app.dispatchManage.waybillList"]);
    expect(shape(dataRoutes)).toEqual(shape(before));
  });
});

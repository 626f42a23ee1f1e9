/**
 * The console's route definitions besides app/routes' files: the engine pages of the page registry
 * (scripts/engine-routes.ts writes their modules, then they are defined here under the `_app` layout,
 * with the route ids their hand-written files would have had). vite.config.ts passes this function as
 * `routes` to the Remix plugin.
 */
import { tsImport } from "tsx/esm/api";

/** @param {import("@remix-run/dev/dist/config/routes").DefineRoutesFunction} defineRoutes */
export async function engineRoutes(defineRoutes) {
  /** @type {typeof import("./engine-routes.ts")} */
  const { writeEngineRoutes } = await tsImport("./engine-routes.ts", import.meta.url);
  const pages = await writeEngineRoutes();
  const defined = defineRoutes((route) => {
    for (const page of pages) route(page.path.slice(1), page.file, { id: page.id });
  });
  return Object.fromEntries(Object.values(defined).map((route) => [route.id, { ...route, parentId: "routes/_app" }]));
}

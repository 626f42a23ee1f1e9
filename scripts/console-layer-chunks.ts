/**
 * How the console's browser code is cut into chunks (vite.config.ts's `manualChunks`).
 */
import type { Rollup } from "vite";

const app = (file: string) => new URL(`../app/${file}`, import.meta.url).pathname;
/**
 * The browser's code that every page loads, in a few chunks per layer instead of one per shared module
 * (each chunk is a `modulepreload` link in every document and an entry in its inline manifest): what
 * the entry and the root route import statically ("shell": every document loads it), and what the
 * console's layout route `_app` adds to that ("app": every console page loads it), each with the
 * packages apart ("…-vendor"), which change less often than the console's own code. A module goes into
 * a layer's chunk only if every page that loads it loads the layer: what a page outside `_app` (the
 * login, the H5 pages) imports too stays where Rollup puts it, so no page loads more code than before.
 * A route's own module stays its own file (the manifest names it), and so does what only some of the
 * console's pages share.
 */
const LAYERS = [
  { chunk: "shell", from: (file: string) => file === app("entry.client.tsx") || file === app("root.tsx") },
  { chunk: "app", from: (file: string) => file === app("routes/_app.tsx") },
];
/** A route module the `_app` layout does not hold (the engine pages' generated modules are `_app.*` too). */
const outsideApp = (file: string) => !/\/_app(\.[^/]*)?\.tsx$/.test(file) && !LAYERS[0]!.from(file);
export function layerChunks(): Rollup.GetManualChunk {
  let layerOf: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!layerOf) {
      const entries = [...getModuleIds()].filter((moduleId) => getModuleInfo(moduleId)?.isEntry);
      const fileOf = (moduleId: string) => moduleId.replace(/\?.*$/, "");
      /** What the entries `from` picks import statically, themselves left out (an entry keeps its own file). */
      const closure = (from: (file: string) => boolean) => {
        const stack = entries.filter((moduleId) => from(fileOf(moduleId)));
        const seen = new Set<string>();
        while (stack.length > 0) {
          const moduleId = stack.pop()!;
          if (seen.has(moduleId)) continue;
          seen.add(moduleId);
          stack.push(...(getModuleInfo(moduleId)?.importedIds ?? []));
        }
        for (const entry of entries) seen.delete(entry);
        return seen;
      };
      layerOf = new Map();
      const shell = closure(LAYERS[0]!.from);
      const outside = [...closure(outsideApp)].filter((moduleId) => !shell.has(moduleId));
      // Rollup puts a manual chunk's modules' imports into it too: a module that imports, at any depth,
      // what a page outside `_app` loads would bring that along, so it stays out of the "app" layer too.
      const reachesOutside = new Set<string>();
      const stack = [...outside];
      while (stack.length > 0) {
        const moduleId = stack.pop()!;
        if (reachesOutside.has(moduleId)) continue;
        reachesOutside.add(moduleId);
        stack.push(...(getModuleInfo(moduleId)?.importers ?? []));
      }
      for (const [i, { chunk, from }] of LAYERS.entries()) {
        for (const moduleId of closure(from)) {
          if (layerOf.has(moduleId) || (i > 0 && reachesOutside.has(moduleId))) continue;
          // Rollup's helpers (`\0…`) go with the packages, which use them, or the chunks would import each other.
          layerOf.set(moduleId, /\/node_modules\/|^\0/.test(moduleId) ? `${chunk}-vendor` : chunk);
        }
      }
    }
    return layerOf.get(id);
  };
}

/** After a refused action the page's loaders run again, on every page (app/lib/revalidate.ts). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shouldRevalidate } from "../../app/lib/revalidate";
import { engineRoutes, moduleSource } from "../../scripts/engine-routes";

const root = new URL("../..", import.meta.url).pathname;
const REEXPORT = 'export { shouldRevalidate } from "~/lib/revalidate";';
const isPageWithLoader = (text: string) => /^export (const|async function|function) loader\b/m.test(text) && /^export default\b/m.test(text);

describe("revalidation after an action", () => {
  const args = (actionStatus: number | undefined, defaultShouldRevalidate: boolean) => ({ actionStatus, defaultShouldRevalidate }) as Parameters<typeof shouldRevalidate>[0];

  it("runs the loaders again after a refusal, otherwise as Remix decides", () => {
    expect(shouldRevalidate(args(400, false))).toBe(true);
    expect(shouldRevalidate(args(409, false))).toBe(true);
    expect(shouldRevalidate(args(200, false))).toBe(false);
    expect(shouldRevalidate(args(undefined, true))).toBe(true);
    expect(shouldRevalidate(args(undefined, false))).toBe(false);
  });

  it("is what every hand-written page with a loader exports, the root's included", () => {
    const files = [join(root, "app/root.tsx"), ...readdirSync(join(root, "app/routes")).filter((f) => f.endsWith(".tsx")).map((f) => join(root, "app/routes", f))];
    const pages = files.filter((file) => isPageWithLoader(readFileSync(file, "utf8")));
    expect(pages.length).toBeGreaterThan(50);
    expect(pages.filter((file) => !readFileSync(file, "utf8").includes(REEXPORT))).toEqual([]);
  });

  it("is what every generated engine page exports", async () => {
    const routes = await engineRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !moduleSource(route).includes(REEXPORT)).map((route) => route.path)).toEqual([]);
  });
});

/**
 * Prints a Markdown table of every page of the route map (hidden ones included): path, title,
 * the roles it needs at each level, the version function, and whether a Remix route file exists.
 * Run: npx tsx scripts/route-table.ts        (print)
 *      npx tsx scripts/route-table.ts --write (refresh the table in README.md)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ROUTE_TREE, type RouteNode } from "../app/navigation";

const ROUTE_FILE_EXTENSIONS = ["tsx", "ts", "jsx", "js"];

/**
 * The file names (relative to app/routes) that would declare a page under the `_app` layout with
 * Remix flat routes: "/a/:id/b" → "_app.a.$id.b.tsx" or "_app.a.$id.b/route.tsx".
 */
export function routeFileCandidates(path: string): string[] {
  const segments = path.split("/").filter(Boolean).map((segment) => (segment.startsWith(":") ? `$${segment.slice(1)}` : segment));
  const base = ["_app", ...segments].join(".");
  // `._index`: a page whose path prefixes another page's ("/a/:id" and "/a/:id/audit") must not be its layout.
  return ROUTE_FILE_EXTENSIONS.flatMap((ext) => [`${base}.${ext}`, `${base}/route.${ext}`, `${base}._index.${ext}`]);
}

export function isBuilt(path: string, routesDir: string): boolean {
  return routeFileCandidates(path).some((candidate) => existsSync(join(routesDir, candidate)));
}

/**
 * Each level's roles, outermost first, e.g. "SYSTEM_USER, ORG_USER → TMS_SOURCE_LIST". A level
 * implied by a deeper one (every deeper role is among its roles) is left out.
 */
function rolesColumn(chain: RouteNode[]): string {
  const levels = chain.flatMap((node) => (node.roles?.length ? [node.roles] : []));
  const needed = levels.filter((level, i) => !levels.slice(i + 1).some((deeper) => deeper.every((role) => level.includes(role))));
  return needed.length ? needed.map((level) => level.join(", ")).join(" → ") : "（不限）";
}

function leavesWithChain(nodes: RouteNode[], ancestors: RouteNode[] = []): RouteNode[][] {
  return nodes.flatMap((node) => (node.children ? leavesWithChain(node.children, [...ancestors, node]) : [[...ancestors, node]]));
}

export function routeTable(tree: RouteNode[], routesDir: string): string {
  const rows = leavesWithChain(tree).map((chain) => {
    const page = chain[chain.length - 1];
    const title = page.hidden ? `${page.title}（隐藏）` : page.title;
    const version = chain.some((node) => node.versionFunction === "CAPTAIN") ? "CAPTAIN" : "";
    return `| \`${page.path}\` | ${title} | ${rolesColumn(chain)} | ${version} | ${isBuilt(page.path, routesDir) ? "✓" : "—"} |`;
  });
  return ["| 路径 | 标题 | 角色 | 版本功能 | 已实现 |", "|---|---|---|---|---|", ...rows].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routesDir = fileURLToPath(new URL("../app/routes", import.meta.url));
  const table = routeTable(ROUTE_TREE, routesDir);
  if (process.argv.includes("--write")) {
    // Replaces the table between the README's route markers.
    const readme = fileURLToPath(new URL("../README.md", import.meta.url));
    const text = readFileSync(readme, "utf8");
    const updated = text.replace(/(<!-- routes:start -->)[\s\S]*?(<!-- routes:end -->)/, `$1\n${table}\n$2`);
    writeFileSync(readme, updated);
    const built = (table.match(/✓ \|$/gm) ?? []).length;
    console.log(`README route table: ${built} built of ${table.split("\n").length - 2}`);
  } else console.log(table);
}

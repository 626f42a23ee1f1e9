/**
 * Prints a Markdown table of every page of the page registry (hidden ones included): path, title,
 * who may open it (from the access rule), the version function, and whether it has a route (a
 * hand-written module or an engine binding).
 * Run: npx tsx scripts/route-table.ts        (print)
 *      npx tsx scripts/route-table.ts --write (write docs/routes.md)
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { leafRoutes, resolveAccess, ROUTE_TREE, type RouteNode, type Viewer } from "../app/navigation";
import { deniedPages, resourcePageCodes } from "../app/services/page-access.server";
import { codeKinds, PERMISSION_CODES, WATER_PERMISSION, type PermissionCode } from "../contract/permissions";
import { USER_TYPES, type UserType } from "../contract/platforms";
import { readSettings } from "../contract/settings";
import { engineRoutes, handWrittenFile, HAND_WRITTEN_DIR } from "./engine-routes";

/**
 * The registry's pages that have a route: a hand-written module in `routesDir`, or an engine binding
 * (scripts/engine-routes.ts generates its module).
 */
export async function builtPaths(routesDir = HAND_WRITTEN_DIR): Promise<Set<string>> {
  const engine = new Set((await engineRoutes(routesDir)).map((route) => route.path));
  return new Set(leafRoutes(ROUTE_TREE).filter((node) => engine.has(node.path) || handWrittenFile(node.path, routesDir)).map((node) => node.path));
}

/** The default build's version functions (CAPTAIN, DRIVER): the table shows the water pages. */
const VERSION_FUNCTIONS = readSettings({}).settings.TMS_VERSION_FUNCTIONS;

/** The most an account of `kind` can hold: every catalogue code its kind may use, and the build's version functions. */
function fullestViewer(kind: UserType): Viewer {
  const codes = PERMISSION_CODES.filter((code) => codeKinds(code)?.includes(kind) ?? true);
  return { roles: [kind, ...codes], versionFunctions: VERSION_FUNCTIONS, denied: deniedPages(kind, codes) };
}

const FULLEST = USER_TYPES.map((kind) => ({ kind, viewer: fullestViewer(kind) }));

/** A path the page's pattern matches (parameters set to 1), as a browser would open it. */
const samplePath = (path: string) => path.replace(/:[^/]+/g, "1");

/**
 * Who may open the page, from the rule the route guard applies (resolveAccess, with the pages the
 * platform's resource rules close): the kinds of account that can open it at all, then after "→" the
 * codes it needs, each group separated by " + " and each group met by any one of its codes ("A / B"):
 * the deepest level of the menu that names codes, the codes the page's resource asks for its verb, and
 * the water permission on CAPTAIN pages, e.g.
 * "SYSTEM_USER, ORG_USER → TMS_SOURCE_LIST". "（不限）": every kind, no code.
 */
export function whoMayOpen(page: RouteNode, chain: RouteNode[]): string {
  const kinds = FULLEST.filter(({ viewer }) => resolveAccess(samplePath(page.path), viewer).kind === "ok").map(({ kind }) => kind);
  if (!kinds.length) return "（无）";
  const anyOf = [...chain].reverse().map((node) => (node.roles ?? []).filter((role) => PERMISSION_CODES.includes(role as PermissionCode))).find((level) => level.length) ?? [];
  const resource = resourcePageCodes(page.path);
  const sameAsMenu = resource.length === anyOf.length && resource.every((code) => anyOf.includes(code));
  const groups = [anyOf.join(" / "), sameAsMenu ? "" : resource.join(" / "), chain.some((node) => node.versionFunction === "CAPTAIN") ? WATER_PERMISSION : ""].filter(Boolean);
  const who = kinds.length === USER_TYPES.length && !groups.length ? "（不限）" : kinds.join(", ");
  return groups.length ? `${who} → ${groups.join(" + ")}` : who;
}

/** The kinds and code groups of a row's 角色 column (whoMayOpen's text read back). */
export function parseWhoMayOpen(text: string): { kinds: UserType[]; groups: PermissionCode[][] } {
  const [who = "", codes = ""] = text.split(" → ");
  const kinds = who === "（不限）" ? [...USER_TYPES] : who === "（无）" ? [] : (who.split(", ") as UserType[]);
  const groups = codes ? codes.split(" + ").map((group) => group.split(" / ") as PermissionCode[]) : [];
  return { kinds, groups };
}

function leavesWithChain(nodes: RouteNode[], ancestors: RouteNode[] = []): RouteNode[][] {
  return nodes.flatMap((node) => (node.children ? leavesWithChain(node.children, [...ancestors, node]) : [[...ancestors, node]]));
}

export function routeTable(tree: RouteNode[], built: ReadonlySet<string>): string {
  const rows = leavesWithChain(tree).map((chain) => {
    const page = chain[chain.length - 1];
    const title = page.hidden ? `${page.title}（隐藏）` : page.title;
    const version = chain.some((node) => node.versionFunction === "CAPTAIN") ? "CAPTAIN" : "";
    return `| \`${page.path}\` | ${title} | ${whoMayOpen(page, chain)} | ${version} | ${built.has(page.path) ? "✓" : "—"} |`;
  });
  return ["| 路径 | 标题 | 角色 | 版本功能 | 已实现 |", "|---|---|---|---|---|", ...rows].join("\n");
}

/** docs/routes.md: a short introduction and the table (generated, not edited by hand). */
export function routesDocument(table: string): string {
  const built = (table.match(/✓ \|$/gm) ?? []).length;
  const total = table.split("\n").length - 2;
  return [
    "# Routes",
    "",
    "Every page of spec 2.2 is declared once, in the page registry `app/navigation/routes.ts`; the sidebar,",
    "breadcrumb, route search, tab titles, page titles, access checks and the engine pages' routes all derive",
    "from it ([design/page-access.md](design/page-access.md#one-page-registry)). 角色 is worked out from the rule the",
    "route guard applies (`resolveAccess`, with the pages the platform's resource rules close to an account):",
    "the kinds of account that can open the page, then after → the codes it needs: groups joined by +, each",
    "met by any one of its codes (A / B): the menu's, the page's resource's, and the water permission on",
    "CAPTAIN pages. （不限）: every kind, no code. The page sweep checks, for every demo account, that its menu",
    "offers exactly the pages this table says it may open, that every row answers each account as its 角色",
    "says, and that every other page answers 403. 已实现 ✓ means the page has a route: a hand-written module",
    "in `app/routes/`, or an engine binding (a resource page, report or step queue naming its path) whose",
    "module `scripts/engine-routes.ts` generates.",
    "",
    `Generated by \`npx tsx scripts/route-table.ts --write\`: ${built} of ${total} pages built.`,
    "",
    table,
    "",
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const table = routeTable(ROUTE_TREE, await builtPaths());
  if (process.argv.includes("--write")) {
    writeFileSync(new URL("../docs/routes.md", import.meta.url), routesDocument(table));
    const built = (table.match(/✓ \|$/gm) ?? []).length;
    console.log(`docs/routes.md: ${built} built of ${table.split("\n").length - 2}`);
  } else console.log(table);
}

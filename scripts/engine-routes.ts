/**
 * The engine pages' route modules, derived from the page registry (docs/design/page-access.md, one page registry).
 *
 * A page of the registry (app/navigation/routes.ts: path, title, menu place, access) whose path has no
 * hand-written module in app/routes is an engine page when one binding names its path: a resource page
 * of app/pages (list, detail, form, audit), a report of contract/reports.ts or a step queue of
 * app/lib/steps.ts. Its route module is the same few lines for every page of a kind, so it is written
 * here, into app/generated-routes/ (not in git), one file per page: each page's client chunk imports
 * its own binding only, as a hand-written file would. scripts/route-config.mjs hands them to Remix.
 *
 *   npx tsx scripts/engine-routes.ts     (write them; the build, typecheck and lint do it first)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { leafRoutes, ROUTE_TREE } from "../app/navigation";
import { QUEUES } from "../app/lib/steps";
import type { ResourcePage } from "../app/pages/kit";
import { REPORTS } from "../contract/reports";

const appDir = fileURLToPath(new URL("../app", import.meta.url));
export const HAND_WRITTEN_DIR = join(appDir, "routes");
/** Relative to app/ (Remix's route files are). */
const GENERATED = "generated-routes";
const generatedDir = join(appDir, GENERATED);

const ROUTE_FILE_EXTENSIONS = ["tsx", "ts", "jsx", "js"];

/**
 * The file names (relative to app/routes) that would declare a page under the `_app` layout with
 * Remix flat routes: "/a/:id/b" → "_app.a.$id.b.tsx" or "_app.a.$id.b/route.tsx".
 */
export function routeFileCandidates(path: string): string[] {
  const base = flatName(path);
  // `._index`: a page whose path prefixes another page's ("/a/:id" and "/a/:id/audit") must not be its layout.
  return ROUTE_FILE_EXTENSIONS.flatMap((ext) => [`${base}.${ext}`, `${base}/route.${ext}`, `${base}._index.${ext}`]);
}

/** "/a/:id/b" → "_app.a.$id.b", the flat-route name (and route id after "routes/") of a page. */
function flatName(path: string): string {
  const segments = path.split("/").filter(Boolean).map((segment) => (segment.startsWith(":") ? `$${segment.slice(1)}` : segment));
  return ["_app", ...segments].join(".");
}

/** The hand-written module of a page in `routesDir`, relative to it, or undefined. */
export function handWrittenFile(path: string, routesDir = HAND_WRITTEN_DIR): string | undefined {
  return routeFileCandidates(path).find((candidate) => existsSync(join(routesDir, candidate)));
}

/** The Remix route id of a page ("routes/_app.system.role"): its hand-written module's, or its engine page's. */
export function routeIdOf(path: string, routesDir = HAND_WRITTEN_DIR): string {
  const file = handWrittenFile(path, routesDir);
  return `routes/${file ? file.replace(/(\/route)?\.(tsx|ts|jsx|js)$/, "") : flatName(path)}`;
}

/** What an engine page's module binds: the generic loader, action and component, and its argument. */
type Binding =
  | { kind: "list" | "detail" | "form" | "audit"; module: string; name: string; key: string; readOnly?: boolean }
  | { kind: "report"; key: string }
  | { kind: "queue"; key: string };

export interface EngineRoute {
  /** The registry's path, e.g. "/carAdministration/carDetail/:id". */
  path: string;
  /** The Remix route id a hand-written file of the same page would have had ("routes/_app.…"). */
  id: string;
  /** Relative to app/. */
  file: string;
  binding: Binding;
}

/** Every resource page binding exported by app/pages/*, by path: which module and export hold it. */
async function resourceBindings(): Promise<Map<string, Binding[]>> {
  const dir = join(appDir, "pages");
  const found = new Map<string, Binding[]>();
  // A binding exported again under another name (a re-export) is still one binding.
  const seen = new Set<unknown>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts")).sort()) {
    const module = file.slice(0, -".ts".length);
    const exports = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, group] of Object.entries(exports)) {
      if (!group || typeof group !== "object" || Array.isArray(group)) continue;
      for (const [key, page] of Object.entries(group as Record<string, unknown>)) {
        const p = page as Partial<ResourcePage> | undefined;
        if (!p || typeof p !== "object" || typeof p.path !== "string" || !p.def || !p.kind || seen.has(p)) continue;
        seen.add(p);
        const readOnly = p.kind === "list" && p.readOnly;
        found.set(p.path, [...(found.get(p.path) ?? []), { kind: p.kind, module, name, key, ...(readOnly ? { readOnly } : {}) }]);
      }
    }
  }
  return found;
}

/**
 * The binding a page shows: the one naming its path; when a related section's list names its
 * detail's path too (a fleet leader's members on his 车队长详情), the page that is not a list.
 */
function chosen(path: string, candidates: Binding[]): Binding | undefined {
  if (candidates.length <= 1) return candidates[0];
  const pages = candidates.filter((binding) => binding.kind !== "list");
  if (pages.length === 1) return pages[0];
  throw new Error(`${path}: ${candidates.length} bindings name this page; give it a hand-written module in app/routes`);
}

/** The engine pages of the registry: its pages without a hand-written module that a binding names. */
export async function engineRoutes(routesDir = HAND_WRITTEN_DIR): Promise<EngineRoute[]> {
  const bindings = await resourceBindings();
  const add = (path: string, binding: Binding) => bindings.set(path, [...(bindings.get(path) ?? []), binding]);
  for (const [key, report] of Object.entries(REPORTS)) add(report.path, { kind: "report", key });
  for (const [key, queue] of Object.entries(QUEUES)) add(queue.path, { kind: "queue", key });
  return leafRoutes(ROUTE_TREE).flatMap((node) => {
    if (handWrittenFile(node.path, routesDir)) return [];
    const binding = chosen(node.path, bindings.get(node.path) ?? []);
    if (!binding) return [];
    const name = flatName(node.path);
    return [{ path: node.path, id: `routes/${name}`, file: `${GENERATED}/${name}.tsx`, binding }];
  });
}

/** Per kind: the component (its module), the loader and the action of resource-pages.server.ts. */
const RESOURCE_KINDS = {
  list: { component: "ResourceListPage", from: "resource/ResourceListPage", loader: "listLoader", action: "recordAction" },
  detail: { component: "ResourceDetailPage", from: "resource/ResourceDetailPage", loader: "detailLoader", action: "recordAction" },
  audit: { component: "ResourceDetailPage", from: "resource/ResourceDetailPage", loader: "detailLoader", action: "auditAction" },
  form: { component: "ResourceFormPage", from: "resource/ResourceFormPage", loader: "formLoader", action: "formAction" },
} as const;

/** The module of one engine page: what its hand-written file would say. */
export function moduleSource(route: EngineRoute): string {
  const { binding } = route;
  const headOf = (types: string) => [
    `// Generated by scripts/engine-routes.ts for ${route.path} from the page registry; not edited by hand.`,
    `import type { ${types} } from "@remix-run/node";`,
    `import { PageErrorBoundary } from "~/components/layout/PageErrorBoundary";`,
  ];
  const head = headOf("ActionFunctionArgs, LoaderFunctionArgs");
  const tail = ["export const ErrorBoundary = PageErrorBoundary;", `export { shouldRevalidate } from "~/lib/revalidate";`, ""];
  if (binding.kind === "report") {
    return [
      ...headOf("LoaderFunctionArgs"),
      `import { ReportPage } from "~/components/report/ReportPage";`,
      `import { loadReport } from "~/services/pages/reports.server";`,
      "",
      `export const loader = (args: LoaderFunctionArgs) => loadReport(${JSON.stringify(binding.key)}, args);`,
      "export default ReportPage;",
      ...tail,
    ].join("\n");
  }
  if (binding.kind === "queue") {
    return [
      ...head,
      `import { StepQueuePage } from "~/components/dispatch/StepQueue";`,
      `import { queueAction, queueLoader } from "~/services/pages/queue.server";`,
      "",
      `export const loader = (args: LoaderFunctionArgs) => queueLoader(${JSON.stringify(binding.key)}, args);`,
      `export const action = (args: ActionFunctionArgs) => queueAction(${JSON.stringify(binding.key)}, args);`,
      "export default StepQueuePage;",
      ...tail,
    ].join("\n");
  }
  const kind = RESOURCE_KINDS[binding.kind];
  const action = binding.readOnly ? null : kind.action;
  return [
    ...(action ? head : headOf("LoaderFunctionArgs")),
    `import { ${kind.component} } from "~/components/${kind.from}";`,
    `import { ${binding.name} } from "~/pages/${binding.module}";`,
    `import { ${[action, kind.loader].filter(Boolean).sort().join(", ")} } from "~/services/resource-pages.server";`,
    "",
    `const page = ${binding.name}.${binding.key}!;`,
    `export const loader = (args: LoaderFunctionArgs) => ${kind.loader}(page, args);`,
    ...(action ? [`export const action = (args: ActionFunctionArgs) => ${action}(page, args);`] : []),
    "export default function EnginePage() {",
    `  return <${kind.component} page={page} />;`,
    "}",
    ...tail,
  ].join("\n");
}

/**
 * Writes the engine pages' modules into app/generated-routes and removes any other file there. A file
 * is rewritten only when its text changes (the console build compares sources' times with its own),
 * through a rename, so that runs side by side (typecheck, lint, build) never see half a file.
 */
export async function writeEngineRoutes(): Promise<EngineRoute[]> {
  const routes = await engineRoutes();
  mkdirSync(generatedDir, { recursive: true });
  const wanted = new Set<string>();
  for (const route of routes) {
    const target = join(appDir, route.file);
    const name = route.file.slice(GENERATED.length + 1);
    wanted.add(name);
    const text = moduleSource(route);
    if (existsSync(target) && readFileSync(target, "utf8") === text) continue;
    const temporary = join(generatedDir, `.${name}.${process.pid}.tmp`);
    writeFileSync(temporary, text);
    renameSync(temporary, target);
  }
  for (const name of readdirSync(generatedDir)) if (!wanted.has(name) && !name.startsWith(".")) rmSync(join(generatedDir, name), { force: true });
  return routes;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routes = await writeEngineRoutes();
  console.error(`app/${GENERATED}: ${routes.length} engine pages`);
}

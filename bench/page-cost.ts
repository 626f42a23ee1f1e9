/**
 * bench/page-cost: what one list page costs, in figures a busy machine does not inflate much.
 * Prints one JSON line.
 *
 *   npx tsx bench/page-cost.ts [--requests 300] [--port 3772] [--db file:…] [--pages waybillList,vehicleList] [--profile [--profile-platform]]
 *
 * Pages: waybillList (ORG_USER), waybillListSystem (SYSTEM_USER, only when named), driverList, vehicleList, dashboard.
 *
 * Starts the platform and the console (on --db, default data/bench/tms.db when bench/freight made it,
 * else a fresh seeded database under data/bench-page-cost), logs ORG_USER in, and for each page sends
 * --requests requests one after another (one connection), reading the CPU time the console and the
 * platform spent from /proc/<pid>/stat before and after: CPU ms per page, not wall time. Also per
 * page: the document's bytes, the bytes the console sends for it to a client that accepts gzip
 * (`htmlSentKb`, the page weight's target) and its gzip -6 (`htmlGzipKb`, comparable with older lines),
 * the `__remixContext` payload's bytes, and the first-load JavaScript (every module the document
 * preloads or imports, gzip -6 each, summed). Every browser gets the same document; the requests carry
 * the mark the console once gave a browser that ran its scripts (`tms_js=1`), which must change nothing.
 * With --profile the console runs under `node --cpu-prof` and the top self-time functions of the
 * profile from its first request on are printed to stderr (the profile is kept in data/profiles/); with --profile-platform too, the
 * platform is profiled instead. --pages measures only the pages named (default: all of them but waybillListSystem). Each
 * page's first document is kept in data/page-cost/<page>.html, to see where its bytes go.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { consoleLogin, root, round, startStack } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";
import { addDays, chinaDate } from "../contract/units.js";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "300" },
    port: { type: "string", default: "3772" },
    db: { type: "string" },
    pages: { type: "string" },
    profile: { type: "boolean", default: false },
    "profile-platform": { type: "boolean", default: false },
  },
});
const REQUESTS = Number(values.requests);
const ORG_USER = "13800000003";
const SYSTEM_USER = "13800000001";
/** The vehicle list is the tenant's (bench/resources measures it too); the tenant holds every vehicle. */
const TENANT_USER = "13800000002";

function defaultDatabase(): string {
  const bench = join(root, "data/bench/tms.db");
  if (existsSync(bench)) return `file:${bench}`;
  const dir = join(root, "data/bench-page-cost");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return `file:${join(dir, "tms.db")}`;
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The bytes the console sends for a page to a client that accepts gzip (undici's fetch would inflate them). */
function sentBytes(url: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (response) => {
      if (response.headers["content-encoding"] !== "gzip") reject(new Error(`${url}: sent without gzip`));
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.byteLength));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** The module URLs a document loads before it is interactive. */
function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import \* as \w+ from "([^"]+\.js)"/g)) urls.add(m[1]!);
  return [...urls];
}

const htmlDir = join(root, "data/page-cost");
mkdirSync(htmlDir, { recursive: true });
const profileDir = join(root, "data/profiles");
if (values.profile) {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
}
const stack = await startStack({
  built: true,
  port: Number(values.port),
  databaseUrl: values.db ?? defaultDatabase(),
  // The submission job's first run at 1,000,000 waybills takes minutes of the platform's CPU, which is
  // not a page's (bench/reports and bench/jobs measure the jobs).
  env: { TMS_REPORT_JOB: "off" },
  ...{ [values["profile-platform"] ? "platformNodeArgs" : "consoleNodeArgs"]: values.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] },
});
const allPages = {
  waybillList: { path: `/dispatchManage/waybillList?${new URLSearchParams({ status: "IN_TRANSIT", createdFrom: addDays(chinaDate(), -30), createdTo: chinaDate() })}`, user: ORG_USER },
  waybillListSystem: { path: `/dispatchManage/waybillList?${new URLSearchParams({ status: "IN_TRANSIT", createdFrom: addDays(chinaDate(), -30), createdTo: chinaDate() })}`, user: SYSTEM_USER },
  driverList: { path: "/resourceManager/driverList", user: ORG_USER },
  vehicleList: { path: "/userInfoManage/carList?auditStatus=PENDING", user: TENANT_USER },
  dashboard: { path: "/dashboard", user: ORG_USER },
};
const wanted = values.pages?.split(",") ?? Object.keys(allPages).filter((name) => name !== "waybillListSystem");
const pages = Object.entries(allPages).filter(([name]) => wanted.includes(name));
const result: Record<string, unknown> = { requests: REQUESTS };
try {
  const cookies = new Map<string, string>();
  for (const user of new Set(pages.map(([, page]) => page.user))) cookies.set(user, await consoleLogin(stack.consoleUrl, user));
  for (const [name, { path, user }] of pages) {
    // The mark a browser that ran the console's scripts once carried, which used to thin its documents.
    const cookie = `${cookies.get(user)!}; tms_js=1`;
    const get = async (path: string) => {
      const response = await fetch(stack.consoleUrl + path, { headers: { Cookie: cookie }, redirect: "manual" });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      return text;
    };
    const html = await get(path);
    writeFileSync(join(htmlDir, `${name}.html`), html);
    const sent = await sentBytes(stack.consoleUrl + path, cookie);
    for (let i = 0; i < 20; i++) await get(path);
    const console0 = cpuMs(stack.console.pid);
    const platform0 = cpuMs(stack.platform.pid);
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await get(path);
    const wallMs = (performance.now() - started) / REQUESTS;
    const context = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1] ?? "";
    let jsGzip = 0;
    let jsRaw = 0;
    for (const url of firstLoadScripts(html)) {
      const body = Buffer.from(await (await fetch(stack.consoleUrl + url)).arrayBuffer());
      jsRaw += body.byteLength;
      jsGzip += gzipSync(body, { level: 6 }).byteLength;
    }
    result[name] = {
      consoleCpuMs: round((cpuMs(stack.console.pid) - console0) / REQUESTS, 2),
      platformCpuMs: round((cpuMs(stack.platform.pid) - platform0) / REQUESTS, 2),
      wallMs: round(wallMs, 1),
      htmlKb: round(Buffer.byteLength(html) / 1024),
      htmlSentKb: round(sent / 1024, 2),
      htmlGzipKb: round(gzipSync(html).byteLength / 1024),
      remixContextKb: round(Buffer.byteLength(context) / 1024),
      firstLoadJsKb: round(jsRaw / 1024),
      firstLoadJsGzipKb: round(jsGzip / 1024),
      rows: (html.match(/<tr\b/g) ?? []).length,
    };
  }
} finally {
  await stack.stop();
}
printResult("page-cost", result);

if (values.profile) {
  // Self time per function (and per package for node_modules), from the console's profile.
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (file) {
    const profile = JSON.parse(readFileSync(join(profileDir, file), "utf8")) as {
      nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
      samples: number[];
      timeDeltas: number[];
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes as Array<{ id: number; children?: number[] }>) for (const c of n.children ?? []) parent.set(c, n.id);
    const keyOf = (frame: { functionName: string; url: string; lineNumber: number }) =>
      `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build|app|scripts|platform|contract)\//, "$1/").replace(/\?t=[\d.]+/, "")}:${frame.lineNumber + 1}`;
    const selfUs = new Map<string, number>();
    const inclusiveUs = new Map<string, number>();
    const byPackage = new Map<string, number>();
    let total = 0;
    // The process's start (loading the build and its packages) is not a page's: samples count from the
    // first one inside a request's handling on.
    const handlesRequest = (id: number) => {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (/^handle(Document|Data)Request$/.test(byId.get(at)!.callFrame.functionName)) return true;
      return false;
    };
    const first = profile.samples.findIndex(handlesRequest);
    profile.samples.forEach((id, i) => {
      const frame = byId.get(id)!.callFrame;
      if (i < first || frame.functionName === "(idle)") return;
      const dt = profile.timeDeltas[i] ?? 0;
      total += dt;
      const key = keyOf(frame);
      selfUs.set(key, (selfUs.get(key) ?? 0) + dt);
      const pkg = frame.url.includes("node_modules/") ? frame.url.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+).*$/, "$1") : frame.url ? (frame.url.includes("/build/") ? "build (app)" : frame.url.includes("/platform/") ? "platform" : "node/other") : frame.functionName;
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const k = keyOf(byId.get(at)!.callFrame);
        if (seen.has(k)) continue;
        seen.add(k);
        inclusiveUs.set(k, (inclusiveUs.get(k) ?? 0) + dt);
      }
    });
    const top = (m: Map<string, number>, n: number) =>
      [...m.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
        .join("\n");
    console.error(`[profile] ${file}: ${round(total / 1000)} ms busy\n-- self, by package --\n${top(byPackage, 15)}\n-- self, by function --\n${top(selfUs, 30)}\n-- inclusive --\n${top(inclusiveUs, 70)}`);
  }
}

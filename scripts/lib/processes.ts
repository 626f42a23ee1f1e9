/** Shared benchmark plumbing: start the platform and console as child processes, sample their RSS, log in. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { buildConsole } from "../console-build.js";
import { CONSOLE_SERVER_BUILD } from "../console-build-paths.js";

export const root = new URL("../..", import.meta.url).pathname;

export interface Started {
  platform: ChildProcess;
  console: ChildProcess;
  consoleUrl: string;
  platformUrl: string;
  stop(): Promise<void>;
}

export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak in MB. */
export function sampleRss(pid: number | undefined, everyMs = 50) {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), everyMs);
  return {
    reset: () => (peak = rssMb(pid)),
    stop: () => {
      clearInterval(timer);
      return Math.round(peak);
    },
    peek: () => Math.round(peak),
  };
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The built servers of `npm run build` (what production runs), beside the build's console bundle. */
const BUILT_PLATFORM = "build/server/platform/main.js";
const BUILT_CONSOLE = "build/server/scripts/console-server.js";

/**
 * Spawns a server as `npm run start:platform` / `start:console` and the systemd units do: through
 * scripts/node-server.sh, which sets the memory settings and execs node (so the child's pid is
 * node's), with this process's node. `args` are node's arguments and the entry.
 */
export function spawnServer(server: "platform" | "console", args: string[], options: { env: NodeJS.ProcessEnv; stdio?: "inherit" | ["ignore", "ignore", "inherit"] }): ChildProcess {
  return spawn("sh", [join(root, "scripts/node-server.sh"), server, ...args], {
    cwd: root,
    env: { ...options.env, NODE: process.execPath },
    stdio: options.stdio ?? ["ignore", "ignore", "inherit"],
  });
}

/**
 * Builds the console if missing, then starts platform and console on the given ports (the platform on
 * `platformPort`, by default the console's port + 1) and database. `built` runs the compiled servers of
 * `npm run build` (building them when missing), as production does; otherwise the TypeScript sources
 * under tsx.
 */
export async function startStack(opts: { port: number; platformPort?: number; databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[]; consoleNodeArgs?: string[]; platformNodeArgs?: string[]; built?: boolean }): Promise<Started> {
  const nodeArgs = opts.nodeArgs ?? [];
  const needed = opts.built ? [BUILT_PLATFORM, BUILT_CONSOLE, CONSOLE_SERVER_BUILD] : [CONSOLE_SERVER_BUILD];
  if (!needed.every((file) => existsSync(join(root, file)))) {
    const built = opts.built ? spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" }).status === 0 : buildConsole();
    if (!built) throw new Error("console build failed");
  }
  const platformEntry = opts.built ? [BUILT_PLATFORM] : ["--import", "tsx", "platform/main.ts"];
  const consoleEntry = opts.built ? [BUILT_CONSOLE] : ["--import", "tsx", join(root, "scripts/console-server.ts")];
  const platformPort = opts.platformPort ?? opts.port + 1;
  for (const port of [platformPort, opts.port]) if (!(await portFree(port))) throw new Error(`port ${port} is in use`);
  // The 数据报送 sender off unless a bench asks for it: on a benchmark database it reports thousands of
  // waybills (SM2 and SM4 for each, and the stand-in's checks in the same process) and its CPU and
  // memory would be counted into every figure of the platform (bench/jobs measures it on its own).
  const env = { ...process.env, TMS_ENV: "development", TMS_DEMO: "1", TMS_DATABASE_URL: opts.databaseUrl, PLATFORM_PORT: String(platformPort), LOG_LEVEL: "warn", TMS_REPORT_JOB: "off", ...opts.env };
  const started: ChildProcess[] = [];
  const stop = async () => {
    for (const child of started.reverse()) await stopChild(child);
  };
  try {
    const platform = track(spawnServer("platform", [...nodeArgs, ...(opts.platformNodeArgs ?? []), ...platformEntry], { env }));
    started.push(platform);
    const platformUrl = `http://127.0.0.1:${platformPort}`;
    await waitForChild(`${platformUrl}/health`, platform);
    const consoleProcess = track(
      spawnServer("console", [...nodeArgs, ...(opts.consoleNodeArgs ?? []), ...consoleEntry], {
        env: { ...env, PORT: String(opts.port), NODE_ENV: "production", TMS_PLATFORM_URL: platformUrl },
      }),
    );
    started.push(consoleProcess);
    const consoleUrl = `http://127.0.0.1:${opts.port}`;
    await waitForChild(`${consoleUrl}/login`, consoleProcess);
    return { platform, console: consoleProcess, consoleUrl, platformUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every server process the helpers started and that still runs: a signal handler can stop them all. */
export const running = new Set<ChildProcess>();

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Stops every process in `running` (for a signal that arrives while a stack is still starting). */
export async function stopRunning(): Promise<void> {
  await Promise.all([...running].map(stopChild));
}

/** Like waitFor, but gives up as soon as the process serving the URL exits. */
async function waitForChild(url: string, child: ChildProcess): Promise<void> {
  let onExit = () => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = () => reject(new Error(`the process for ${url} exited before it answered`));
    child.once("exit", onExit);
  });
  try {
    await Promise.race([waitFor(url), exited]);
  } finally {
    child.off("exit", onExit);
  }
}

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer().once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Logs in through the console's login form (no JavaScript) and returns the session cookie. */
export async function consoleLogin(consoleUrl: string, mobile: string, password = "Demo@2026"): Promise<string> {
  const body = new URLSearchParams({ grantType: "password", mobile, password, redirect: "/dashboard", intent: "login" });
  const response = await fetch(`${consoleUrl}/login`, { method: "POST", body, redirect: "manual" });
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("tms_session="));
  if (!cookie) throw new Error(`console login failed for ${mobile}: HTTP ${response.status}`);
  return cookie;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

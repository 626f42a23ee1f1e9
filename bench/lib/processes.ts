/** Shared benchmark plumbing: start the platform and console as child processes, sample their RSS, log in. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

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

async function waitFor(url: string, timeoutMs = 120_000) {
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

/** Builds the console if needed, then starts platform and console on the given ports and database. */
export async function startStack(opts: { port: number; databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<Started> {
  const nodeArgs = opts.nodeArgs ?? [];
  if (!existsSync(join(root, "build/index.js"))) {
    const built = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: "ignore", env: { ...process.env, NODE_ENV: "production" } });
    if (built.status !== 0) throw new Error("console build failed");
  }
  const platformPort = opts.port + 1;
  const env = { ...process.env, TMS_DATABASE_URL: opts.databaseUrl, PLATFORM_PORT: String(platformPort), LOG_LEVEL: "warn", ...opts.env };
  const platform = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "platform/main.ts"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const platformUrl = `http://127.0.0.1:${platformPort}`;
  await waitFor(`${platformUrl}/health`);
  const consoleProcess = spawn(process.execPath, [...nodeArgs, join(root, "node_modules/@remix-run/serve/dist/cli.js"), "./build/index.js"], {
    cwd: root,
    env: { ...env, PORT: String(opts.port), NODE_ENV: "production", TMS_PLATFORM_URL: platformUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const consoleUrl = `http://127.0.0.1:${opts.port}`;
  await waitFor(`${consoleUrl}/login`);
  return {
    platform,
    console: consoleProcess,
    consoleUrl,
    platformUrl,
    async stop() {
      for (const child of [consoleProcess, platform]) {
        if (child.exitCode === null) {
          child.kill("SIGTERM");
          await new Promise((r) => child.once("exit", r));
        }
      }
    },
  };
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

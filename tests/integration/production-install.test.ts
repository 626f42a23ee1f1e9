/**
 * The production install, as docs/deployment.md does it: a copy of the checkout is built, then installed
 * with `npm install --omit=dev` (no tsx, no TypeScript), and every production command runs from the
 * built JavaScript through its npm script: migrate, the platform and the console, ledger:check,
 * admin:create, backup and restore. Once per run, on SQLite (the PostgreSQL paths of backup and restore
 * have their own tests).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/processes.js";
import { PRODUCTION_SMS_SETTINGS } from "../helpers/sms-settings.js";
import { until } from "../helpers/wait.js";

const root = new URL("../..", import.meta.url).pathname;
const copy = mkdtempSync(join(tmpdir(), "tms-production-"));
const running: ChildProcess[] = [];

/** Settings a production start accepts: every required one set, none a development secret. */
function productionEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  // The test runner's own settings (TEST_DATABASE_URL, TMS_*) must not leak into the production run.
  for (const [name, value] of Object.entries(process.env)) if (!/^(TMS_|TEST_|SESSION_SECRET|LOG_LEVEL|PLATFORM_|PORT$|NODE_ENV$|VITEST)/.test(name)) env[name] = value;
  return {
    ...env,
    NODE_ENV: "production",
    TMS_ENV: "production",
    TMS_DATABASE_URL: `file:${join(dataDir, "tms.db")}`,
    TMS_DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    TMS_CARD_KEY: randomBytes(24).toString("hex"),
    TMS_ID_KEY: randomBytes(24).toString("hex"),
    TMS_ID_HASH_KEY: randomBytes(24).toString("hex"),
    ...PRODUCTION_SMS_SETTINGS,
    LOG_LEVEL: "warn",
    ...extra,
  };
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end without blocking this process: a build or an install takes minutes on a busy
 * machine, and a test worker whose event loop is held that long misses its own messages to the runner
 * (vitest then reports "Timeout calling onTaskUpdate" and fails the run).
 */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

/** `npm run <script>` in the copy; fails the test with its output when it does not exit 0. */
async function npmRun(script: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<Ran> {
  const result = await run("npm", ["run", "-s", script, ...(args.length ? ["--", ...args] : [])], { cwd: copy, env });
  expect(result.status, `npm run ${script}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

function start(script: string, env: NodeJS.ProcessEnv): { output: () => string } {
  let text = "";
  const child = spawn("npm", ["run", "-s", script], { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  running.push(child);
  return { output: () => text };
}

const answers = (url: string) => fetch(url).then((r) => r.ok).catch(() => false);

describe.skipIf(!!process.env.TEST_DATABASE_URL)("the production install (npm install --omit=dev, built JavaScript only)", () => {
  const dataDir = join(copy, "data");
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    // The checkout as a deployment gets it: tracked and new files, not node_modules, build or data.
    const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: root, encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    for (const file of files) {
      if (!existsSync(join(root, file))) continue;
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      cpSync(join(root, file), join(copy, file));
    }
    // Built with the development install, as the build machine does; then installed for production.
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
    const built = await run("npm", ["run", "-s", "build"], { cwd: copy, env: { ...process.env, NODE_ENV: "production" } });
    expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    unlinkSync(join(copy, "node_modules"));
    const installed = await run("npm", ["install", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: copy });
    expect(installed.status, `${installed.stdout}\n${installed.stderr}`).toBe(0);
    env = productionEnv(dataDir);
  });

  afterAll(() => {
    for (const child of running) {
      try {
        process.kill(-child.pid!, "SIGTERM");
      } catch {
        // already gone
      }
    }
    rmSync(copy, { recursive: true, force: true });
  });

  it("has no development dependency installed: no tsx, no Remix compiler, no test runner", () => {
    for (const name of ["tsx", "vitest", "@remix-run/dev", "@playwright/test", "eslint"]) expect(existsSync(join(copy, "node_modules", name)), name).toBe(false);
    expect(existsSync(join(copy, "build/server/platform/main.js"))).toBe(true);
  });

  it("migrates, starts the platform and the console, and serves the login page", async () => {
    expect((await npmRun("migrate", env)).stdout).toMatch(/migration\(s\) applied; head \d{4}_/);
    const [platformPort, consolePort] = [await freePort(), await freePort()];
    const platformUrl = `http://127.0.0.1:${platformPort}`;
    const platform = start("start:platform", { ...env, PLATFORM_PORT: String(platformPort) });
    await until(() => answers(`${platformUrl}/readyz`), `the platform's /readyz\n${platform.output()}`);
    const console = start("start:console", { ...env, PORT: String(consolePort), TMS_PLATFORM_URL: platformUrl });
    await until(() => answers(`http://127.0.0.1:${consolePort}/healthz`), `the console's /healthz\n${console.output()}`);
    const login = await fetch(`http://127.0.0.1:${consolePort}/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("登录");
  });

  it("creates the first administrator, checks the ledger, backs up and restores into a new database", async () => {
    expect((await npmRun("admin:create", env, ["--mobile", "13900000000", "--name", "张三"])).stdout).toContain("一次性密码");
    expect((await npmRun("ledger:check", env)).stdout).toMatch(/"failures": \[\]/);
    const backup = join(copy, "backup");
    expect((await npmRun("backup", env, [backup])).stdout).toMatch(/\[backup\] .*tables, \d+ rows/);
    const restoredDir = join(copy, "restored");
    const restored = await npmRun("restore", { ...env, TMS_DATABASE_URL: `file:${join(restoredDir, "tms.db")}`, TMS_DATA_DIR: restoredDir }, [backup]);
    expect(restored.stdout).toMatch(/rows verified/);
    expect(readFileSync(join(restoredDir, "secrets.env"), "utf8")).toContain(`SESSION_SECRET=${env.SESSION_SECRET}`);
  });
});

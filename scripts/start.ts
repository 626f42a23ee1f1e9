/**
 * `npm start`: builds the console if needed, starts the platform (which migrates and seeds an empty
 * database), waits for its health check, then starts the console (scripts/console-server.ts: remix-serve's set-up with backpressure and the cross-origin guard). Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { buildIfNeeded } from "./console-build.js";
import { platformUrlOf, readSettings } from "../contract/settings.js";

const root = new URL("..", import.meta.url).pathname;
const projectNode = Number(readFileSync(join(root, ".nvmrc"), "utf8").split(".")[0]);
if (Number(process.versions.node.split(".")[0]) < projectNode) {
  console.error(`[start] Node ${process.version} is older than the project's ${projectNode}: run \`npm install\`, then \`npm start\` (npm runs its scripts on the Node ${projectNode} that npm install brings). 请先运行 npm install，再用 npm start 启动。`);
  process.exit(1);
}
const { settings } = readSettings(process.env);
const platformPort = settings.PLATFORM_PORT;
const consolePort = settings.PORT;
const platformUrl = platformUrlOf(settings);
/** The development start: development settings and demo data unless the caller says otherwise. */
const development = { TMS_ENV: settings.TMS_ENV ?? "development", TMS_DEMO: settings.TMS_DEMO ?? "1" };

const children: ChildProcess[] = [];
function run(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...development, ...env } });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 1500).unref();
  Promise.all(children.map((c) => (c.exitCode !== null ? Promise.resolve() : new Promise((r) => c.once("exit", r))))).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

// Three minutes: on a loaded machine the first start migrates and seeds for well over a minute.
async function waitForHealth(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`platform did not become healthy at ${url} within ${timeoutMs / 1000} s`);
}

if (!buildIfNeeded()) process.exit(1);
const runPlatform = !settings.TMS_PLATFORM_URL;
// Through scripts/node-server.sh, with the memory settings of `npm run start:*`, on the sources.
const nodeServer = join(root, "scripts/node-server.sh");
if (runPlatform) run("platform", "sh", [nodeServer, "platform", "--import", "tsx", "platform/main.ts"], { PLATFORM_PORT: String(platformPort), NODE: process.execPath });
try {
  await waitForHealth(platformUrl);
} catch (error) {
  console.error(`[start] ${(error as Error).message}`);
  stop(1);
}
run("console", "sh", [nodeServer, "console", "--import", "tsx", join(root, "scripts/console-server.ts")], {
  NODE: process.execPath,
  PORT: String(consolePort),
  NODE_ENV: process.env.NODE_ENV ?? "production",
  TMS_PLATFORM_URL: platformUrl,
});
console.log(`[start] console on http://localhost:${consolePort}  (platform ${platformUrl})`);

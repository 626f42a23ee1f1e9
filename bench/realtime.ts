/**
 * Realtime push benchmark (spec 2.5): `npx tsx bench/realtime.ts`.
 *
 * Boots its own platform and console (scripts/start.ts) on spare ports with a temporary SQLite file,
 * logs the four demo accounts in through the console's login form (a few sessions each), opens
 * BENCH_CLIENTS server-sent-event streams on the console's /events, then raises notifications at the
 * platform (POST /api/v1/dev/notify: every account once per round) and times each from the moment
 * it is requested to its `push` event on every stream of its account. Prints one JSON line:
 * {clients, notifications, deliveries, lost, p50Ms, p99Ms, consolePeakRssMb, platformPeakRssMb}.
 * Everything runs on 127.0.0.1 and stops by itself (see BENCH_TIMEOUT_MS).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { consoleLogin, percentile, round, sampleRss } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";

const CLIENTS = intFromEnv("BENCH_CLIENTS", 1000, 1, 5000);
const ROUNDS = intFromEnv("BENCH_ROUNDS", 50, 1, 500);
const ROUND_GAP_MS = intFromEnv("BENCH_ROUND_GAP_MS", 200, 0, 10_000);
const SESSIONS_PER_ACCOUNT = intFromEnv("BENCH_SESSIONS_PER_ACCOUNT", 2, 1, 50);
const CONNECT_BATCH = 100;
const TIMEOUT_MS = intFromEnv("BENCH_TIMEOUT_MS", 600_000, 30_000, 3_600_000);
/** How long to wait for the last pushes after the last notification was created. */
const DRAIN_MS = 5_000;

const ACCOUNTS = ["13800000001", "13800000002", "13800000003", "13800000004"];
const HOST = "127.0.0.1";
const root = new URL("..", import.meta.url).pathname;

function intFromEnv(name: string, fallback: number, min: number, max: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}`);
  return value;
}

const log = (message: string) => process.stderr.write(`[bench:realtime] ${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// --- the system under test ---------------------------------------------------------------------

interface Stack {
  start: ChildProcess;
  consoleUrl: string;
  platformUrl: string;
  dataDir: string;
}

/** The running stack, for the watchdog and signal handlers to stop. */
let activeStack: Stack | null = null;

async function startStack(): Promise<Stack> {
  const [consolePort, platformPort] = [await sparePort(), await sparePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "tms-bench-realtime-"));
  const start = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(consolePort),
      PLATFORM_PORT: String(platformPort),
      TMS_DATABASE_URL: `file:${join(dataDir, "tms.db")}`,
      LOG_LEVEL: "warn",
    },
  });
  // The one JSON line is ours: the stack's output goes to stderr.
  start.stdout!.pipe(process.stderr);
  start.stderr!.pipe(process.stderr);
  const stack = { start, consoleUrl: `http://${HOST}:${consolePort}`, platformUrl: `http://${HOST}:${platformPort}`, dataDir };
  activeStack = stack;
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (start.exitCode !== null) break;
    try {
      const response = await fetch(`${stack.consoleUrl}/login`);
      if (response.ok) return stack;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  await stopStack(stack);
  throw new Error(start.exitCode !== null ? `scripts/start.ts exited with ${start.exitCode}` : "the console did not start within 240 s");
}

/**
 * Stops the console first (scripts/start.ts then stops the platform and exits), so the console's
 * realtime hub does not spend its last seconds reconnecting to a platform that went away.
 */
async function stopStack(stack: Stack): Promise<void> {
  if (stack.start.exitCode === null) {
    const exited = new Promise((resolve) => stack.start.once("exit", resolve));
    const consolePid = stackPids(stack.start.pid!).console;
    if (consolePid !== null) process.kill(consolePid, "SIGTERM");
    else stack.start.kill("SIGTERM");
    await Promise.race([exited, sleep(5000)]);
    if (stack.start.exitCode === null) stack.start.kill("SIGTERM");
    await Promise.race([exited, sleep(3000)]);
    if (stack.start.exitCode === null) stack.start.kill("SIGKILL");
  }
  rmSync(stack.dataDir, { recursive: true, force: true });
}

/** The platform and console processes that scripts/start.ts spawned, found by parent pid in /proc. */
function stackPids(startPid: number): { console: number | null; platform: number | null } {
  const found = { console: null as number | null, platform: null as number | null };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== startPid) continue;
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmdline.includes("platform/main.ts")) found.platform = Number(entry);
      else if (cmdline.includes("console-server")) found.console = Number(entry);
    } catch {
      // the process went away while we looked
    }
  }
  return found;
}

// --- clients ------------------------------------------------------------------------------------

interface SseClient {
  mobile: string;
  live: boolean;
  /** content → when its push arrived (performance.now()). */
  received: Map<string, number>;
  duplicates: number;
  foreign: number;
  request: http.ClientRequest;
}

/** One EventSource-like reader of /events on its own connection. */
function openClient(consoleUrl: string, cookie: string, mobile: string, ownContent: (content: string) => boolean): Promise<SseClient> {
  const url = new URL("/events", consoleUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { Cookie: cookie, Accept: "text/event-stream" } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`/events answered HTTP ${response.statusCode}`));
          return;
        }
        const client: SseClient = { mobile, live: false, received: new Map(), duplicates: 0, foreign: 0, request };
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) !== -1) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = "message";
            let data = "";
            for (const line of frame.split("\n")) {
              if (line.startsWith("event: ")) event = line.slice(7);
              else if (line.startsWith("data: ")) data += line.slice(6);
            }
            if (event === "count") client.live = true;
            if (event !== "push") continue;
            const content = (JSON.parse(data) as { content: string }).content;
            if (!ownContent(content)) client.foreign++;
            else if (client.received.has(content)) client.duplicates++;
            else client.received.set(content, now);
          }
        });
        response.on("error", () => undefined);
        resolve(client);
      },
    );
    request.on("error", reject);
  });
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function notify(platformUrl: string, mobile: string, content: string): Promise<void> {
  const response = await fetch(`${platformUrl}/api/v1/dev/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ mobile, content, targetType: "MY", targetId: "0", tags: "system" }),
  });
  const body = (await response.json()) as { code: number };
  if (body.code !== 200) throw new Error(`dev/notify for ${mobile} failed: ${JSON.stringify(body)}`);
}

// --- the run ------------------------------------------------------------------------------------

async function run(): Promise<void> {
  log(`starting platform and console (${CLIENTS} clients, ${ROUNDS} rounds × ${ACCOUNTS.length} accounts)…`);
  const stack = await startStack();
  const clients: SseClient[] = [];
  const pids = stackPids(stack.start.pid!);
  const consoleRss = sampleRss(pids.console ?? undefined, 200);
  const platformRss = sampleRss(pids.platform ?? undefined, 200);
  try {
    if (pids.console === null || pids.platform === null) throw new Error("could not find the console and platform processes");
    const sessions: Array<{ mobile: string; cookie: string }> = [];
    for (const mobile of ACCOUNTS) for (let i = 0; i < SESSIONS_PER_ACCOUNT; i++) sessions.push({ mobile, cookie: await consoleLogin(stack.consoleUrl, mobile) });

    // Contents are unique per notification, so each push is matched to its request and its account.
    const contentOwner = new Map<string, string>();
    const sentAt = new Map<string, number>();
    const contentOf = (roundNo: number, mobile: string) => `bench r${roundNo} ${mobile}`;
    for (let roundNo = 0; roundNo < ROUNDS; roundNo++) for (const mobile of ACCOUNTS) contentOwner.set(contentOf(roundNo, mobile), mobile);

    for (let i = 0; i < CLIENTS; i += CONNECT_BATCH) {
      const batch = Array.from({ length: Math.min(CONNECT_BATCH, CLIENTS - i) }, (_, j) => {
        const { mobile, cookie } = sessions[(i + j) % sessions.length]!;
        return openClient(stack.consoleUrl, cookie, mobile, (content) => contentOwner.get(content) === mobile);
      });
      clients.push(...(await Promise.all(batch)));
    }
    await waitUntil(() => clients.every((c) => c.live), 60_000, "every stream to be live");
    log(`${clients.length} streams live; sending notifications…`);

    for (let roundNo = 0; roundNo < ROUNDS; roundNo++) {
      await Promise.all(
        ACCOUNTS.map((mobile) => {
          const content = contentOf(roundNo, mobile);
          sentAt.set(content, performance.now());
          return notify(stack.platformUrl, mobile, content);
        }),
      );
      await sleep(ROUND_GAP_MS);
    }
    const expected = clients.length * ROUNDS;
    const delivered = () => clients.reduce((sum, c) => sum + c.received.size, 0);
    await waitUntil(() => delivered() >= expected, DRAIN_MS, "the last pushes").catch(() => undefined);
    const consolePeakRssMb = consoleRss.stop();
    const platformPeakRssMb = platformRss.stop();

    const latencies = clients.flatMap((c) => [...c.received].map(([content, at]) => at - sentAt.get(content)!)).sort((a, b) => a - b);
    const foreign = clients.reduce((sum, c) => sum + c.foreign, 0);
    const duplicates = clients.reduce((sum, c) => sum + c.duplicates, 0);
    if (foreign || duplicates) log(`WARNING: ${foreign} pushes reached another account's stream, ${duplicates} arrived twice`);
    printResult("realtime", {
      clients: clients.length,
      notifications: ROUNDS * ACCOUNTS.length,
      deliveries: latencies.length,
      lost: expected - latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      consolePeakRssMb,
      platformPeakRssMb,
    });
    if (foreign) process.exitCode = 1;
  } finally {
    consoleRss.stop();
    platformRss.stop();
    for (const client of clients) client.request.destroy();
    await stopStack(stack);
  }
}

/** Stops the stack (never leave a platform and console behind) and exits. */
function abort(reason: string): void {
  log(reason);
  activeStack?.start.kill("SIGTERM");
  setTimeout(() => process.exit(1), 3000).unref();
}

const watchdog = setTimeout(() => abort(`gave up after ${TIMEOUT_MS / 1000} s`), TIMEOUT_MS);

process.once("SIGINT", () => abort("interrupted"));
process.once("SIGTERM", () => abort("terminated"));

run()
  .catch((error) => {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => clearTimeout(watchdog));

/**
 * Two platforms and two consoles on one PostgreSQL database and one Redis, behind nginx (Debian's
 * package, rendered from deploy/nginx.conf.template by scripts/nginx.ts). Console i talks to platform i
 * only: each pair is what one machine of a deployment would run, and what crosses instances goes through
 * the shared stores (PostgreSQL for every record, login guard and token; Redis for the realtime fan-out,
 * the rate limits and the background jobs' turn). Used by `npm run cluster`,
 * tests/integration/cluster.test.ts and bench/cluster.ts.
 *
 * A process that exits is started again (as systemd's Restart=always does in production), up to
 * MAX_RESTARTS a minute; meanwhile nginx sends its requests to the other console. Nothing else stops.
 *
 * Ports: nginx on `port`, consoles on port+1 and port+2, platforms on port+3 and port+4.
 */
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { portFree, root, running, spawnServer, waitFor } from "./lib/processes.js";
import { buildIfNeeded } from "./console-build.js";
import { startNginx, type Nginx } from "./nginx.js";

export const CLUSTER_DEFAULTS = {
  port: 3000,
  databaseUrl: "postgres://postgres@127.0.0.1:5432/test?schema=tms_cluster",
  redisUrl: "redis://127.0.0.1:6379",
};

/** Restarts of one process within a minute after which it is left down (the others keep serving). */
const MAX_RESTARTS = 5;
const RESTART_DELAY_MS = 1_000;

/** One supervised server process: `process` is the current one (a new one after a restart). */
export interface Member {
  name: string;
  url: string;
  process: ChildProcess;
  /** Times it was started again. */
  restarts: number;
  /** Resolves once the current process answers again (after a restart). */
  ready(): Promise<void>;
}

export interface Pair {
  platform: Member;
  console: Member;
  consoleUrl: string;
  platformUrl: string;
}

export interface Cluster {
  /** nginx: what the browser opens. */
  url: string;
  nginx: Nginx;
  /** The two console + platform pairs, in the upstream's order. */
  pairs: Pair[];
  stop(): Promise<void>;
}

type Log = (line: string) => void;

function supervise(name: string, url: string, healthPath: string, start: () => ChildProcess, log: Log, isStopping: () => boolean): Member {
  const exits: number[] = [];
  let readyPromise: Promise<void> = Promise.resolve();
  const member: Member = {
    name,
    url,
    process: start(),
    restarts: 0,
    ready: () => readyPromise,
  };
  const watch = (child: ChildProcess) => {
    running.add(child);
    child.once("exit", (code, signal) => {
      running.delete(child);
      if (isStopping()) return;
      const now = Date.now();
      exits.push(now);
      while (exits.length && exits[0]! < now - 60_000) exits.shift();
      if (exits.length > MAX_RESTARTS) {
        log(`${name} exited (${signal ?? code}) ${exits.length} times within a minute: left down; the other instance keeps serving`);
        return;
      }
      log(`${name} exited (${signal ?? code}); starting it again in ${RESTART_DELAY_MS / 1000} s, the other instance serves meanwhile`);
      readyPromise = new Promise<void>((resolve) => {
        setTimeout(() => {
          if (isStopping()) return resolve();
          member.process = start();
          member.restarts++;
          watch(member.process);
          void waitFor(`${url}${healthPath}`, 120_000).then(
            () => {
              log(`${name} is back`);
              resolve();
            },
            () => resolve(),
          );
        }, RESTART_DELAY_MS);
      });
    });
  };
  watch(member.process);
  return member;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export async function startCluster(opts: { port: number; databaseUrl: string; redisUrl: string; env?: Record<string, string>; log?: Log }): Promise<Cluster> {
  const log = opts.log ?? ((line: string) => console.error(`[cluster] ${line}`));
  if (!opts.databaseUrl.startsWith("postgres")) throw new Error("the cluster needs PostgreSQL: set TMS_DATABASE_URL to a postgres:// URL");
  for (let i = 0; i < 5; i++) if (!(await portFree(opts.port + i))) throw new Error(`port ${opts.port + i} is in use`);
  if (!buildIfNeeded("[cluster]")) throw new Error("console build failed");
  let stopping = false;
  const isStopping = () => stopping;
  const env = {
    ...process.env,
    TMS_ENV: "development",
    TMS_DEMO: "1",
    TMS_DATABASE_URL: opts.databaseUrl,
    TMS_REDIS_URL: opts.redisUrl,
    LOG_LEVEL: "warn",
    // nginx on this machine sets X-Forwarded-For: the consoles believe it (the platforms trust loopback already).
    TMS_TRUST_PROXY: "loopback",
    ...opts.env,
  };
  const pairs: Pair[] = [];
  let nginx: Nginx | null = null;
  const stop = async () => {
    stopping = true;
    await nginx?.stop();
    // A pair still starting may have no console yet.
    await Promise.all(pairs.map((p) => (p.console ? stopProcess(p.console.process) : undefined)));
    await Promise.all(pairs.map((p) => stopProcess(p.platform.process)));
  };
  try {
    // One after the other: the first platform migrates and seeds, the second finds the schema ready.
    for (const i of [0, 1]) {
      const platformPort = opts.port + 3 + i;
      const consolePort = opts.port + 1 + i;
      const platformUrl = `http://127.0.0.1:${platformPort}`;
      const consoleUrl = `http://127.0.0.1:${consolePort}`;
      const platform = supervise(
        `platform ${i + 1}`,
        platformUrl,
        "/health",
        () => spawnServer("platform", ["--import", "tsx", "platform/main.ts"], { env: { ...env, PLATFORM_PORT: String(platformPort) } }),
        log,
        isStopping,
      );
      const pending: Partial<Pair> = { platform, platformUrl, consoleUrl };
      pairs.push(pending as Pair);
      await untilUp(`${platformUrl}/health`, platform);
      pending.console = supervise(
        `console ${i + 1}`,
        consoleUrl,
        "/login",
        () =>
          spawnServer("console", ["--import", "tsx", join(root, "scripts/console-server.ts")], {
            env: { ...env, PORT: String(consolePort), NODE_ENV: "production", TMS_PLATFORM_URL: platformUrl },
          }),
        log,
        isStopping,
      );
      await untilUp(`${consoleUrl}/login`, pending.console);
    }
    nginx = await startNginx({ port: opts.port, consoles: pairs.map((p) => p.consoleUrl) });
    nginx.process.once("exit", (code, signal) => {
      if (!stopping) log(`nginx exited (${signal ?? code}): the consoles still answer on their own ports`);
    });
    return { url: nginx.url, nginx, pairs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Waits for a URL to answer; gives up as soon as the process serving it exits. */
async function untilUp(url: string, member: Member): Promise<void> {
  const child = member.process;
  let onExit = () => {};
  const exited = new Promise<never>((_, reject) => {
    onExit = () => reject(new Error(`${member.name} exited before ${url} answered`));
    child.once("exit", onExit);
  });
  try {
    await Promise.race([waitFor(url), exited]);
  } finally {
    child.off("exit", onExit);
  }
}

/**
 * Two platforms and two consoles on one PostgreSQL database and one Redis, behind the round-robin proxy
 * (scripts/proxy.ts). Console i talks to platform i only: each pair is what one machine of a deployment
 * would run, and what crosses instances goes through the shared stores (PostgreSQL for every record,
 * login guard and token; Redis for the realtime fan-out, the rate limits and the background jobs'
 * turn). Used by `npm run cluster`, tests/integration/cluster.test.ts and bench/cluster.ts.
 *
 * Ports: the proxy on `port`, consoles on port+1 and port+2, platforms on port+3 and port+4.
 */
import { portFree, startStack, type Started } from "../bench/lib/processes.js";
import { buildIfNeeded } from "./console-build.js";
import { startProxy, type Proxy } from "./proxy.js";

export const CLUSTER_DEFAULTS = {
  port: 3000,
  databaseUrl: "postgres://postgres@127.0.0.1:5432/test?schema=tms_cluster",
  redisUrl: "redis://127.0.0.1:6379",
};

export interface Cluster {
  proxy: Proxy;
  /** The two console + platform pairs, in the proxy's order. */
  pairs: Started[];
  stop(): Promise<void>;
}

export async function startCluster(opts: { port: number; databaseUrl: string; redisUrl: string; env?: Record<string, string> }): Promise<Cluster> {
  if (!opts.databaseUrl.startsWith("postgres")) throw new Error("the cluster needs PostgreSQL: set TMS_DATABASE_URL to a postgres:// URL");
  if (!(await portFree(opts.port))) throw new Error(`port ${opts.port} is in use`);
  if (!buildIfNeeded("[cluster]")) throw new Error("console build failed");
  // The consoles sit behind the local proxy (loopback): they believe its X-Forwarded-* headers.
  const env = { TMS_REDIS_URL: opts.redisUrl, TMS_TRUST_PROXY: "loopback", ...opts.env };
  const pairs: Started[] = [];
  try {
    // One after the other: the first platform migrates and seeds, the second finds the schema ready.
    for (const i of [0, 1]) pairs.push(await startStack({ port: opts.port + 1 + i, platformPort: opts.port + 3 + i, databaseUrl: opts.databaseUrl, env }));
    const proxy = await startProxy(
      pairs.map((p) => p.consoleUrl),
      opts.port,
    );
    return {
      proxy,
      pairs,
      async stop() {
        await proxy.close();
        await Promise.all(pairs.map((p) => p.stop()));
      },
    };
  } catch (error) {
    await Promise.all(pairs.map((p) => p.stop()));
    throw error;
  }
}

/**
 * `npm run cluster`: two platforms and two consoles on PostgreSQL and Redis behind nginx
 * (scripts/cluster-stack.ts, deploy/nginx.conf.template). Reads TMS_DATABASE_URL (default: the local
 * PostgreSQL's database `test`, schema `tms_cluster`), TMS_REDIS_URL (default redis://127.0.0.1:6379)
 * and PORT (nginx, default 3000; consoles on PORT+1 and +2, platforms on PORT+3 and +4). A process
 * that exits is started again while the others keep serving; Ctrl-C stops everything.
 */
import { stopRunning } from "./lib/processes.js";
import { CLUSTER_DEFAULTS, startCluster, type Cluster } from "./cluster-stack.js";

let cluster: Cluster | null = null;
let stopping = false;
/** Also while starting: whatever already runs is stopped. */
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await (cluster ? cluster.stop() : stopRunning());
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));

const port = Number(process.env.PORT ?? CLUSTER_DEFAULTS.port);
try {
  cluster = await startCluster({
    port,
    databaseUrl: process.env.TMS_DATABASE_URL ?? CLUSTER_DEFAULTS.databaseUrl,
    redisUrl: process.env.TMS_REDIS_URL ?? CLUSTER_DEFAULTS.redisUrl,
  });
} catch (error) {
  console.error(`[cluster] ${(error as Error).message}`);
  await stop(1);
}
if (cluster && !stopping) {
  for (const [i, pair] of cluster.pairs.entries()) console.log(`[cluster] console ${i + 1} ${pair.consoleUrl} → platform ${i + 1} ${pair.platformUrl}`);
  console.log(`[cluster] nginx ${cluster.nginx.prefix}/nginx.conf, access log ${cluster.nginx.accessLog}`);
  console.log(`[cluster] open ${cluster.url.replace("127.0.0.1", "localhost")} (nginx, round robin over both consoles)`);
}

/** Bench data: makes sure a database (SQLite file or PostgreSQL schema) holds at least N waybills. */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { openDatabase } from "../../platform/db/index.js";
import { root, round } from "../../scripts/lib/processes.js";

async function waybillCount(databaseUrl: string): Promise<number> {
  if (databaseUrl.startsWith("file:") && !existsSync(databaseUrl.slice(5))) return 0;
  const db = await openDatabase(databaseUrl);
  try {
    const { n } = await db.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(n);
  } catch {
    return 0; // not migrated yet
  } finally {
    await db.destroy();
  }
}

/** Adds what is missing with the bulk generator (platform/demo/bulk.ts migrates and seeds a new database first). */
export async function ensureWaybills(databaseUrl: string, waybills: number): Promise<void> {
  const have = await waybillCount(databaseUrl);
  if (have >= waybills) return;
  const started = Date.now();
  execFileSync(process.execPath, ["--import", "tsx", "platform/demo/bulk.ts", "--waybills", String(waybills - have)], {
    cwd: root,
    env: { ...process.env, TMS_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  console.error(`[bench] generated ${waybills - have} waybills in ${round((Date.now() - started) / 1000)} s`);
}

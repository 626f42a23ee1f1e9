/** Bench data: makes sure a database (SQLite file or PostgreSQL schema) holds at least N waybills. */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { openDatabase } from "../../platform/db/index.js";
import { migrateToLatest } from "../../platform/db/migrate.js";
import { settleBacklog } from "../../platform/ledger/settlements.js";
import { fillDailyStats } from "../../platform/reports/daily-stats.js";
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

/** What ensureWaybills did: waybills added and seconds spent generating them and settling. */
export interface WaybillPreparation {
  generated: number;
  generateSeconds: number;
  settled: number;
  settleSeconds: number;
}

/**
 * Adds what is missing with the bulk generator (platform/demo/bulk.ts migrates and seeds a new database
 * first), then settles the completed waybills that have no settlement and fills the daily summary, as the
 * platform does at start (`settle: false` leaves both to the caller).
 */
export async function ensureWaybills(databaseUrl: string, waybills: number, options: { settle?: boolean } = {}): Promise<WaybillPreparation> {
  const have = await waybillCount(databaseUrl);
  const missing = Math.max(0, waybills - have);
  const generateSeconds = missing ? generate(databaseUrl, missing) : 0;
  // bench/jobs leaves the backlog to the jobs it times.
  if (options.settle === false) return { generated: missing, generateSeconds, settled: 0, settleSeconds: 0 };
  const db = await openDatabase(databaseUrl);
  try {
    const started = Date.now();
    const settled = await settleBacklog(db.kysely);
    const settleSeconds = round((Date.now() - started) / 1000);
    if (settled) console.error(`[bench] settled ${settled} completed waybills in ${settleSeconds} s`);
    // The daily summary of the waybills the generator wrote (or of a database from before it), as the platform's start job does.
    await migrateToLatest(db);
    const summaryStarted = Date.now();
    const summarised = await fillDailyStats(db);
    if (summarised) console.error(`[bench] added ${summarised} waybills to the daily summary in ${round((Date.now() - summaryStarted) / 1000)} s`);
    return { generated: missing, generateSeconds, settled, settleSeconds };
  } finally {
    await db.destroy();
  }
}

function generate(databaseUrl: string, missing: number): number {
  const started = Date.now();
  execFileSync(process.execPath, ["--import", "tsx", "platform/demo/bulk.ts", "--waybills", String(missing)], {
    cwd: root,
    env: { ...process.env, TMS_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const seconds = round((Date.now() - started) / 1000);
  console.error(`[bench] generated ${missing} waybills in ${seconds} s`);
  return seconds;
}

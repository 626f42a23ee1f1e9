/**
 * What the summaries' triggers add to a waybill write: the same step-like UPDATE (the status moves, the
 * loaded weight changes, so every summary and most indexes see it) on the same waybills, with every
 * trigger on `freights`, with none of the summaries' triggers, and without each summary's alone. Each
 * variant runs in one transaction that drops its triggers first and is rolled back at the end, so the
 * database is left as it was and the commit (the same for every variant) is not part of the figure.
 * Run with no server on the database: dropping a trigger locks the table.
 */
import { sql, type Kysely } from "kysely";
import type { Db } from "../../platform/db/index.js";
import type { Database } from "../../platform/db/schema.js";
import { processCpuMs } from "./pg-cpu.js";
import { percentile } from "./timing.js";

const SUMMARIES = [
  "waybill_daily_stats",
  "waybill_list_stats",
  "waybill_key_stats",
  "waybill_risk_stats",
  "waybill_supplier_stats",
] as const;

/**
 * The UPDATEs timed: `step` moves the status and the loaded weight, so every summary sees a figure move;
 * `stamp` moves the status and a time only, as 签收, 车队确认 and 完成 do, which moves fewer summaries' figures.
 */
const UPDATES = {
  step: (id: number) => sql`update freights set status = case status when 'COMPLETED' then 'CONFIRMED' else 'COMPLETED' end, loaded_weight = loaded_weight + 1 where id = ${id}`,
  stamp: (id: number) => sql`update freights set status = case status when 'COMPLETED' then 'CONFIRMED' else 'COMPLETED' end, updated_at = updated_at where id = ${id}`,
};

class RolledBack extends Error {}

async function summaryTriggers(
  db: Db
): Promise<Array<{ name: string; summary: string }>> {
  const names =
    db.dialect === "postgres"
      ? (
          await sql<{
            name: string;
          }>`select tgname as name from pg_trigger where tgrelid = to_regclass('freights') and not tgisinternal`.execute(
            db.kysely
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'trigger' and tbl_name = 'freights'`.execute(
            db.kysely
          )
        ).rows;
  return names.flatMap(({ name }) => {
    const summary = SUMMARIES.find((s) => name.startsWith(`${s}_`));
    return summary ? [{ name, summary }] : [];
  });
}

/**
 * The CPU ms the database spent so far on this transaction's connection: SQLite runs in this process
 * (process.cpuUsage); a PostgreSQL connection is one backend process (/proc, 10 ms ticks). A busy
 * machine stretches the wall times of the updates, much less this.
 */
async function cpuClock(
  trx: Kysely<Database>,
  dialect: Db["dialect"]
): Promise<() => number> {
  if (dialect !== "postgres")
    return () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
  const { rows } = await sql<{
    pid: number;
  }>`select pg_backend_pid() as pid`.execute(trx);
  const pid = Number(rows[0]!.pid);
  return () => processCpuMs(pid);
}

async function timedUpdates(
  trx: Kysely<Database>,
  ids: number[],
  cpu: () => number,
  update: keyof typeof UPDATES = "step"
): Promise<{ times: number[]; cpuMs: number }> {
  const times: number[] = [];
  const cpuStarted = cpu();
  for (const id of ids) {
    const started = performance.now();
    await UPDATES[update](id).execute(trx);
    times.push(performance.now() - started);
  }
  return { times, cpuMs: cpu() - cpuStarted };
}

export interface TriggerCost {
  writes: number;
  rounds: number;
  /** The summaries' triggers on `freights` (SQLite: insert, update, delete each; PostgreSQL: write, update). */
  triggers: string[];
  /** Median over rounds of each round's mean wall µs per UPDATE, its p99, and the database's CPU µs per UPDATE. */
  variants: Record<string, { meanUs: number; p99Us: number; cpuUs: number }>;
  /** Wall µs a write pays for all the summaries, and for each alone (all − without it). */
  costUs: Record<string, number>;
  /** The same in the database's CPU µs. */
  cpuCostUs: Record<string, number>;
  /** The `stamp` UPDATE (status and a time) with all triggers and with none of the summaries': database CPU µs per UPDATE. */
  stamp: { allCpuUs: number; noneCpuUs: number; cpuCostUs: number };
}

/** `writes` waybills (loaded, not cancelled, spread over the ids), each variant `rounds` times, interleaved. */
export async function measureTriggerCost(
  db: Db,
  writes = 1000,
  rounds = 3
): Promise<TriggerCost> {
  const triggers = await summaryTriggers(db);
  const { rows: picked } = await sql<{ id: number }>`
    select id from freights where status in ('IN_TRANSIT', 'UNLOADED', 'SIGNED', 'CONFIRMED', 'COMPLETED') and loaded_weight is not null
    and id % 97 = 0 order by id limit ${writes}`.execute(db.kysely);
  const ids = picked.map((r) => Number(r.id));
  const variants: Record<string, string[]> = {
    all: [],
    none: triggers.map((t) => t.name),
    stamp_all: [],
    stamp_none: triggers.map((t) => t.name),
    ...Object.fromEntries(
      SUMMARIES.map((s) => [
        `without_${s}`,
        triggers.filter((t) => t.summary === s).map((t) => t.name),
      ])
    ),
  };
  const runs: Record<
    string,
    Array<{ mean: number; p99: number; cpu: number }>
  > = Object.fromEntries(Object.keys(variants).map((v) => [v, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [variant, drop] of Object.entries(variants)) {
      try {
        await db.kysely.transaction().execute(async (trx) => {
          // PostgreSQL's summary triggers fire at commit, and this transaction never commits: here they
          // fire at each UPDATE, so the work they do is timed with it.
          if (db.dialect === "postgres") await sql`set constraints all immediate`.execute(trx);
          for (const name of drop)
            await sql
              .raw(
                db.dialect === "postgres"
                  ? `drop trigger ${name} on freights`
                  : `drop trigger ${name}`
              )
              .execute(trx);
          const { times, cpuMs } = await timedUpdates(
            trx,
            ids,
            await cpuClock(trx, db.dialect),
            variant.startsWith("stamp_") ? "stamp" : "step"
          );
          runs[variant]!.push({
            mean: times.reduce((a, b) => a + b, 0) / times.length,
            p99: percentile(times, 99),
            cpu: cpuMs / times.length,
          });
          throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  const us = (ms: number) => Math.round(ms * 1000);
  const result: TriggerCost["variants"] = Object.fromEntries(
    Object.entries(runs).map(([variant, list]) => [
      variant,
      {
        meanUs: us(median(list.map((r) => r.mean))),
        p99Us: us(median(list.map((r) => r.p99))),
        cpuUs: us(median(list.map((r) => r.cpu))),
      },
    ])
  );
  const cost = (of: "meanUs" | "cpuUs") => ({
    summaries: result.all![of] - result.none![of],
    ...Object.fromEntries(
      SUMMARIES.map((s) => [s, result.all![of] - result[`without_${s}`]![of]])
    ),
  });
  return {
    writes: ids.length,
    rounds,
    triggers: triggers.map((t) => t.name),
    variants: result,
    costUs: cost("meanUs"),
    cpuCostUs: cost("cpuUs"),
    stamp: { allCpuUs: result.stamp_all!.cpuUs, noneCpuUs: result.stamp_none!.cpuUs, cpuCostUs: result.stamp_all!.cpuUs - result.stamp_none!.cpuUs },
  };
}

/**
 * What the waybills take on disk: the `freights` table and each of its indexes, and the summaries the
 * triggers keep, in bytes and per waybill. SQLite counts pages per b-tree (the dbstat virtual table,
 * which reads every page: tens of seconds on a 1,000,000-waybill file); PostgreSQL asks the catalogue
 * (pg_table_size: heap, TOAST and maps; pg_relation_size of each index).
 */
import { sql } from "kysely";
import type { Db } from "../../platform/db/index.js";

/** The tables the waybills' triggers keep (reports.md): their bytes count with what a waybill costs. */
const SUMMARIES = ["waybill_daily_stats", "waybill_list_stats", "waybill_key_stats"] as const;

export interface TableBytes {
  table: number;
  indexes: Record<string, number>;
  indexTotal: number;
}

export interface Storage {
  waybills: number;
  freights: TableBytes;
  summaries: Record<string, TableBytes>;
  perWaybill: { table: number; indexes: number; summaries: number };
  /** The indexes' bytes over the table's (target ≤ 1.5). */
  indexToTable: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function sqliteBytes(db: Db, tables: readonly string[]): Promise<Record<string, TableBytes>> {
  const { rows } = await sql<{ name: string; tbl: string; type: string; bytes: number }>`
    select m.name, m.tbl_name as tbl, m.type, sum(s.pgsize) as bytes
    from dbstat s join sqlite_master m on m.name = s.name
    where m.tbl_name in (${sql.join([...tables])})
    group by m.name, m.tbl_name, m.type`.execute(db.kysely);
  const out: Record<string, TableBytes> = Object.fromEntries(tables.map((t) => [t, { table: 0, indexes: {}, indexTotal: 0 }]));
  for (const row of rows) {
    const entry = out[row.tbl]!;
    if (row.type === "table") entry.table += Number(row.bytes);
    else {
      entry.indexes[row.name] = Number(row.bytes);
      entry.indexTotal += Number(row.bytes);
    }
  }
  return out;
}

async function postgresBytes(db: Db, tables: readonly string[]): Promise<Record<string, TableBytes>> {
  const out: Record<string, TableBytes> = {};
  for (const table of tables) {
    const { rows: size } = await sql<{ bytes: string }>`select pg_table_size(to_regclass(${table})) as bytes`.execute(db.kysely);
    const { rows: indexes } = await sql<{ name: string; bytes: string }>`
      select i.indexrelid::regclass::text as name, pg_relation_size(i.indexrelid) as bytes
      from pg_index i where i.indrelid = to_regclass(${table})`.execute(db.kysely);
    const entry: TableBytes = { table: Number(size[0]?.bytes ?? 0), indexes: {}, indexTotal: 0 };
    for (const index of indexes) {
      entry.indexes[index.name] = Number(index.bytes);
      entry.indexTotal += Number(index.bytes);
    }
    out[table] = entry;
  }
  return out;
}

export async function measureStorage(db: Db): Promise<Storage> {
  const tables = ["freights", ...SUMMARIES];
  const bytes = db.dialect === "postgres" ? await postgresBytes(db, tables) : await sqliteBytes(db, tables);
  const { n } = await db.kysely.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const waybills = Number(n);
  const freights = bytes.freights!;
  const summaries = Object.fromEntries(SUMMARIES.map((t) => [t, bytes[t]!]));
  const summaryBytes = Object.values(summaries).reduce((sum, t) => sum + t.table + t.indexTotal, 0);
  return {
    waybills,
    freights,
    summaries,
    perWaybill: { table: Math.round(freights.table / waybills), indexes: Math.round(freights.indexTotal / waybills), summaries: Math.round(summaryBytes / waybills) },
    indexToTable: Math.round((freights.indexTotal / Math.max(freights.table, 1)) * 100) / 100,
  };
}

/** The same figures in MB, largest index first, for the JSON line. */
export function storageInMb(storage: Storage) {
  const inMb = (t: TableBytes) => ({
    tableMb: mb(t.table),
    indexMb: mb(t.indexTotal),
    indexes: Object.fromEntries(Object.entries(t.indexes).sort((a, b) => b[1] - a[1]).map(([name, bytes]) => [name, mb(bytes)])),
  });
  return {
    waybills: storage.waybills,
    bytesPerWaybill: storage.perWaybill,
    indexToTable: storage.indexToTable,
    freights: inMb(storage.freights),
    summaries: Object.fromEntries(Object.entries(storage.summaries).map(([name, t]) => [name, { tableMb: mb(t.table), indexMb: mb(t.indexTotal) }])),
  };
}

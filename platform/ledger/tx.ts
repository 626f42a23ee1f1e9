/**
 * One money movement = one database transaction. SQLite: BEGIN IMMEDIATE on the connection, so the
 * write lock is taken before anything is read (no lost update between two processes on one file).
 * PostgreSQL: READ COMMITTED with `select … for update` of every touched row in ascending id order
 * (ledger.ts), retried on a deadlock, a serialisation failure or a lost unique-key race; the retry
 * re-reads everything, so an idempotent replay finds the row the winner wrote.
 */
import { sql, type Kysely } from "kysely";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";

export type MoneyDb = Kysely<Database>;

const RETRYABLE = new Set(["40001", "40P01", "23505", "SQLITE_BUSY"]);

export async function moneyTx<T>(db: Db, work: (trx: MoneyDb) => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return db.dialect === "sqlite" ? await sqliteImmediate(db, work) : await db.kysely.transaction().execute((trx) => work(trx));
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== "string" || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

async function sqliteImmediate<T>(db: Db, work: (trx: MoneyDb) => Promise<T>): Promise<T> {
  return db.kysely.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}

/** PostgreSQL row locks (SQLite's BEGIN IMMEDIATE already holds the database's write lock). */
export async function lockRows(trx: MoneyDb, dialect: Db["dialect"], table: "accounts" | "waybill_settlements" | "withdrawals" | "recharges", ids: number[]): Promise<void> {
  if (dialect !== "postgres" || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`select id from ${sql.table(table)} where id in (${sql.join(sorted)}) order by id for update`.execute(trx);
}

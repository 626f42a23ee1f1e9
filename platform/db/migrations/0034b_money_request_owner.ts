import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * A money request number (充值, 支付, 提现) is unique per owner — the organisation
 * for recharges and payments, the owner (ORG / USER) for withdrawals — not per platform: one
 * organisation's number can neither block nor replay another's. The platform-wide unique constraints
 * of 0016 become owner-scoped unique indexes; the idempotency replay looks up owner + number.
 */
const CHANGES = [
  { table: "recharges", constraint: "recharges_request_unique", index: "recharges_owner_request", columns: ["platform_id", "org_id", "request_no"] },
  { table: "payments", constraint: "payments_request_unique", index: "payments_owner_request", columns: ["platform_id", "org_id", "request_no"] },
  { table: "withdrawals", constraint: "withdrawals_request_unique", index: "withdrawals_owner_request", columns: ["platform_id", "owner_type", "owner_id", "request_no"] },
] as const;

/**
 * SQLite cannot drop a table constraint: the table is rebuilt without it (SQLite's documented
 * procedure: foreign keys off — migrations on SQLite run outside a transaction —, a copy created from
 * the stored definition minus the constraint, rows copied, the old table dropped, the copy renamed,
 * its indexes recreated, the foreign keys checked, all in one transaction).
 */
async function sqliteRebuild(db: Kysely<unknown>, table: string, dropConstraint: string | null, addConstraint: string | null): Promise<void> {
  const definition = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  let create = definition.rows[0]?.sql;
  if (!create) throw new Error(`0034b: table ${table} not found`);
  if (dropConstraint) {
    const without = create.replace(new RegExp(`,\\s*constraint\\s+"?${dropConstraint}"?\\s+unique\\s*\\([^)]*\\)`, "i"), "");
    if (without === create) throw new Error(`0034b: constraint ${dropConstraint} not found in ${table}`);
    create = without;
  }
  if (addConstraint) create = create.replace(/\)\s*$/, `, ${addConstraint})`);
  const rebuilt = `${table}_0034b`;
  const createCopy = create.replace(/^create table\s+"?[A-Za-z_]+"?/i, `create table "${rebuilt}"`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(createCopy).execute(trx);
      await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`0034b: foreign keys broken after rebuilding ${table}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function moneyRequestOwnerMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const change of CHANGES) {
        if (dialect === "sqlite") await sqliteRebuild(db, change.table, change.constraint, null);
        else await sql.raw(`alter table "${change.table}" drop constraint "${change.constraint}"`).execute(db);
        await db.schema.createIndex(change.index).unique().on(change.table).columns([...change.columns]).execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const change of CHANGES) {
        await db.schema.dropIndex(change.index).execute();
        if (dialect === "sqlite") await sqliteRebuild(db, change.table, null, `constraint "${change.constraint}" unique ("platform_id", "request_no")`);
        else await sql.raw(`alter table "${change.table}" add constraint "${change.constraint}" unique ("platform_id", "request_no")`).execute(db);
      }
    },
  };
}

/**
 * Finds resident ID numbers kept in clear: every text column of every table, on SQLite and PostgreSQL,
 * searched for 18-character runs that pass the GB 11643 check (contract/validation.ts), so a sealed value,
 * a masked one or a number that only looks like an ID is not reported.
 */
import { sql } from "kysely";
import { isIdCardNo } from "../../contract/validation.js";
import type { Db } from "../../platform/db/index.js";

export interface ClearIdHit {
  table: string;
  column: string;
  id: unknown;
  value: string;
}

const CANDIDATE = /(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])/g;

async function textColumns(db: Db): Promise<Array<{ table: string; column: string }>> {
  if (db.dialect === "postgres") {
    const rows = await sql<{ table_name: string; column_name: string }>`select c.table_name, c.column_name from information_schema.columns c join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db.kysely);
    return rows.rows.map((r) => ({ table: r.table_name, column: r.column_name }));
  }
  const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db.kysely);
  const out: Array<{ table: string; column: string }> = [];
  for (const { name } of tables.rows) {
    const columns = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db.kysely);
    // SQLite keeps any value in any column: every column but the integer keys is searched.
    for (const c of columns.rows) if (!/^(integer|bigint|real|numeric)$/i.test(c.type)) out.push({ table: name, column: c.name });
  }
  return out;
}

/** Every clear ID number in the database (at most `limit` reported). */
export async function clearIdNumbers(db: Db, limit = 20): Promise<ClearIdHit[]> {
  const hits: ClearIdHit[] = [];
  for (const { table, column } of await textColumns(db)) {
    const rows = await sql<{ v: string; rid: unknown }>`select ${sql.ref(column)} as v, ${db.dialect === "postgres" ? sql`ctid::text` : sql`rowid`} as rid from ${sql.table(table)} where ${sql.ref(column)} is not null and length(cast(${sql.ref(column)} as text)) >= 18`.execute(db.kysely);
    for (const row of rows.rows) {
      for (const match of String(row.v).matchAll(CANDIDATE)) {
        if (!isIdCardNo(match[0])) continue;
        hits.push({ table, column, id: row.rid, value: match[0] });
        if (hits.length >= limit) return hits;
        break;
      }
    }
  }
  return hits;
}

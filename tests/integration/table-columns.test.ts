/**
 * Definitions and migrations agree, on a freshly migrated database of its own (SQLite,
 * or a schema of its own on PostgreSQL when TEST_DATABASE_URL is set): every stored field of every
 * engine binding is a column of its table with a type that holds the field's values, and a required
 * field's column is NOT NULL or has a default, or its table's description says it still takes null.
 * Each table description (`tableOf`, platform/resources/table-of.ts) says exactly what its migration
 * does: a `generated` field has a default, and the column takes null exactly when the derived type says so.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { allFields, columnOf, statusColumnOf } from "../../contract/resources/derive.js";
import type { Field, FieldKind } from "../../contract/resources/kit.js";
import { BINDINGS, DESCRIBED_TABLES } from "../../platform/composition.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { migrateToLatest } from "../../platform/db/migrate.js";
import type { Binding } from "../../platform/resources/bind.js";
import type { TableDescription } from "../../platform/resources/table-of.js";
import { emptyTestDatabase, type TestDatabase } from "../helpers/test-database.js";

interface Column {
  type: "text" | "integer" | "other";
  notNull: boolean;
  hasDefault: boolean;
}

let database: TestDatabase;
let db: Db;
const tables = new Map<string, Map<string, Column>>();

/** SQLite's type affinity (https://sqlite.org/datatype3.html 3.1) or PostgreSQL's data type, as the engine's values see it. */
function typeOf(declared: string): Column["type"] {
  const t = declared.toLowerCase();
  if (t.includes("int")) return "integer";
  if (t.includes("char") || t.includes("text") || t.includes("clob")) return "text";
  return "other";
}

async function columnsOf(table: string): Promise<Map<string, Column>> {
  const known = tables.get(table);
  if (known) return known;
  const rows =
    db.dialect === "postgres"
      ? (
          await sql<{ name: string; type: string; nullable: string; dflt: string | null }>`
            select column_name as name, data_type as type, is_nullable as nullable, column_default as dflt
            from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db.kysely)
        ).rows.map((c) => [c.name, { type: typeOf(c.type), notNull: c.nullable === "NO", hasDefault: c.dflt != null }] as const)
      : (await sql<{ name: string; type: string; notnull: number; dflt_value: string | null }>`select * from pragma_table_info(${table})`.execute(db.kysely)).rows.map(
          (c) => [c.name, { type: typeOf(c.type), notNull: c.notnull === 1, hasDefault: c.dflt_value != null }] as const,
        );
  const columns = new Map<string, Column>(rows);
  tables.set(table, columns);
  return columns;
}

const TEXT_KINDS: readonly FieldKind[] = ["text", "textarea", "enum", "date", "datetime", "region", "images"];
/** The column type that holds what the engine writes for a field (platform/resources/query.ts `toColumn`). */
const typeFor = (field: Field): Column["type"] => (TEXT_KINDS.includes(field.kind) ? "text" : "integer");

/** The fields a binding stores in its table: not the display joins, link lists or values computed in SQL. */
function storedFields(binding: Binding): Array<[key: string, field: Field, column: string]> {
  const computed = new Set(Object.keys(binding.computed ?? {}));
  const shown = new Set([...Object.keys(binding.labels ?? {}), ...Object.keys(binding.lists ?? {})]);
  return allFields(binding.def)
    .map(([key, field]): [string, Field, string] => [key, field, key === binding.def.status?.field ? statusColumnOf(binding.def)! : columnOf(key, field)])
    .filter(([key, , column]) => !shown.has(key) && !computed.has(column));
}

const DESCRIPTIONS: ReadonlyArray<[table: string, description: TableDescription]> = Object.entries(DESCRIBED_TABLES);
const descriptionOf = (binding: Binding) => DESCRIPTIONS.find(([, d]) => d.def === binding.def)?.[1];
const listed = (description: TableDescription | undefined, hint: "generated" | "nullable" | "notNull" | "omit", key: string) => (description?.[hint] ?? []).includes(key);

beforeAll(async () => {
  database = emptyTestDatabase("table-columns");
  db = await openDatabase(database.url);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe(`definitions and migrations (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it.each(BINDINGS.map((b) => [b.def.key, b] as const))("%s: every stored field is a column of its type, NOT NULL when required", async (_key, binding) => {
    const columns = await columnsOf(binding.table);
    expect(columns.size, `${binding.table} is no table or view of the migrated database`).toBeGreaterThan(0);
    const description = descriptionOf(binding);
    const problems: string[] = [];
    for (const [key, field, column] of storedFields(binding)) {
      if (listed(description, "omit", key)) continue;
      const found = columns.get(column);
      if (!found) {
        problems.push(`${key}: no column ${column}`);
        continue;
      }
      if (found.type !== "other" && found.type !== typeFor(field)) problems.push(`${key}: ${field.kind} in a ${found.type} column ${column}`);
      if (field.required && !found.notNull && !found.hasDefault && !listed(description, "nullable", key)) problems.push(`${key}: required, but ${column} takes null (make it NOT NULL, or list it in the table's description as nullable)`);
    }
    expect(problems).toEqual([]);
  });

  it.each(DESCRIPTIONS)("%s: its description says what its migration does", async (table, description) => {
    const { def } = description;
    const binding = BINDINGS.find((b) => b.def === def);
    expect(binding?.table, `a binding of ${def.key} on ${table}`).toBe(table);
    expect(description.status).toBe(def.status?.field);
    const fields = new Map(storedFields(binding!).map(([key, field, column]) => [key, { field, column }]));
    const problems: string[] = [];
    for (const hint of ["generated", "nullable", "notNull", "omit"] as const) {
      for (const key of description[hint] ?? []) if (!allFields(def).some(([k]) => k === key)) problems.push(`${hint} names ${key}, no field of ${def.key}`);
    }
    const columns = await columnsOf(table);
    for (const [key, { field, column }] of fields) {
      const found = columns.get(column);
      if (listed(description, "omit", key)) {
        if (found && key !== def.status?.field) problems.push(`${key} is omitted, but ${column} is a column`);
        continue;
      }
      if (!found) continue; // reported by the binding's check
      const generated = listed(description, "generated", key);
      if (generated !== found.hasDefault) problems.push(`${key}: ${column} ${found.hasDefault ? "has a default: list it as generated" : "has no default: it is not generated"}`);
      // The rule TableOf types it with: required (or the status, or a default) is NOT NULL unless listed nullable; otherwise nullable unless listed notNull.
      const required = field.required || key === def.status?.field || generated;
      const typedNotNull = listed(description, "nullable", key) ? false : listed(description, "notNull", key) ? true : required;
      if (typedNotNull !== found.notNull) problems.push(`${key}: typed ${typedNotNull ? "NOT NULL" : "nullable"}, but ${column} is ${found.notNull ? "NOT NULL" : "nullable"}`);
    }
    expect(problems).toEqual([]);
  });
});

import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { DialectName } from "./index.js";

/** An auto-increment integer primary key that reads the same in SQLite and PostgreSQL. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName, name = "id") {
  return dialect === "postgres"
    ? table.addColumn(name, "bigserial", (c) => c.primaryKey())
    : table.addColumn(name, "integer", (c) => c.primaryKey().autoIncrement());
}

/** Integer type wide enough for kilograms, fen and ids in both dialects. */
export function bigintType(dialect: DialectName) {
  return dialect === "postgres" ? "bigint" : "integer";
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

/**
 * Columns every resource-engine table carries (docs/architecture.md, the resource engine, domain 0.2): who created and last
 * changed the row, when, an optimistic-lock version and a soft-delete time. Existing tables get
 * them through `addEngineColumns`; new ones through `engineTable`.
 */
export const ENGINE_COLUMNS = ["created_by", "updated_by", "updated_at", "version", "deleted_at"] as const;

type Alter = { addColumn(name: string, type: string, build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder): Alter };

function engineColumnsOn<T extends Alter>(table: T, dialect: DialectName, withCreatedAt: boolean): T {
  const time = "varchar(32)";
  let t: Alter = table;
  if (withCreatedAt) t = t.addColumn("created_at", time, notNull);
  t = t
    .addColumn("created_by", bigintType(dialect))
    .addColumn("updated_by", bigintType(dialect))
    .addColumn("updated_at", time)
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_at", time);
  return t as T;
}

/** A new engine table: id, the three scope columns (org and tenant nullable when `platformLevel`), audit columns. */
export function engineTable<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName, options: { platformLevel?: boolean } = {}) {
  const big = bigintType(dialect);
  const scoped = withId(table, dialect)
    .addColumn("platform_id", "varchar(8)", (c) => c.notNull().references("platforms.id"))
    .addColumn("tenant_id", big, (c) => (options.platformLevel ? c.references("tenants.id") : c.notNull().references("tenants.id")))
    .addColumn("org_id", big, (c) => (options.platformLevel ? c.references("organisations.id") : c.notNull().references("organisations.id")))
    .addColumn("owner_user_id", big, (c) => c.references("users.id"));
  return engineColumnsOn(scoped as unknown as Alter, dialect, true) as unknown as CreateTableBuilder<T, never>;
}

/** Adds the audit columns (and owner_user_id) to an existing table, one ALTER per column (SQLite needs that). */
export async function addEngineColumns(db: Kysely<unknown>, table: string, dialect: DialectName, options: { owner?: boolean } = {}): Promise<void> {
  const columns: Array<[string, string, ((c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder)?]> = [
    ["created_by", bigintType(dialect)],
    ["updated_by", bigintType(dialect)],
    ["updated_at", "varchar(32)"],
    ["version", "integer", (c) => c.notNull().defaultTo(0)],
    ["deleted_at", "varchar(32)"],
  ];
  if (options.owner) columns.push(["owner_user_id", bigintType(dialect)]);
  for (const [name, type, build] of columns) await db.schema.alterTable(table).addColumn(name, type as never, build ?? ((c) => c)).execute();
}

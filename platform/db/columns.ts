import type { ColumnDefinitionBuilder, CreateTableBuilder } from "kysely";
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

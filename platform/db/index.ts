import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect, SqliteDialect, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type PostgresDialectConfig } from "kysely";
import type { Database } from "./schema.js";
import { watchWrites, type WriteWatch } from "./write-watch.js";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
  /**
   * The writes this process made, per table, on SQLite, where this process is the only writer while it
   * runs and its one connection orders every read after the writes before it. Not on PostgreSQL: other
   * platforms write to it, and a read beside an open transaction sees the rows it is changing.
   */
  writes?: WriteWatch;
}

import { DEFAULT_DATABASE_URL } from "../../contract/settings.js";

export { DEFAULT_DATABASE_URL };

/** Opens the database named by a `file:` path or a `postgres://` URL (docs/architecture.md "Conventions", TMS_DATABASE_URL). */
export async function openDatabase(url: string = DEFAULT_DATABASE_URL): Promise<Db> {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  if (url.startsWith("file:") || !url.includes("://")) return openSqlite(url.replace(/^file:/, ""));
  throw new Error(`Unsupported TMS_DATABASE_URL: ${url}`);
}

/**
 * Brings the planner's statistics up to date where the data has grown or shrunk much since they were
 * taken (SQLite's `PRAGMA optimize`, bounded by the connection's analysis_limit); PostgreSQL's autovacuum
 * analyses on its own.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  if (db.dialect === "sqlite") await sql`pragma optimize`.execute(db.kysely);
}

/** better-sqlite3 is a Node-API module that needs Node 22: on an older node it crashes the process (SIGSEGV) instead of failing. */
const sqliteNeedsNode = 22;

async function openSqlite(path: string): Promise<Db> {
  if (Number(process.versions.node.split(".")[0]) < sqliteNeedsNode) {
    throw new Error(`SQLite needs Node ${sqliteNeedsNode} or later, this is ${process.version}: start through npm (npm start), which runs the Node 24 that npm install brings (SQLite 需要 Node ${sqliteNeedsNode} 以上)`);
  }
  const { default: SQLite } = await import("better-sqlite3");
  const file = path === ":memory:" ? path : resolve(path);
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("foreign_keys = ON");
  database.pragma("synchronous = NORMAL");
  database.pragma("busy_timeout = 5000");
  // The planner's statistics: without them SQLite takes a table it has not analysed for small and walks
  // the wrong index (a report over 800,000 settlements it thought empty took 0.7 s instead of 0.1 s).
  // At open, analyse the tables that need it, reading at most 1,000 rows an index (docs/design/performance.md);
  // `refreshStatistics` keeps them current while the platform runs.
  database.pragma("analysis_limit = 1000");
  database.pragma("optimize = 0x10002");
  const writes = watchWrites();
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }), plugins: [writes.plugin] });
  return { kysely, dialect: "sqlite", destroy: () => kysely.destroy(), writes };
}

/** Prepared statements kept per SQL text; the least recently used go first beyond it. */
export const SQLITE_STATEMENTS_KEPT = 500;

type SqliteStatement = { busy: boolean };
/**
 * The database as Kysely's SQLite driver sees it, with its statements prepared once per SQL text
 * (preparing was the platform's largest single cost of a list request; Kysely prepares on
 * every query). A statement still iterating (a streamed export) is not handed out again: that call
 * gets a fresh one. SQLite re-prepares a kept statement itself after a schema change.
 */
export function withStatementCache<S extends SqliteStatement>(database: { prepare(sql: string): S; close(): unknown }) {
  const kept = new Map<string, S>();
  return {
    close: () => database.close(),
    prepare(sqlText: string): S {
      const statement = kept.get(sqlText);
      if (statement && !statement.busy) {
        kept.delete(sqlText);
        kept.set(sqlText, statement);
        return statement;
      }
      const fresh = database.prepare(sqlText);
      if (statement) return fresh;
      kept.set(sqlText, fresh);
      if (kept.size > SQLITE_STATEMENTS_KEPT) kept.delete(kept.keys().next().value!);
      return fresh;
    },
  };
}

/**
 * PostgreSQL's introspector lists tables of every schema. Scoped to the schema a database was opened on,
 * so Kysely's migrator does not mistake another schema's migration tables (a parallel test run) for ours.
 */
class SchemaScopedPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const inner = super.createIntrospector(db);
    const getTables = async (options?: DatabaseMetadataOptions) => (await inner.getTables(options)).filter((t) => t.schema === this.schema);
    return { getSchemas: () => inner.getSchemas(), getTables, getMetadata: async (options) => ({ tables: await getTables(options) }) };
  }
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

async function openPostgres(url: string): Promise<Db> {
  const pg = await import("pg");
  const { Pool, types } = pg.default;
  // COUNT(*) and bigint come back as strings by default; our figures fit in a double.
  types.setTypeParser(20, (value: string) => Number(value));
  types.setTypeParser(1700, (value: string) => Number(value));
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema");
  parsed.searchParams.delete("schema");
  if (schema !== null && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name in TMS_DATABASE_URL: ${schema}`);
  // Startup parameters, so every pooled connection has them from its first query: the schema, and no
  // JIT: the reports' per-waybill subplans push their cost estimates past the JIT thresholds and the
  // compilation costs more than it saves (bench/postgres-10m, docs/benchmarks.md).
  const options = ["-c jit=off", ...(schema ? [`-c search_path=${schema}`] : [])].join(" ");
  const pool = new Pool({ connectionString: parsed.toString(), max: 10, options });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const dialect = schema ? new SchemaScopedPostgresDialect({ pool }, schema) : new PostgresDialect({ pool });
  const kysely = new Kysely<Database>({ dialect });
  return { kysely, dialect: "postgres", destroy: () => kysely.destroy() };
}

/** Current time as the ISO-8601 UTC text every timestamp column holds. */
export function nowIso(): string {
  return new Date().toISOString();
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

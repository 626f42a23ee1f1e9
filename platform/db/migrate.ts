import { Migrator, sql, type Migration, type MigrationProvider } from "kysely";
import type { Db, DialectName } from "./index.js";
import { migrations } from "./migrations/index.js";

class ListProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, build] of Object.entries(migrations)) out[name] = build(this.dialect);
    return out;
  }
}

/** Kysely's bookkeeping table: one row per applied migration. */
export const MIGRATION_TABLE = "kysely_migration";

/**
 * Runs every pending migration; throws if one fails. Migrations are additive and built on parallel
 * branches, so one numbered below an applied one still runs (`allowUnorderedMigrations`).
 * Only `npm run migrate` and the development start call this; the production start checks
 * `migrationStatus` and refuses when the schema is not current.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new ListProvider(db.dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

export interface MigrationStatus {
  /** Applied migrations the code knows, in the code's order. */
  applied: string[];
  /** Migrations of the code not yet applied to this database. */
  pending: string[];
  /** Applied to this database but unknown to the code: the database is newer than the code. */
  unknown: string[];
  /** The highest applied migration name (they sort in the order they were numbered), or null on an empty database. */
  head: string | null;
}

/** The names of the migrations applied to a database (none when it has no migration table yet). */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === MIGRATION_TABLE)) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db.kysely);
  return rows.rows.map((r) => r.name);
}

/** Compares the database's applied migrations with the code's list. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  return statusOf(await appliedMigrations(db));
}

/** The status for a list of applied migration names (also what a backup's manifest records). */
export function statusOf(appliedNames: string[]): MigrationStatus {
  const known = Object.keys(migrations);
  const done = new Set(appliedNames);
  return {
    applied: known.filter((name) => done.has(name)),
    pending: known.filter((name) => !done.has(name)),
    unknown: appliedNames.filter((name) => !known.includes(name)).sort(),
    head: appliedNames.length ? [...appliedNames].sort().at(-1)! : null,
  };
}

/** The head of the code: the highest migration name it carries. */
export const CODE_HEAD = Object.keys(migrations).sort().at(-1)!;

/** One line in Chinese and English per reason the schema is not what this code expects (empty: current). */
export function schemaProblems(status: MigrationStatus): string[] {
  const problems: string[] = [];
  if (status.unknown.length)
    problems.push(
      `数据库中有本版本代码不认识的迁移（${status.unknown.join("、")}），数据库比代码新：请部署对应版本的代码，或恢复升级前的备份 / the database has migrations this code does not know (${status.unknown.join(", ")}): deploy the matching code, or restore the backup taken before the upgrade`,
    );
  if (status.pending.length)
    problems.push(
      `数据库结构不是最新：有 ${status.pending.length} 个迁移未执行（${status.pending.slice(0, 3).join("、")}${status.pending.length > 3 ? "…" : ""}），请先运行 npm run migrate / the schema is not current: ${status.pending.length} pending migration(s); run \`npm run migrate\` first`,
    );
  return problems;
}

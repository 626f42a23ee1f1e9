import { Migrator, type Migration, type MigrationProvider } from "kysely";
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

/**
 * Runs every pending migration; throws if one fails. Migrations are additive and built on parallel
 * branches, so one numbered below an applied one still runs (`allowUnorderedMigrations`).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db: db.kysely, provider: new ListProvider(db.dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * Test databases. The demo seed costs about 10 s, so an integration run builds it once (vitest's global
 * set-up, `buildSeededTemplate`) and every test file starts from its own copy: a file copy for SQLite, a
 * `CREATE DATABASE … TEMPLATE` for PostgreSQL. Both take well under a second. Outside a vitest run (a
 * benchmark) there is no template and a copy is migrated and seeded in place.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../platform/db/index.js";
import { migrateToLatest } from "../../platform/db/migrate.js";
import { seedIfEmpty } from "../../platform/demo/seed-all.js";

/** Where the global set-up left the seeded template: a SQLite file path or a PostgreSQL database name. */
export const TEMPLATE_ENV = "TMS_TEST_SEEDED_TEMPLATE";
/** The schema inside each PostgreSQL test database. */
const PG_SCHEMA = "tms";

export interface TestDatabase {
  url: string;
  /** Removes the database (PostgreSQL: drops it; SQLite: deletes its directory). */
  drop(): Promise<void>;
}

function safeName(name: string) {
  return name.replace(/\W/g, "_").toLowerCase().slice(0, 24);
}

function postgresUrl(base: string, database: string, schema?: string) {
  const url = new URL(base);
  url.pathname = `/${database}`;
  url.search = "";
  if (schema) url.searchParams.set("schema", schema);
  return url.toString();
}

/** Runs statements on the server's maintenance connection (the database of TEST_DATABASE_URL). */
async function onServer<T>(base: string, work: (query: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const url = new URL(base);
  url.search = "";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once its file's connections have gone. A pool that has just been ended may still
 * be closing its clients: dropping WITH (FORCE) at that moment makes the server terminate them, and the
 * closing client reports that as an uncaught error. So a plain DROP is retried while the database is in
 * use ("being accessed by other users"), and FORCE is the last resort for a connection that never goes.
 */
async function dropPostgresDatabase(base: string, database: string) {
  await onServer(base, async (query) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        await query(`DROP DATABASE IF EXISTS "${database}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  });
}

/** Builds the migrated and seeded template; returns the value for TEMPLATE_ENV and how to remove it. */
export async function buildSeededTemplate(): Promise<{ location: string; drop(): Promise<void> }> {
  const pg = process.env.TEST_DATABASE_URL;
  if (pg) {
    const database = `tms_tpl_${process.pid}_${Date.now()}`;
    await onServer(pg, (query) => query(`CREATE DATABASE "${database}"`));
    const db = await openDatabase(postgresUrl(pg, database, PG_SCHEMA));
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.destroy();
    return { location: database, drop: () => dropPostgresDatabase(pg, database) };
  }
  const dir = mkdtempSync(join(tmpdir(), "tms-template-"));
  const file = join(dir, "tms.db");
  const db = await openDatabase(`file:${file}`);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  await db.destroy();
  return { location: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A migrated, empty database of its own (the production bootstrap starts from one). */
export function emptyTestDatabase(name: string): TestDatabase {
  const pg = process.env.TEST_DATABASE_URL;
  if (pg) {
    const schema = `t_${safeName(name)}_${process.pid}_${Date.now()}`;
    const url = new URL(pg);
    url.searchParams.set("schema", schema);
    return {
      url: url.toString(),
      drop: () => onServer(pg, (query) => query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "tms-test-"));
  return { url: `file:${join(dir, "tms.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A database holding the demo data, of this test file's own: a copy of the run's template when there is one. */
export async function seededTestDatabase(name: string): Promise<TestDatabase> {
  const template = process.env[TEMPLATE_ENV];
  const pg = process.env.TEST_DATABASE_URL;
  if (!template) {
    const empty = emptyTestDatabase(name);
    const db = await openDatabase(empty.url);
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.destroy();
    return empty;
  }
  if (pg) {
    const database = `t_${safeName(name)}_${process.pid}_${Date.now()}`;
    // A test database is thrown away after its file: commits need not wait for the disk.
    await onServer(pg, async (query) => {
      await query(`CREATE DATABASE "${database}" TEMPLATE "${template}"`);
      await query(`ALTER DATABASE "${database}" SET synchronous_commit = off`);
    });
    return { url: postgresUrl(pg, database, PG_SCHEMA), drop: () => dropPostgresDatabase(pg, database) };
  }
  const dir = mkdtempSync(join(tmpdir(), "tms-test-"));
  const file = join(dir, "tms.db");
  copyFileSync(template, file);
  return { url: `file:${file}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

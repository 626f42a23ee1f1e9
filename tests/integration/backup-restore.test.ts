/**
 * Backups (platform/db/backup.ts): a platform runs and keeps writing; it is backed up
 * meanwhile (SQLite online backup / pg_dump on one snapshot), restored into a new database and data
 * directory, and a new platform there serves the same rows and the same file, and passes the ledger
 * check. A backup this code cannot read, a damaged one and a non-empty target are refused.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../platform/app.js";
import { loadPlatformConfig } from "../../platform/config.js";
import { backup, restore, SECRETS_FILE, parseSecrets, type BackupManifest } from "../../platform/db/backup.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { migrateToLatest, migrationStatus } from "../../platform/db/migrate.js";
import { checkLedger } from "../../platform/ledger/check.js";
import { DEMO_ACCOUNTS, loginAs } from "../helpers/platform.js";
import { emptyTestDatabase, seededTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const pgBase = process.env.TEST_DATABASE_URL;
const dialect = pgBase ? "postgres" : "sqlite";
const CARD_KEY = "k".repeat(40);

interface Running {
  baseUrl: string;
  db: Db;
  close(): Promise<void>;
}

async function startPlatform(databaseUrl: string, dataDir: string): Promise<Running> {
  const db = await openDatabase(databaseUrl);
  await migrateToLatest(db);
  const { app } = await buildApp({ db, config: { ...loadPlatformConfig({} as NodeJS.ProcessEnv), databaseUrl, dataDir, port: 0 } });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  return {
    baseUrl: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    db,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** A new, empty PostgreSQL database (its own, so the dump's schema name is free), or a new SQLite file. */
async function freshTarget(): Promise<TestDatabase> {
  if (!pgBase) return emptyTestDatabase("restored");
  const { default: pg } = await import("pg");
  const name = `t_restored_${process.pid}_${Date.now()}`;
  const server = new URL(pgBase);
  server.search = "";
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`CREATE DATABASE "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  url.searchParams.set("schema", "tms");
  return { url: url.toString(), drop: () => query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

const uploadFile = (baseUrl: string, token: string, name: string, bytes: Buffer) =>
  fetch(`${baseUrl}/system-file/upload?name=${encodeURIComponent(name)}&category=MANUAL&visibility=PRIVATE`, {
    method: "POST",
    headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  }).then(async (r) => (await r.json()) as { code: number; data?: { id: number } });

const count = async (db: Db, table: "system_files" | "users" | "freights" | "ledger_entries") => Number((await db.kysely.selectFrom(table).select(db.kysely.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe(`backup and restore of a running instance (${dialect})`, () => {
  const work = mkdtempSync(join(tmpdir(), "tms-backup-"));
  const sourceDir = join(work, "source-data");
  const targetDir = join(work, "target-data");
  const backupDir = join(work, "backup");
  let source: TestDatabase;
  let target: TestDatabase;
  let live: Running;
  let restored: Running | undefined;
  let manifest: BackupManifest;
  const fileBytes = Buffer.from(`%PDF-1.4 备份测试 ${Date.now()}\n%%EOF`);
  let fileId = 0;
  let writesDuringBackup = 0;

  beforeAll(async () => {
    source = await seededTestDatabase("backup_source");
    target = await freshTarget();
    live = await startPlatform(source.url, sourceDir);
    const admin = (await loginAs(live.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
    const uploaded = await uploadFile(live.baseUrl, admin, "备份手册.pdf", fileBytes);
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(200);
    fileId = uploaded.data!.id;
    // The platform keeps writing while the backup runs: each upload is a new row and a new stored file.
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const more = await uploadFile(live.baseUrl, admin, `写入中-${writesDuringBackup}.pdf`, Buffer.from(`%PDF-1.4 ${writesDuringBackup} ${Math.random()}\n%%EOF`));
        expect(more.code).toBe(200);
        writesDuringBackup++;
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    ({ manifest } = await backup({ databaseUrl: source.url, dataDir: sourceDir, dir: backupDir, env: { SESSION_SECRET: "s".repeat(48), TMS_CARD_KEY: CARD_KEY }, sessionSecretFile: join(work, "none") }));
    writing = false;
    await writer;
  });

  afterAll(async () => {
    await restored?.close();
    await live?.close();
    await source?.drop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it("writes a manifest: versions, migration head, rows per table, a checksum per file; secrets 0600", async () => {
    expect(writesDuringBackup).toBeGreaterThan(0);
    expect(manifest.database.dialect).toBe(dialect);
    expect(manifest.migrations.head).toBe((await migrationStatus(live.db)).head);
    expect(manifest.versions.database).toMatch(pgBase ? /^PostgreSQL / : /^SQLite /);
    expect(manifest.counts.users).toBeGreaterThan(0);
    // The live database went on growing after the snapshot; the manifest counts the snapshot.
    expect(manifest.counts.system_files).toBeLessThan(await count(live.db, "system_files"));
    expect(manifest.files.some((f) => f.path === manifest.database.file)).toBe(true);
    expect(manifest.files.filter((f) => f.path.startsWith("files/")).length).toBeGreaterThanOrEqual(1);
    expect(statSync(join(backupDir, SECRETS_FILE)).mode & 0o777).toBe(0o600);
    expect(parseSecrets(readFileSync(join(backupDir, SECRETS_FILE), "utf8"))).toEqual({ SESSION_SECRET: "s".repeat(48), TMS_CARD_KEY: CARD_KEY });
    expect(manifest.secrets).toEqual(["SESSION_SECRET", "TMS_CARD_KEY"]);
  });

  it("refuses a damaged backup, one newer than the code, and a target that is not empty", async () => {
    const damaged = join(work, "damaged");
    cpSync(backupDir, damaged, { recursive: true });
    const dbFile = join(damaged, manifest.database.file);
    const bytes = readFileSync(dbFile);
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(dbFile, bytes);
    await expect(restore({ databaseUrl: target.url, dataDir: targetDir, dir: damaged })).rejects.toThrow(/校验和不符/);

    const newer = join(work, "newer");
    cpSync(backupDir, newer, { recursive: true });
    const future = { ...manifest, migrations: { ...manifest.migrations, applied: [...manifest.migrations.applied, "9999_from_the_future"], head: "9999_from_the_future" } };
    writeFileSync(join(newer, "manifest.json"), JSON.stringify(future));
    await expect(restore({ databaseUrl: target.url, dataDir: targetDir, dir: newer })).rejects.toThrow(/比本版本代码（.+）新/);

    await expect(restore({ databaseUrl: source.url, dataDir: join(work, "elsewhere"), dir: backupDir })).rejects.toThrow(/不是空的/);
  });

  it("restores into a new database and data directory: the same rows and files, and the ledger check passes", async () => {
    const result = await restore({ databaseUrl: target.url, dataDir: targetDir, dir: backupDir });
    expect(result.manifest.counts).toEqual(manifest.counts);
    expect(parseSecrets(readFileSync(result.secretsFile!, "utf8")).TMS_CARD_KEY).toBe(CARD_KEY);
    restored = await startPlatform(target.url, targetDir);
    for (const table of ["system_files", "users", "freights", "ledger_entries"] as const) expect(await count(restored.db, table), table).toBe(manifest.counts[table]);
    expect((await migrationStatus(restored.db)).pending).toEqual([]);

    // The same accounts log in on the new instance, and the file uploaded before the backup is there.
    const admin = (await loginAs(restored.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
    const download = await fetch(`${restored.baseUrl}/system-file/${fileId}/download`, { headers: { "X-Platform": "A", Authorization: `Bearer ${admin}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(fileBytes)).toBe(true);
    // Every stored file of every backed-up row is there, byte for byte.
    const rows = await restored.db.kysely.selectFrom("system_files").select(["id", "storage_key", "sha256"]).execute();
    for (const row of rows) expect(readFileSync(join(targetDir, row.storage_key)).length, `file of row ${row.id}`).toBeGreaterThan(0);

    const ledger = await checkLedger(restored.db);
    expect(ledger.ok, JSON.stringify(ledger)).toBe(true);
  });
});

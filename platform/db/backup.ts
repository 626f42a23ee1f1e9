/**
 * Backups: the database, the file store and the secrets, into one directory with a
 * manifest, taken from a live instance; and the restore into a new, empty one.
 *
 * - SQLite: better-sqlite3's online backup (SQLite's backup API) of the live file: a consistent copy
 *   while the platform keeps writing.
 * - PostgreSQL: `pg_dump --format=custom` of the instance's schema, run on a snapshot exported from a
 *   repeatable-read transaction, in which the rows are also counted, so the manifest's counts are
 *   exactly the dump's. Restored with `pg_restore --single-transaction` into an empty schema.
 * - The file store (`TMS_DATA_DIR/files`, content-addressed) is copied after the database snapshot,
 *   so every file a backed-up row names is there.
 * - The secrets that make the data readable (`SESSION_SECRET`, or the console's generated
 *   `./data/session-secret`; `TMS_CARD_KEY`, which seals the bank card numbers, `TMS_ID_KEY` and `TMS_ID_HASH_KEY`, which seal
 *   and find the ID numbers — the dump holds those sealed) go to `secrets.env`,
 *   mode 0600: the backup is as secret as the production settings.
 * - `manifest.json`: format, versions, the migration head and the applied migrations, rows per table,
 *   size and SHA-256 of every file. A restore checks all of it first, refuses a backup whose migrations
 *   this code does not know (it is newer than the code) and a target that is not empty, and afterwards
 *   counts the rows again.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { SESSION_SECRET_FILE } from "../../contract/settings.js";
import { openDatabase, type Db } from "./index.js";
import { CODE_HEAD, MIGRATION_TABLE, statusOf } from "./migrate.js";

const run = promisify(execFile);

export const MANIFEST = "manifest.json";
export const SECRETS_FILE = "secrets.env";
/** The keys that seal card and ID numbers: a backup without them restores numbers nobody can open. */
const SEALING_KEYS = ["TMS_CARD_KEY", "TMS_ID_KEY", "TMS_ID_HASH_KEY", "TMS_ID_KEY_PREVIOUS"] as const;
const FORMAT = "tms-backup/1";
const SQLITE_FILE = "database.sqlite";
const PG_FILE = "database.pgdump";

export interface BackupManifest {
  format: typeof FORMAT;
  createdAt: string;
  versions: { app: string; node: string; database: string; pgDump?: string };
  database: { dialect: "sqlite" | "postgres"; file: string; schema: string | null };
  migrations: { head: string | null; applied: string[]; codeHead: string };
  /** Rows per table at the moment of the snapshot. */
  counts: Record<string, number>;
  /** Every file of the backup but the manifest: path relative to the backup, size, SHA-256. */
  files: Array<{ path: string; size: number; sha256: string }>;
  /** Which secrets `secrets.env` holds (names only; the values stay in that file). */
  secrets: string[];
}

export interface BackupOptions {
  databaseUrl: string;
  /** TMS_DATA_DIR: the file store is its `files/` directory. */
  dataDir: string;
  /** Where the backup goes: a new or empty directory. */
  dir: string;
  /** Where the secrets are read: SESSION_SECRET and TMS_CARD_KEY (the process's environment). */
  env: Record<string, string | undefined>;
  /** The console's generated session secret, used when SESSION_SECRET is unset (development). */
  sessionSecretFile?: string;
}

export interface RestoreOptions {
  databaseUrl: string;
  dataDir: string;
  dir: string;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

function appVersion(): string {
  for (const candidate of [join(process.cwd(), "package.json"), new URL("../../package.json", import.meta.url).pathname]) {
    try {
      return (JSON.parse(readFileSync(candidate, "utf8")) as { version: string }).version;
    } catch {
      // try the next
    }
  }
  return "unknown";
}

/** Every regular file under `root`, as paths relative to it (with `/`). */
function walk(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const parent = (entry as unknown as { parentPath?: string; path?: string }).parentPath ?? (entry as unknown as { path: string }).path;
    out.push(relative(root, join(parent, entry.name)).split(sep).join("/"));
  }
  return out.sort();
}

function emptyDirectory(dir: string, what: string) {
  if (existsSync(dir) && readdirSync(dir).length) throw new Error(`${what} ${dir} 不是空目录：请换一个新目录 / ${dir} is not empty: use a new directory`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

// ---------------------------------------------------------------------------------------- PostgreSQL

interface PgTarget {
  /** The URL without `?schema=`, for pg and the PostgreSQL tools. */
  url: string;
  schema: string;
}

function pgTarget(databaseUrl: string): PgTarget {
  const parsed = new URL(databaseUrl);
  const schema = parsed.searchParams.get("schema") ?? "public";
  parsed.searchParams.delete("schema");
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`无效的 schema 名称 / invalid schema name: ${schema}`);
  return { url: parsed.toString(), schema };
}

async function pgClient(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

type PgClient = Awaited<ReturnType<typeof pgClient>>;

async function pgTables(client: PgClient, schema: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name", [schema]);
  return rows.map((r) => r.name);
}

async function pgCounts(client: PgClient, schema: string, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await client.query<{ n: string }>(`select count(*) as n from "${schema}"."${table}"`)).rows[0]!.n);
  const applied = tables.includes(MIGRATION_TABLE) ? (await client.query<{ name: string }>(`select name from "${schema}"."${MIGRATION_TABLE}" order by name`)).rows.map((r) => r.name) : [];
  return { counts, applied };
}

async function toolVersion(tool: string): Promise<string> {
  try {
    return (await run(tool, ["--version"])).stdout.trim();
  } catch {
    throw new Error(`找不到 ${tool}：请安装 PostgreSQL 客户端（Debian：apt-get install postgresql-client） / ${tool} not found: install postgresql-client`);
  }
}

async function backupPostgres(databaseUrl: string, dir: string) {
  const target = pgTarget(databaseUrl);
  const pgDump = await toolVersion("pg_dump");
  const client = await pgClient(target.url);
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const version = (await client.query<{ v: string }>("show server_version")).rows[0]!.v;
    const tables = await pgTables(client, target.schema);
    if (!tables.length) throw new Error(`schema ${target.schema} 中没有表：数据库地址是否正确？ / schema ${target.schema} has no tables`);
    const { counts, applied } = await pgCounts(client, target.schema, tables);
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--schema=${target.schema}`, `--file=${join(dir, PG_FILE)}`, `--dbname=${target.url}`], { maxBuffer: 16 * 1024 * 1024 });
    await client.query("commit");
    return { file: PG_FILE, schema: target.schema, counts, applied, version: `PostgreSQL ${version}`, pgDump };
  } finally {
    await client.end();
  }
}

async function restorePostgres(databaseUrl: string, dir: string, manifest: BackupManifest) {
  const target = pgTarget(databaseUrl);
  await toolVersion("pg_restore");
  const from = manifest.database.schema ?? "public";
  const client = await pgClient(target.url);
  try {
    if ((await pgTables(client, target.schema)).length) throw new Error(`目标 schema ${target.schema} 不是空的：恢复只写入新的空数据库 / schema ${target.schema} is not empty: restore into a new, empty database`);
    if (from !== target.schema && (await pgTables(client, from)).length)
      throw new Error(`目标数据库中已有 schema ${from}（备份的原 schema）且不为空：请换一个数据库 / the target database already holds a non-empty schema ${from}`);
    // The schema is renamed after the restore; `public` always exists, so it can be neither source nor target of that.
    if ((from === "public") !== (target.schema === "public"))
      throw new Error(`备份的 schema 是 ${from}，目标是 ${target.schema}：public 只能恢复到 public / a backup of schema ${from} cannot be restored into ${target.schema}: public restores into public only`);
    // pg_restore creates a named schema itself: an empty one in the way goes. `public` exists already,
    // so its CREATE SCHEMA is left out of the restore list.
    for (const schema of new Set([from, target.schema])) if (schema !== "public") await client.query(`drop schema if exists "${schema}"`);
    const listing = (await run("pg_restore", ["--list", join(dir, PG_FILE)], { maxBuffer: 64 * 1024 * 1024 })).stdout;
    const listFile = join(tmpdir(), `tms-restore-${process.pid}-${Date.now()}.list`);
    writeFileSync(listFile, listing.split("\n").filter((line) => !/^\d+; \d+ \d+ SCHEMA - public /.test(line)).join("\n"));
    try {
      await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--use-list=${listFile}`, `--dbname=${target.url}`, join(dir, PG_FILE)], { maxBuffer: 16 * 1024 * 1024 });
    } finally {
      rmSync(listFile, { force: true });
    }
    if (from !== target.schema) await client.query(`alter schema "${from}" rename to "${target.schema}"`);
    const counts = (await pgCounts(client, target.schema, await pgTables(client, target.schema))).counts;
    return counts;
  } finally {
    await client.end();
  }
}

// -------------------------------------------------------------------------------------------- SQLite

const sqlitePath = (databaseUrl: string) => resolve(databaseUrl.replace(/^file:/, ""));

async function sqliteFacts(db: Db) {
  const tables = (await db.kysely.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely)).rows[0]!.n);
  const applied = tables.includes(MIGRATION_TABLE) ? (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db.kysely)).rows.map((r) => r.name) : [];
  return { counts, applied };
}

async function backupSqlite(databaseUrl: string, dir: string) {
  const file = sqlitePath(databaseUrl);
  if (!existsSync(file)) throw new Error(`数据库文件不存在 / database file not found: ${file}`);
  const { default: SQLite } = await import("better-sqlite3");
  const live = new SQLite(file, { fileMustExist: true });
  live.pragma("busy_timeout = 5000");
  const version = (live.prepare("select sqlite_version() as v").get() as { v: string }).v;
  try {
    // SQLite's online backup API: pages are copied in steps while other connections keep writing.
    await live.backup(join(dir, SQLITE_FILE));
  } finally {
    live.close();
  }
  const copy = await openDatabase(`file:${join(dir, SQLITE_FILE)}`);
  try {
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(copy.kysely);
    await sql`pragma journal_mode = DELETE`.execute(copy.kysely);
    return { file: SQLITE_FILE, schema: null, ...(await sqliteFacts(copy)), version: `SQLite ${version}` };
  } finally {
    await copy.destroy();
  }
}

async function restoreSqlite(databaseUrl: string, dir: string) {
  const file = sqlitePath(databaseUrl);
  if (existsSync(file) && statSync(file).size > 0) {
    const existing = await openDatabase(`file:${file}`);
    const tables = await existing.kysely.introspection.getTables({ withInternalKyselyTables: true }).finally(() => existing.destroy());
    if (tables.length) throw new Error(`目标数据库 ${file} 不是空的：恢复只写入新的空数据库 / ${file} is not empty: restore into a new, empty database`);
  }
  for (const leftover of [file, `${file}-wal`, `${file}-shm`]) rmSync(leftover, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(join(dir, SQLITE_FILE), file);
  const db = await openDatabase(`file:${file}`);
  try {
    return (await sqliteFacts(db)).counts;
  } finally {
    await db.destroy();
  }
}

// ------------------------------------------------------------------------------------------- secrets

function readSecrets(options: BackupOptions): Record<string, string> {
  const secrets: Record<string, string> = {};
  const secretFile = options.sessionSecretFile ?? SESSION_SECRET_FILE;
  if (options.env.SESSION_SECRET) secrets.SESSION_SECRET = options.env.SESSION_SECRET;
  else if (existsSync(secretFile)) secrets.SESSION_SECRET = readFileSync(secretFile, "utf8").trim();
  for (const name of SEALING_KEYS) if (options.env[name]) secrets[name] = options.env[name];
  return secrets;
}

/** `NAME=value` lines, as systemd's EnvironmentFile and a shell's `set -a; . file` read them. */
export function parseSecrets(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
}

// ----------------------------------------------------------------------------------------- the steps

export interface BackupResult {
  manifest: BackupManifest;
  warnings: string[];
}

/** Backs up a live instance into `options.dir` (created; must be new or empty). */
export async function backup(options: BackupOptions): Promise<BackupResult> {
  const dir = resolve(options.dir);
  emptyDirectory(dir, "备份目录");
  chmodSync(dir, 0o700);
  const warnings: string[] = [];
  const postgres = /^postgres(ql)?:\/\//.test(options.databaseUrl);
  const database = postgres ? await backupPostgres(options.databaseUrl, dir) : await backupSqlite(options.databaseUrl, dir);

  // The file store, after the snapshot: a file is written before the row that names it.
  const store = join(resolve(options.dataDir), "files");
  for (const path of walk(store)) {
    const target = join(dir, "files", path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(store, path), target);
  }

  const secrets = readSecrets(options);
  if (!secrets.SESSION_SECRET) warnings.push("没有找到 SESSION_SECRET：恢复后所有会话需重新登录 / no SESSION_SECRET found: after a restore everyone logs in again");
  if (!secrets.TMS_CARD_KEY) warnings.push("没有 TMS_CARD_KEY：开发默认密钥加密的银行卡号只能用同一默认密钥读取 / no TMS_CARD_KEY set: card numbers are sealed with the development key");
  if (!secrets.TMS_ID_KEY) warnings.push("没有 TMS_ID_KEY：开发默认密钥加密的身份证号只能用同一默认密钥读取 / no TMS_ID_KEY set: ID numbers are sealed with the development key");
  if (Object.keys(secrets).length) {
    const text = `# TMS backup secrets: keep this file as secret as the production settings.\n${Object.entries(secrets).map(([k, v]) => `${k}=${v}`).join("\n")}\n`;
    writeFileSync(join(dir, SECRETS_FILE), text, { mode: 0o600 });
  }

  const files = await Promise.all(
    walk(dir).map(async (path) => {
      const bytes = await readFile(join(dir, path));
      return { path, size: bytes.length, sha256: sha256(bytes) };
    }),
  );
  const manifest: BackupManifest = {
    format: FORMAT,
    createdAt: new Date().toISOString(),
    versions: { app: appVersion(), node: process.version, database: database.version, ...("pgDump" in database ? { pgDump: database.pgDump } : {}) },
    database: { dialect: postgres ? "postgres" : "sqlite", file: database.file, schema: database.schema },
    migrations: { head: statusOf(database.applied).head, applied: database.applied, codeHead: CODE_HEAD },
    counts: database.counts,
    files,
    secrets: Object.keys(secrets),
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { manifest, warnings };
}

/** Reads a backup's manifest and checks every file against it; throws on the first problem. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const path = join(resolve(dir), MANIFEST);
  if (!existsSync(path)) throw new Error(`${dir} 中没有 ${MANIFEST}：这不是一个备份目录 / no ${MANIFEST} in ${dir}`);
  const manifest = JSON.parse(readFileSync(path, "utf8")) as BackupManifest;
  if (manifest.format !== FORMAT) throw new Error(`不认识的备份格式 ${String(manifest.format)} / unknown backup format`);
  for (const file of manifest.files) {
    const bytes = await readFile(join(resolve(dir), file.path)).catch(() => null);
    if (!bytes) throw new Error(`备份缺少文件 ${file.path} / the backup lacks ${file.path}`);
    if (bytes.length !== file.size || sha256(bytes) !== file.sha256) throw new Error(`备份文件 ${file.path} 校验和不符，备份已损坏 / ${file.path} does not match its checksum`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where the secrets were written (mode 0600), or null when the backup holds none. */
  secretsFile: string | null;
  warnings: string[];
}

/** Restores a backup into a new, empty database and data directory; verifies the rows afterwards. */
export async function restore(options: RestoreOptions): Promise<RestoreResult> {
  const dir = resolve(options.dir);
  const manifest = await verifyBackup(dir);
  const status = statusOf(manifest.migrations.applied);
  if (status.unknown.length)
    throw new Error(
      `备份的迁移头 ${manifest.migrations.head} 比本版本代码（${CODE_HEAD}）新，含有代码不认识的迁移 ${status.unknown.join("、")}：请用备份时的代码版本恢复 / the backup's migration head ${manifest.migrations.head} is newer than this code's (${CODE_HEAD}): restore with the code it was taken with`,
    );
  const postgres = /^postgres(ql)?:\/\//.test(options.databaseUrl);
  if (postgres !== (manifest.database.dialect === "postgres"))
    throw new Error(`备份来自 ${manifest.database.dialect}，目标是 ${postgres ? "postgres" : "sqlite"}：只能恢复到同一种数据库 / a ${manifest.database.dialect} backup restores into ${manifest.database.dialect} only`);
  const store = join(resolve(options.dataDir), "files");
  const storeFiles = manifest.files.filter((f) => f.path.startsWith("files/"));
  for (const file of storeFiles) {
    const target = join(store, file.path.slice("files/".length));
    if (existsSync(target) && sha256(readFileSync(target)) !== file.sha256) throw new Error(`文件存储中已有不同内容的 ${target} / ${target} exists with other content`);
  }

  const counts = postgres ? await restorePostgres(options.databaseUrl, dir, manifest) : await restoreSqlite(options.databaseUrl, dir);
  const differ = Object.keys({ ...counts, ...manifest.counts }).filter((table) => counts[table] !== manifest.counts[table]);
  if (differ.length) throw new Error(`恢复后的行数与备份清单不符：${differ.map((t) => `${t} ${counts[t] ?? "无"}≠${manifest.counts[t] ?? "无"}`).join("，")} / row counts differ after the restore`);

  for (const file of storeFiles) {
    const target = join(store, file.path.slice("files/".length));
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(dir, file.path), target);
  }

  const warnings: string[] = [];
  let secretsFile: string | null = null;
  if (manifest.secrets.length) {
    mkdirSync(resolve(options.dataDir), { recursive: true, mode: 0o750 });
    secretsFile = join(resolve(options.dataDir), SECRETS_FILE);
    writeFileSync(secretsFile, readFileSync(join(dir, SECRETS_FILE)), { mode: 0o600 });
    chmodSync(secretsFile, 0o600);
    warnings.push(`备份中的密钥（${manifest.secrets.join("、")}）已写入 ${secretsFile}（0600）：新实例须使用这些值 / the backup's secrets are in ${secretsFile}: the new instance must run with them`);
  }
  return { manifest, secretsFile, warnings };
}

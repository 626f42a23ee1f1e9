/**
 * `npm run backup -- <dir>`: backs up the live instance of TMS_DATABASE_URL (SQLite online backup, or
 * pg_dump on one snapshot), its file store (TMS_DATA_DIR/files) and its secrets (SESSION_SECRET or the
 * console's generated session secret, TMS_CARD_KEY) into <dir>, a new or empty directory, with a
 * manifest (platform/db/backup.ts). Safe while the platform runs.
 */
import { readSettings } from "../contract/settings.js";
import { backup } from "../platform/db/backup.js";

const dir = process.argv[2];
if (!dir || dir.startsWith("-")) {
  console.error("用法 / usage: npm run backup -- <新目录 / new directory>");
  process.exit(2);
}
const { settings, production } = readSettings(process.env);
if (production && !process.env.TMS_DATABASE_URL) {
  console.error("[backup] 缺少 TMS_DATABASE_URL（数据库地址），生产环境必须设置 / TMS_DATABASE_URL is required when TMS_ENV=production");
  process.exit(1);
}
try {
  const { manifest, warnings } = await backup({ databaseUrl: settings.TMS_DATABASE_URL, dataDir: settings.TMS_DATA_DIR, dir, env: process.env });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  const stored = manifest.files.filter((f) => f.path.startsWith("files/")).length;
  console.log(`[backup] ${dir}: ${manifest.database.dialect}, ${Object.keys(manifest.counts).length} tables, ${rows} rows, migration head ${manifest.migrations.head}, ${stored} stored files`);
  for (const line of warnings) console.warn(`[backup] 注意 / note: ${line}`);
  if (manifest.secrets.length) console.warn(`[backup] 备份含有密钥（${manifest.secrets.join("、")}，secrets.env，0600）：请像生产配置一样保管 / this backup holds secrets: keep it as safe as the production settings`);
} catch (error) {
  console.error(`[backup] 备份失败 / backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

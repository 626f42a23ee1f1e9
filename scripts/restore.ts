/**
 * `npm run restore -- <dir>`: restores a backup made by `npm run backup` into the new, empty database of
 * TMS_DATABASE_URL and the data directory TMS_DATA_DIR. Checks every file's checksum first, refuses a
 * backup whose migrations this code does not know and a target that is not empty, and counts the rows
 * afterwards. The backup's secrets are written to TMS_DATA_DIR/secrets.env (0600) for the new instance's
 * settings. Rolling back an upgrade is this: the old code, and the backup taken before the upgrade.
 */
import { readSettings } from "../contract/settings.js";
import { restore } from "../platform/db/backup.js";

const dir = process.argv[2];
if (!dir || dir.startsWith("-")) {
  console.error("用法 / usage: npm run restore -- <备份目录 / backup directory>");
  process.exit(2);
}
const { settings, production } = readSettings(process.env);
if (production && !process.env.TMS_DATABASE_URL) {
  console.error("[restore] 缺少 TMS_DATABASE_URL（数据库地址），生产环境必须设置 / TMS_DATABASE_URL is required when TMS_ENV=production");
  process.exit(1);
}
try {
  const { manifest, warnings } = await restore({ databaseUrl: settings.TMS_DATABASE_URL, dataDir: settings.TMS_DATA_DIR, dir });
  const rows = Object.values(manifest.counts).reduce((a, b) => a + b, 0);
  console.log(`[restore] ${dir} (taken ${manifest.createdAt}): ${Object.keys(manifest.counts).length} tables, ${rows} rows verified, migration head ${manifest.migrations.head}`);
  for (const line of warnings) console.warn(`[restore] 注意 / note: ${line}`);
} catch (error) {
  console.error(`[restore] 恢复失败 / restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

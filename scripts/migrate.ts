/**
 * `npm run migrate [-- up|status]`: the deploy step that brings the schema of TMS_DATABASE_URL up to
 * this code (`up`, the default), or lists what is applied and pending (`status`; exit status 1 when the
 * schema is not current). The production start commands only check the schema and refuse when it is
 * not current; `npm start` (development) still migrates by itself. There are no down steps: rolling
 * back means restoring the backup taken before the upgrade (`npm run restore`).
 */
import { readSettings } from "../contract/settings.js";
import { openDatabase } from "../platform/db/index.js";
import { CODE_HEAD, migrateToLatest, migrationStatus, schemaProblems } from "../platform/db/migrate.js";

const command = process.argv[2] ?? "up";
if (command !== "up" && command !== "status") {
  console.error("用法 / usage: npm run migrate [-- up|status]");
  process.exit(2);
}
const { settings, production } = readSettings(process.env);
if (production && !process.env.TMS_DATABASE_URL) {
  console.error("[migrate] 缺少 TMS_DATABASE_URL（数据库地址），生产环境必须设置 / TMS_DATABASE_URL is required when TMS_ENV=production");
  process.exit(1);
}
const where = settings.TMS_DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");
const db = await openDatabase(settings.TMS_DATABASE_URL);
try {
  const before = await migrationStatus(db);
  if (command === "status") {
    console.log(`[migrate] ${where}: ${before.applied.length} applied, ${before.pending.length} pending; database head ${before.head ?? "(empty)"}, code head ${CODE_HEAD}`);
    for (const name of before.pending) console.log(`  pending  ${name}`);
    for (const name of before.unknown) console.log(`  unknown  ${name} (applied by newer code)`);
    const problems = schemaProblems(before);
    for (const line of problems) console.error(`[migrate] ${line}`);
    process.exitCode = problems.length ? 1 : 0;
  } else {
    if (before.unknown.length) {
      // Newer code migrated this database: running this code's migrations would not make it match.
      for (const line of schemaProblems({ ...before, pending: [] })) console.error(`[migrate] ${line}`);
      process.exitCode = 1;
    } else {
      const applied = await migrateToLatest(db);
      for (const name of applied) console.log(`  applied  ${name}`);
      console.log(`[migrate] ${where}: ${applied.length ? `${applied.length} migration(s) applied` : "already current"}; head ${CODE_HEAD}`);
    }
  }
} catch (error) {
  console.error(`[migrate] 迁移失败 / migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

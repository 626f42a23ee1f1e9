/**
 * `npm run admin:create -- --mobile 13900000000 --name 张三 [--platform A]`: the one-time creation of a
 * platform's first administrator on the database of TMS_DATABASE_URL (migrated first). Prints the
 * one-time password once; it is already expired, so the first login asks for a new one.
 */
import { parseArgs } from "node:util";
import { loadPlatformConfig } from "../platform/config.js";
import { createFirstAdmin } from "../platform/iam/bootstrap.js";
import { openDatabase } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";

const { values } = parseArgs({ options: { mobile: { type: "string" }, name: { type: "string" }, platform: { type: "string", default: "A" } } });
if (!values.mobile || !values.name) {
  console.error("用法：npm run admin:create -- --mobile <手机号> --name <姓名> [--platform A]");
  process.exit(2);
}
const db = await openDatabase(loadPlatformConfig().databaseUrl);
try {
  await migrateToLatest(db);
  const admin = await createFirstAdmin(db, { mobile: values.mobile, name: values.name, platformId: values.platform });
  console.log(`已创建平台 ${values.platform} 的首个管理员 ${admin.mobile}。一次性密码：${admin.password}`);
  console.log("该密码已过期：首次登录后须立即修改。此密码不会再次显示。");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}

/**
 * `npm run keys:rotate [-- --batch 500]`: re-seals every stored ID number (the columns of
 * platform/db/personal.ts and the submission payloads) from TMS_ID_KEY_PREVIOUS to TMS_ID_KEY on the
 * database of TMS_DATABASE_URL, one transaction per batch, printing one progress line per batch.
 * Idempotent and resumable: run it again after a stop, it skips what is already under the new key.
 * The procedure around it: docs/design/security-data.md "Rotating the ID key".
 */
import { readSettings } from "../contract/settings.js";
import { openDatabase } from "../platform/db/index.js";
import { rotateIdKey } from "../platform/db/personal.js";
import { resealPayloadIds } from "../platform/submission/card-field.js";

const args = process.argv.slice(2);
const at = args.indexOf("--batch");
const batch = at >= 0 ? Number(args[at + 1]) : 500;
if (!Number.isInteger(batch) || batch < 1 || batch > 10_000 || args.some((a, i) => a !== "--batch" && i !== at + 1)) {
  console.error("用法 / usage: npm run keys:rotate [-- --batch 1..10000]");
  process.exit(2);
}
const { settings } = readSettings(process.env);
if (!process.env.TMS_ID_KEY_PREVIOUS) console.log("[keys:rotate] TMS_ID_KEY_PREVIOUS 未设置：只检查每个值都能用当前密钥打开 / unset: only checks that the current key opens every value");
const db = await openDatabase(settings.TMS_DATABASE_URL);
try {
  const done = await rotateIdKey(db.kysely as never, { batch, reseal: resealPayloadIds, progress: (p) => console.log(JSON.stringify(p)) });
  const resealed = done.reduce((n, p) => n + p.resealed, 0);
  console.log(process.env.TMS_ID_KEY_PREVIOUS ? `[keys:rotate] 完成 / done: ${resealed} rows re-sealed under TMS_ID_KEY; TMS_ID_KEY_PREVIOUS may now be removed` : "[keys:rotate] 完成 / done: TMS_ID_KEY opens every stored value");
} catch (error) {
  console.error(`[keys:rotate] 失败 / failed: ${error instanceof Error ? error.message : String(error)} (what was done is kept; run it again to resume)`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

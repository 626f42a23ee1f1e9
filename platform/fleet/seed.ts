/**
 * Demo own-fleet data: the demo organisation's 超时配置 (a default and one route), and the alerts the
 * detector raises over the demo waybills on a fresh start (one of them already handled).
 */
import type { ServiceContext } from "../context.js";
import { loadPlatformConfig } from "../config.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import { runTimeoutDetector } from "./timeouts.js";

export async function seedFleet(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const user = await k.selectFrom("users").select(["id", "org_id", "tenant_id", "platform_id"]).where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();
  if (user.org_id == null || user.tenant_id == null) return;
  const now = new Date().toISOString();
  const base = { platform_id: user.platform_id, tenant_id: user.tenant_id, org_id: user.org_id, owner_user_id: user.id, created_at: now, created_by: user.id, updated_by: user.id, updated_at: now, deleted_at: null, enabled: "ENABLED" as const };
  await k
    .insertInto("timeout_configs")
    .values([
      { ...base, scope: "DEFAULT", loading_region_code: null, unloading_region_code: null, loading_timeout_h: 48, transit_timeout_h: 72, stop_timeout_min: 120, offline_timeout_min: 240, notify_mobiles: "13800000003" },
      { ...base, scope: "ROUTE", loading_region_code: "340300", unloading_region_code: "340200", loading_timeout_h: 24, transit_timeout_h: 36, stop_timeout_min: 90, offline_timeout_min: 180, notify_mobiles: null },
    ])
    .execute();
  const ctx = { db, config: loadPlatformConfig(), log: { warn: () => undefined, error: () => undefined } } as unknown as ServiceContext;
  await runTimeoutDetector(ctx, Date.now(), false);
  const first = await k.selectFrom("vehicle_alerts").select("id").where("org_id", "=", user.org_id).where("status", "=", "OPEN").orderBy("id").executeTakeFirst();
  if (first) await k.updateTable("vehicle_alerts").set({ status: "HANDLED", handled_by: user.id, handled_name: "李调度", handled_at: now, handle_remark: "已电话联系司机，车辆正在服务区休息" }).where("id", "=", first.id).execute();
}

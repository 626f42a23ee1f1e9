/** Demo clicks on waybill pages for 运单点击分析: the organisation's dispatcher and the platform admin, over the last 20 days. */
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import type { ClickModule } from "../../contract/reports.js";

const CONTENTS: Array<[ClickModule, string, number]> = [
  ["WAYBILL", "查看详情", 5],
  ["WAYBILL", "轨迹回放", 2],
  ["WAYBILL", "导出", 1],
  ["DISPATCH", "派单", 3],
];

export async function seedReports(db: Db, ids: SeedIds): Promise<void> {
  const users = await db.kysely.selectFrom("users").select(["id", "platform_id", "tenant_id", "org_id"]).where("id", "in", [ids.userIds.ORG_USER, ids.userIds.SYSTEM_USER]).execute();
  const now = Date.now();
  const rows = [];
  for (let day = 0; day < 20; day++) {
    for (const user of users) {
      for (const [module, content, perDay] of CONTENTS) {
        for (let k = 0; k < ((perDay + day) % 4) + 1; k++) {
          rows.push({ platform_id: user.platform_id, tenant_id: user.tenant_id, org_id: user.org_id, user_id: user.id, module, content, freight_no: null, created_at: new Date(now - day * 86_400_000 - k * 600_000).toISOString() });
        }
      }
    }
  }
  for (let i = 0; i < rows.length; i += 200) await db.kysely.insertInto("waybill_clicks").values(rows.slice(i, i + 200)).execute();
}

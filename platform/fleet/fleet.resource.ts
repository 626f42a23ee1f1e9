/** Bindings of 超时配置 and 超时记录 (domain 7.2): the organisation's own rows; an individual's own configs and the alerts of waybills they carry. */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { timeoutConfig, vehicleAlert } from "../../contract/resources/fleet.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb, type Row } from "../resources/bind.js";

const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);

/** ROUTE needs both region codes (unique per organisation); DEFAULT has none and is one per organisation; at least one rule. */
async function checkConfig(trx: AnyDb, orgId: unknown, id: number | null, v: Record<string, unknown>): Promise<void> {
  if (v.scope === "ROUTE" && (!v.loading_region_code || !v.unloading_region_code)) throw invalid("线路配置须填写装货地和卸货地区划代码");
  if (v.scope === "DEFAULT") {
    v.loading_region_code = null;
    v.unloading_region_code = null;
  }
  if (![v.loading_timeout_h, v.transit_timeout_h, v.stop_timeout_min, v.offline_timeout_min].some((x) => x != null)) throw invalid("请至少填写一项超时规则");
  let same = trx.selectFrom("timeout_configs").select("id").where("org_id", "=", Number(orgId)).where("scope", "=", String(v.scope)).where("deleted_at", "is", null);
  if (v.scope === "ROUTE") same = same.where("loading_region_code", "=", String(v.loading_region_code)).where("unloading_region_code", "=", String(v.unloading_region_code));
  if (id != null) same = same.where("id", "!=", id);
  if (await same.executeTakeFirst()) throw new Refusal(RefusalCode.illegalState, v.scope === "DEFAULT" ? "企业默认配置已存在，请编辑它" : "该线路的配置已存在");
}

export const timeoutConfigBinding = bindResource(timeoutConfig, {
  table: "timeout_configs",
  scope: orgScope(),
  hooks: {
    beforeCreate: async (trx, _scope, values) => checkConfig(trx, values.org_id, null, values),
    beforeUpdate: async (trx, _scope, before: Row, values) => {
      const merged = { ...before, ...values };
      await checkConfig(trx, before.org_id, Number(before.id), merged);
      values.loading_region_code = merged.loading_region_code;
      values.unloading_region_code = merged.unloading_region_code;
    },
  },
});

export const vehicleAlertBinding = bindResource(vehicleAlert, {
  table: "vehicle_alerts",
  scope: orgScope({ individual: (t, userId) => sql`${sql.ref(`${t}.freight_id`)} in (select f.id from freights f where f.carrier_user_id = ${userId})` }),
  hooks: {
    onTransition: async (trx, scope, row) => {
      await trx.updateTable("vehicle_alerts").set({ handled_by: scope.userId, handled_name: scope.name, handled_at: new Date().toISOString() }).where("id", "=", Number(row.id)).execute();
    },
  },
});

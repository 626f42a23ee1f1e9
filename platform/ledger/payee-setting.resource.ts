/**
 * 提现分配 on the engine (contract/resources/payee-setting.ts): platform configuration of who is paid a
 * carrier's freight. The hooks hold what a definition cannot say: who a mobile names, and one ACTIVE
 * setting per carrier. The ledger's payment flow reads it (payee-routing.ts).
 */
import { payeeSetting } from "../../contract/resources/payee-setting.js";
import { nowIso } from "../db/index.js";
import { HttpError } from "../http/envelope.js";
import { bindResource, platformStaffScope, type AnyDb, type Row } from "../resources/bind.js";
import type { CallerScope } from "../scope.js";

/** A registered person (driver, captain, fleet leader, shipowner) of the caller's platform, by mobile. */
async function personByMobile(trx: AnyDb, scope: CallerScope, mobile: string, label: string) {
  const user = await trx.selectFrom("users").select(["id", "name", "status"]).where("platform_id", "=", scope.platformId).where("mobile", "=", mobile).where("type", "=", "INDIVIDUAL_USER").executeTakeFirst();
  if (!user) throw new HttpError(400, `${label} ${mobile} 未注册为司机/船长/车队长账号`);
  if (user.status !== "ACTIVE") throw new HttpError(400, `${label} ${mobile} 的账号已停用`);
  return { id: Number(user.id), name: String(user.name) };
}

function checkDates(values: Record<string, unknown>, before: Row | null = null) {
  const from = String(values.valid_from ?? before?.valid_from ?? "");
  const to = values.valid_to ?? before?.valid_to;
  if (to && from && String(to) < from) throw new HttpError(400, "失效日期不能早于生效日期");
}

export const payeeSettingBinding = bindResource(payeeSetting, {
  table: "payee_settings",
  scope: platformStaffScope,
  stamp: "platform",
  hooks: {
    async beforeCreate(trx, scope, values) {
      checkDates(values);
      const carrier = await personByMobile(trx, scope, String(values.carrier_mobile), "承运人手机号");
      const payee = await personByMobile(trx, scope, String(values.payee_mobile), "收款方手机号");
      if (carrier.id === payee.id) throw new HttpError(400, "收款方手机号不能是承运人本人");
      Object.assign(values, { carrier_user_id: carrier.id, carrier_name: carrier.name, payee_user_id: payee.id, payee_name: payee.name });
    },
    async beforeUpdate(_trx, _scope, before, values) {
      checkDates(values, before);
    },
    /** One ACTIVE setting per carrier: approving a new one ends the one it replaces. */
    async onTransition(trx, scope, row, transition) {
      if (transition !== "approve") return;
      await trx
        .updateTable("payee_settings")
        .set((eb) => ({ status: "REVOKED", audit_remark: "已被新的收款设置替代", updated_at: nowIso(), updated_by: scope.userId, version: eb("version", "+", 1) }))
        .where("platform_id", "=", String(row.platform_id))
        .where("carrier_user_id", "=", Number(row.carrier_user_id))
        .where("status", "=", "ACTIVE")
        .where("id", "<>", row.id)
        .execute();
    },
  },
});


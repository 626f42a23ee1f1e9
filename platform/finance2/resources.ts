/**
 * Engine bindings of the finance records (contract/resources/finance2.ts): 提现分配 (payee settings,
 * platform configuration), 临时税务登记 (platform rows, tenant staff see their tenant's), 撮合发票 and
 * their waybills (organisation rows). The hooks hold the rules a definition cannot say: who a mobile
 * names, one ACTIVE setting and one REGISTERED registration per person (driver or captain, copied
 * from the APPROVED profile), releasing a cancelled
 * invoice's waybills.
 */
import { sql, type SqlBool } from "kysely";
import { matchInvoice, matchInvoiceItem, payeeSetting, taxRegistration, type TaxPersonType } from "../../contract/resources/finance2.js";
import { nowIso } from "../db/index.js";
import { HttpError } from "../http/envelope.js";
import { bindResource, orgScope, platformStaffScope, type AnyDb, type Row, type ScopeRule } from "../resources/bind.js";
import { rowsFor, type CallerScope } from "../scope.js";
import { approvedProfile, requireMatchingProfile } from "./tax-registrations.js";

/** Platform staff only (SYSTEM_USER): rows of their platform. */
const platformStaff: ScopeRule = platformStaffScope;

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
  scope: platformStaff,
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

/** Platform staff see the platform's registrations, tenant staff their tenant's drivers'. */
const taxScope: ScopeRule = (scope, alias) => rowsFor(scope, alias, { org: null, individual: null });

export const taxRegistrationBinding = bindResource(taxRegistration, {
  table: "tax_registrations",
  scope: taxScope,
  stamp: "platform",
  labels: {
    profileName: { table: "driver_profiles", via: "driver_profile_id", column: "name" },
    captainName: { table: "captain_profiles", via: "captain_profile_id", column: "name" },
  },
  hooks: {
    /**
     * A driver's or a captain's (one of the two): the person's name, ID number and mobile come from
     * their APPROVED profile; the taxpayer number of a person is the ID number.
     */
    async beforeCreate(trx, scope, values) {
      const driverId = values.driver_profile_id == null ? null : Number(values.driver_profile_id);
      const captainId = values.captain_profile_id == null ? null : Number(values.captain_profile_id);
      if ((driverId === null) === (captainId === null)) throw new HttpError(400, "请选择司机档案或船长档案（二选一）");
      const type: TaxPersonType = driverId !== null ? "DRIVER" : "CAPTAIN";
      const profile = await approvedProfile(trx, scope.platformId, type, (driverId ?? captainId)!);
      Object.assign(values, { person_type: type, person_id: profile.id, name: profile.name, id_card_no: profile.id_card_no, mobile: profile.mobile, taxpayer_no: profile.id_card_no, tenant_id: profile.tenant_id });
    },
    /** The copies must still match the APPROVED profile; one REGISTERED registration per person: a new registration ends the earlier one. */
    async onTransition(trx, scope, row, transition) {
      if (transition === "retry") await requireMatchingProfile(trx, row);
      if (transition !== "register") return;
      if (row.valid_to && row.registered_at && String(row.valid_to) < String(row.registered_at)) throw new HttpError(400, "有效期至不能早于登记日期");
      await requireMatchingProfile(trx, row);
      await trx
        .updateTable("tax_registrations")
        .set((eb) => ({ status: "CANCELLED", updated_at: nowIso(), updated_by: scope.userId, version: eb("version", "+", 1) }))
        .where("person_type", "=", String(row.person_type))
        .where("person_id", "=", Number(row.person_id))
        .where("status", "=", "REGISTERED")
        .where("id", "<>", row.id)
        .execute();
    },
  },
});

export const matchInvoiceBinding = bindResource(matchInvoice, {
  table: "match_invoices",
  scope: orgScope({ individual: null }),
  hooks: {
    async onTransition(trx, _scope, row, transition) {
      const at = nowIso();
      if (transition === "issue") await trx.updateTable("match_invoices").set({ finished_at: at }).where("id", "=", row.id).execute();
      // Cancelling releases the waybills: they may be applied for again.
      if (transition === "cancel") await trx.updateTable("match_invoice_items").set({ deleted_at: at }).where("invoice_id", "=", row.id).where("deleted_at", "is", null).execute();
    },
  },
});

export const matchInvoiceItemBinding = bindResource(matchInvoiceItem, {
  table: "match_invoice_items",
  scope: orgScope({ individual: null }),
  labels: { applyNo: { table: "match_invoices", via: "invoice_id", column: "apply_no" } },
});

/** An ACTIVE payee setting of a carrier valid on the China date `day` (the ledger's payment flow reads it). */
export function activePayeeSetting(db: AnyDb, platformId: string, carrierUserId: number, day: string) {
  return db
    .selectFrom("payee_settings")
    .select(["id", "payee_user_id", "payee_name", "payee_share_bp"])
    .where("platform_id", "=", platformId)
    .where("carrier_user_id", "=", carrierUserId)
    .where("status", "=", "ACTIVE")
    .where("deleted_at", "is", null)
    .where("valid_from", "<=", day)
    .where(sql<SqlBool>`(valid_to is null or valid_to >= ${day})`)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export const FINANCE2_BINDINGS = [payeeSettingBinding, taxRegistrationBinding, matchInvoiceBinding, matchInvoiceItemBinding];

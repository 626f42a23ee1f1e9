/**
 * 申请开票 (domain 5.7): the call that bundles waybills an organisation may invoice (completed, paid, not
 * yet invoiced; 新开票列表 lists them, invoiceable.resource.ts) into a DRAFT application. One transaction
 * (BEGIN IMMEDIATE on SQLite, row locks on PostgreSQL) re-reads the waybills in the caller's scope and
 * moves their settlements to 已申请开票; a `requestNo` makes it idempotent (same number and body → the
 * first answer, another body → 4029), and a partial unique index keeps a waybill in one live line.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { taxOf, type ApplyInvoice } from "../../contract/billing.js";
import { nowIso, type Db } from "../db/index.js";
import { HttpError, notFound, Refusal } from "../http/envelope.js";
import { settleWaybills } from "../ledger/settlements.js";
import { requireCode } from "../http/permission.js";
import { hashOf } from "../ledger/ledger.js";
import { lockRows, moneyTx, type MoneyDb } from "../ledger/tx.js";
import { recordResourceEvent } from "../resources/events.js";
import { nextSerial } from "../resources/write.js";
import { visible, type CallerScope } from "../scope.js";
import { requireReported } from "../submission/invoice-gate.js";
import { yuanPlain } from "../../contract/numbers.js";

const SPECIAL_TYPES = new Set(["DIGITAL_SPECIAL", "PAPER_SPECIAL"]);
/** The settled weight of a waybill: the smaller of loaded and unloaded (the existing rule). */
const settledWeight = (loaded: number | null, unloaded: number | null) => Math.min(Number(loaded ?? unloaded ?? 0), Number(unloaded ?? loaded ?? 0));

/** The 备注 of a freight invoice (国家税务总局公告2016年第23号): places, vehicles and cargo, or 详见运输清单. */
function freightRemark(lines: Array<{ loading_place: string; unloading_place: string; conveyance_name: string; cargo_category: string }>): string {
  const distinct = (xs: string[]) => [...new Set(xs)].join("、");
  const text = `起运地：${distinct(lines.map((l) => l.loading_place))}；到达地：${distinct(lines.map((l) => l.unloading_place))}；车种车号：${distinct(lines.map((l) => l.conveyance_name))}；货物：${distinct(lines.map((l) => l.cargo_category))}`;
  return text.length <= 230 ? text : "详见运输清单";
}

export async function applyForInvoice(db: Db, scope: CallerScope, input: ApplyInvoice) {
  requireCode(scope, "TMS_INVOICE_APPLY", "申请开票", ["ORG_USER"]);
  const freightIds = [...input.freightIds].sort((a, b) => a - b);
  const hash = hashOf({ orgId: scope.orgId, freightIds, company: input.invoiceCompanyId, type: input.invoiceType, delivery: input.deliveryMethod, remark: input.remark ?? "" });
  const replay = async (k: MoneyDb) => {
    const prior = await k.selectFrom("invoice_applications").selectAll().where("platform_id", "=", scope.platformId).where("request_no", "=", input.requestNo).executeTakeFirst();
    if (prior && prior.request_hash !== hash) throw new Refusal(RefusalCode.idempotencyConflict, `请求号 ${input.requestNo} 已用于另一笔不同的开票申请`);
    return prior;
  };
  const answer = (a: { id: unknown; application_no: string; waybill_count: number; amount_incl_tax: unknown }, replayed: boolean) => ({ id: Number(a.id), applicationNo: a.application_no, waybillCount: Number(a.waybill_count), amountInclTax: Number(a.amount_incl_tax), replayed });
  const first = await replay(db.kysely);
  if (first) return answer(first, true);
  await settleWaybills(db.kysely, freightIds);

  return moneyTx(db, async (trx) => {
    const company = await trx.selectFrom("invoice_companies").selectAll().where("id", "=", input.invoiceCompanyId).where("platform_id", "=", scope.platformId).where("deleted_at", "is", null).executeTakeFirst();
    if (!company) throw new HttpError(404, "开票公司不存在");
    if (company.enabled !== "ENABLED") throw new Refusal(RefusalCode.illegalState, `开票公司 ${company.name} 已停用`);
    const freights = await trx
      .selectFrom("freights as f")
      .leftJoin("freight_orders as o", "o.id", "f.order_id")
      .select(["f.id", "f.freight_no", "f.order_no", "f.status", "f.freight_way", "f.shipper_name", "f.cargo_category", "f.loading_place", "f.unloading_place", "f.conveyance_name", "f.loaded_weight", "f.unloaded_weight", "f.tenant_id", "o.shipper_id"])
      .where("f.id", "in", freightIds)
      .where(visible("freights", scope, "f"))
      .orderBy("f.id")
      .execute();
    if (freights.length !== freightIds.length) throw notFound("运单不存在或不属于本企业");
    const notDone = freights.find((f) => f.status !== "COMPLETED");
    if (notDone) throw new Refusal(RefusalCode.illegalState, `运单 ${notDone.freight_no} 尚未完成，不能开票`);
    if (new Set(freights.map((f) => f.shipper_name)).size > 1) throw new HttpError(400, "一张开票申请只能包含同一托运人的运单");
    if (new Set(freights.map((f) => f.freight_way)).size > 1) throw new HttpError(400, "公路和水路运单不能在同一开票申请中");

    const settlements = await trx.selectFrom("waybill_settlements").selectAll().where("freight_id", "in", freightIds).orderBy("id").execute();
    await lockRows(trx, db.dialect, "waybill_settlements", settlements.map((s) => Number(s.id)));
    const again = await replay(trx);
    if (again) return answer(again, true);
    const byFreight = new Map((await trx.selectFrom("waybill_settlements").selectAll().where("freight_id", "in", freightIds).execute()).map((s) => [Number(s.freight_id), s]));
    for (const f of freights) {
      const s = byFreight.get(Number(f.id));
      if (!s || s.pay_status !== "PAID") throw new Refusal(RefusalCode.prerequisite, `运单 ${f.freight_no} 尚未付款，不能开票`);
      if (s.invoice_status !== "NOT_INVOICED") throw new Refusal(RefusalCode.illegalState, `运单 ${f.freight_no} 已申请开票，不能重复开票`);
    }
    await requireReported(trx, freightIds);

    const shipperName = freights[0]!.shipper_name;
    const shipperId = freights.find((f) => f.shipper_id !== null)?.shipper_id;
    const shipper = shipperId ? await trx.selectFrom("shippers").selectAll().where("id", "=", Number(shipperId)).executeTakeFirst() : undefined;
    const buyerTaxNo = shipper?.tax_no ?? shipper?.credit_code ?? null;
    if (SPECIAL_TYPES.has(input.invoiceType) && !buyerTaxNo) throw new Refusal(RefusalCode.prerequisite, `托运人「${shipperName}」的开票信息不完整（缺纳税人识别号），不能开具专票，请选择普票或先完善托运人资料`);

    const amount = freights.reduce((sum, f) => sum + Number(byFreight.get(Number(f.id))!.shipper_payable), 0);
    const rate = Number(company.freight_tax_rate_bp);
    const tax = taxOf(amount, rate);
    const at = nowIso();
    const scoped = { platform_id: scope.platformId, tenant_id: Number(freights[0]!.tenant_id), org_id: scope.orgId!, owner_user_id: null, created_at: at, created_by: scope.userId, updated_at: at };
    const application = await trx
      .insertInto("invoice_applications")
      .values({
        ...scoped,
        application_no: await nextSerial(trx, "KP"),
        request_no: input.requestNo,
        request_hash: hash,
        business_mode: "SELF_OPERATED",
        invoice_kind: "FREIGHT",
        invoice_type: input.invoiceType,
        invoice_company_id: Number(company.id),
        shipper_name: shipperName,
        buyer_tax_no: buyerTaxNo,
        buyer_address_phone: shipper ? [shipper.tax_address ?? shipper.address, shipper.contact_mobile].filter(Boolean).join(" ") || null : null,
        buyer_bank_account: null,
        waybill_count: freights.length,
        total_weight: freights.reduce((sum, f) => sum + settledWeight(f.loaded_weight, f.unloaded_weight), 0),
        amount_incl_tax: amount,
        tax_rate_bp: rate,
        tax_amount: tax.taxAmount,
        amount_excl_tax: tax.amountExclTax,
        delivery_method: input.deliveryMethod,
        remark_text: [freightRemark(freights), input.remark].filter(Boolean).join("；").slice(0, 230),
        applicant_name: scope.name.slice(0, 32),
        invoice_count: 0,
        status: "DRAFT",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const lines = freights.map((f) => {
      const s = byFreight.get(Number(f.id))!;
      return {
        ...scoped,
        application_id: Number(application.id),
        freight_id: Number(f.id),
        settlement_id: Number(s.id),
        freight_no: f.freight_no,
        order_no: f.order_no,
        cargo_name: f.cargo_category.slice(0, 64),
        loading_place: f.loading_place.slice(0, 64),
        unloading_place: f.unloading_place.slice(0, 64),
        conveyance_name: f.conveyance_name.slice(0, 32),
        weight: settledWeight(f.loaded_weight, f.unloaded_weight),
        amount_incl_tax: Number(s.shipper_payable),
        line_status: "ACTIVE" as const,
      };
    });
    for (let i = 0; i < lines.length; i += 200) await trx.insertInto("invoice_application_items").values(lines.slice(i, i + 200)).execute();
    const ids = [...byFreight.values()].map((s) => Number(s.id));
    for (let i = 0; i < ids.length; i += 500) {
      const moved = await trx
        .updateTable("waybill_settlements")
        .set((eb) => ({ invoice_status: "INVOICE_APPLIED", invoice_application_id: Number(application.id), version: eb("version", "+", 1) }))
        .where("id", "in", ids.slice(i, i + 500))
        .where("invoice_status", "=", "NOT_INVOICED")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== Math.min(500, ids.length - i)) throw new Refusal(RefusalCode.illegalState, "有运单已被其他申请占用，请刷新后重试");
    }
    await recordResourceEvent(trx, scope, "invoiceApplication", application as never, { action: "CREATE", label: "申请开票", to: "DRAFT", remark: `${freights.length} 个运单，价税合计 ${yuanPlain(amount)} 元` });
    return answer(application, false);
  });
}

/**
 * 撮合开票 applications (domain 5.7, S3 MatchInvoiceList): an organisation asks for the matchmaking
 * service-fee invoice (SERVICE, 6 %) or a driver's agent-issued freight invoice (DRIVER_AGENT, 1 %)
 * over its paid MATCHMAKING waybills of one shipper. One invoice per application; its waybills are the
 * 合并明细 (a waybill is invoiced once per kind: a unique index, released when the invoice is cancelled).
 * A DRIVER_AGENT invoice needs the driver's temporary tax registration (domain 5.8).
 */
import { sealedCopy } from "../db/personal.js";
import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import { requestNoSchema } from "../../contract/ledger.js";
import { MATCH_INVOICE_KINDS, MATCH_INVOICE_RATE_BP, MATCH_INVOICE_TYPES, type MatchInvoiceKind } from "../../contract/resources/match-invoice.js";
import { nowIso, type Db } from "../db/index.js";
import { notFound, offsetOf, Refusal } from "../http/envelope.js";
import { settleWaybills } from "../ledger/settlements.js";
import { requireCode } from "../http/permission.js";
import { moneyTx } from "../ledger/tx.js";
import { nextSerial } from "../resources/write.js";
import { recordResourceEvent } from "../resources/events.js";
import type { Row } from "../resources/bind.js";
import { visible, type CallerScope } from "../scope.js";
import { reportedForInvoice, reportGaps, requireReported } from "../submission/invoice-gate.js";

const keys = <T extends object>(o: T) => Object.keys(o) as [keyof T & string, ...Array<keyof T & string>];
export const matchApplySchema = z.object({
  requestNo: requestNoSchema,
  invoiceKind: z.enum(keys(MATCH_INVOICE_KINDS), { errorMap: () => ({ message: "发票种类 invoiceKind 只能是 SERVICE 或 DRIVER_AGENT" }) }),
  invoiceType: z.enum(keys(MATCH_INVOICE_TYPES), { errorMap: () => ({ message: "发票类型 invoiceType 不正确" }) }),
  freightIds: z
    .array(z.number({ invalid_type_error: "运单 freightIds 必须是数字" }).int("运单 freightIds 必须是整数").positive("运单 freightIds 不正确"), { required_error: "请选择要开票的运单" })
    .min(1, "请选择要开票的运单")
    .max(2000, "一次最多 2000 个运单")
    .refine((ids) => new Set(ids).size === ids.length, "运单不能重复选择"),
});
export type MatchApply = z.infer<typeof matchApplySchema>;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
/** The search of 申请撮合开票 (/financialManage/matchmakingBillingList?apply=1). */
export const matchCandidateFilterSchema = z.object({
  invoiceKind: z.preprocess(blank, z.enum(keys(MATCH_INVOICE_KINDS), { errorMap: () => ({ message: "发票种类 invoiceKind 只能是 SERVICE 或 DRIVER_AGENT" }) }).optional()),
  keyword: z.preprocess(blank, z.string({ invalid_type_error: "运单号/订单号必须是文本" }).trim().max(32, "运单号/订单号最多 32 个字").optional()),
  shipperName: z.preprocess(blank, z.string({ invalid_type_error: "托运人必须是文本" }).trim().max(64, "托运人最多 64 个字").optional()),
});
const like = (text: string) => `%${text.replace(/[%_]/g, "")}%`;

/**
 * The caller's waybills a matchmaking application of `invoiceKind` may take (the rules of
 * `applyMatchInvoice`): completed MATCHMAKING waybills, paid, not on a live application of that kind.
 * Each row says why it cannot be chosen yet (开票须上报成功; 代开: the driver's temporary tax
 * registration) as `blocked.applyMatch`, else `actions: ["applyMatch"]` (the row may be ticked); the sums
 * count only the rows that can be chosen.
 */
export async function searchMatchCandidates(db: Db, scope: CallerScope, filter: z.infer<typeof matchCandidateFilterSchema>, paging: { current: number; size: number }) {
  requireCode(scope, "TMS_MATCHMAKING_BILLING", "申请撮合开票", ["ORG_USER", "SYSTEM_USER"]);
  const kind: MatchInvoiceKind = filter.invoiceKind ?? "SERVICE";
  const registered = sql<SqlBool>`exists (select 1 from tax_registrations tr where tr.platform_id = f.platform_id and tr.mobile = f.carrier_mobile and tr.status = 'REGISTERED' and tr.deleted_at is null)`;
  let q = db.kysely
    .selectFrom("freights as f")
    .innerJoin("freight_orders as o", "o.id", "f.order_id")
    .innerJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .where(visible("freights", scope, "f"))
    .where("f.status", "=", "COMPLETED")
    .where("o.business_mode", "=", "MATCHMAKING")
    .where("s.pay_status", "=", "PAID")
    .where(sql<SqlBool>`not exists (select 1 from match_invoice_items mi where mi.freight_id = f.id and mi.invoice_kind = ${kind} and mi.deleted_at is null)`);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("f.freight_no", "like", like(filter.keyword!)), eb("f.order_no", "like", like(filter.keyword!))]));
  if (filter.shipperName) q = q.where("f.shipper_name", "like", like(filter.shipperName));
  const amountRef = kind === "SERVICE" ? "s.service_fee" : "s.carrier_payable";
  const eligible = (eb: Parameters<typeof reportedForInvoice>[0]) => (kind === "DRIVER_AGENT" ? eb.and([reportedForInvoice(eb), registered]) : reportedForInvoice(eb));
  const sums = await q
    .select((eb) => [sql<number>`count(*)`.as("n"), eb.fn.coalesce(eb.fn.sum(eb.case().when(eligible(eb)).then(eb.ref(amountRef)).else(0).end()), eb.lit(0)).as("amount")])
    .executeTakeFirst();
  const rows = await q
    .select((eb) => [eb.case().when(reportedForInvoice(eb)).then(1).else(0).end().as("reported"), eb.case().when(registered).then(1).else(0).end().as("registered")])
    .select(["f.id as freightId", "f.freight_no as freightNo", "f.order_no as orderNo", "f.shipper_name as shipperName", "f.carrier_name as carrierName", "f.conveyance_name as conveyanceName", "f.cargo_category as cargoName", "f.loading_place as loadingPlace", "f.unloading_place as unloadingPlace", "f.loaded_weight as loadedWeight", "f.unloaded_weight as unloadedWeight", `${amountRef} as amount`, "f.complete_time as completeTime", "s.paid_at as paidAt"])
    .orderBy("f.complete_time", "desc")
    .orderBy("f.id", "desc")
    .limit(paging.size)
    .offset(offsetOf(paging.current, paging.size))
    .execute();
  const gaps = await reportGaps(db.kysely, rows.filter((r) => Number(r.reported) !== 1).map((r) => Number(r.freightId)));
  const records = rows.map(({ reported, registered: taxed, loadedWeight, unloadedWeight, ...r }) => {
    const reasons: string[] = [];
    if (Number(reported) !== 1) reasons.push(`未上报成功：${gaps.get(Number(r.freightId)) ?? "上报未成功"}`);
    if (kind === "DRIVER_AGENT" && Number(taxed) !== 1) reasons.push(`司机 ${String(r.carrierName)} 未办理临时税务登记`);
    return { ...r, id: Number(r.freightId), freightId: Number(r.freightId), weight: Math.min(Number(loadedWeight ?? unloadedWeight ?? 0), Number(unloadedWeight ?? loadedWeight ?? 0)), amount: Number(r.amount), actions: reasons.length ? [] : ["applyMatch"], ...(reasons.length ? { blocked: { applyMatch: reasons.join("；") } } : {}) };
  });
  return { records, total: Number(sums?.n ?? 0), current: paging.current, size: paging.size, invoiceKind: kind, sums: { invoiceAmount: Number(sums?.amount ?? 0) } };
}

/** Tax inside an amount that includes it: round(incl × rate / (10000 + rate)). */
export const taxIncluded = (incl: number, rateBp: number) => Math.round((incl * rateBp) / (10_000 + rateBp));

export async function applyMatchInvoice(db: Db, scope: CallerScope, input: MatchApply) {
  requireCode(scope, "TMS_MATCHMAKING_BILLING", "申请撮合开票", ["ORG_USER", "SYSTEM_USER"]);
  const freightIds = [...input.freightIds].sort((a, b) => a - b);
  await settleWaybills(db.kysely, freightIds);
  const kind: MatchInvoiceKind = input.invoiceKind;
  return moneyTx(db, async (trx) => {
    const prior = await trx.selectFrom("match_invoices").selectAll().where("platform_id", "=", scope.platformId).where("request_no", "=", input.requestNo).executeTakeFirst();
    if (prior) {
      const items = await trx.selectFrom("match_invoice_items").select("freight_id").where("invoice_id", "=", Number(prior.id)).execute();
      const same = prior.invoice_kind === kind && prior.invoice_type === input.invoiceType && items.map((i) => Number(i.freight_id)).sort((a, b) => a - b).join() === freightIds.join();
      if (!same) throw new Refusal(RefusalCode.idempotencyConflict, `请求号 ${input.requestNo} 已用于另一笔不同的开票申请`);
      return prior;
    }
    const rows = await trx
      .selectFrom("freights as f")
      .innerJoin("freight_orders as o", "o.id", "f.order_id")
      .innerJoin("waybill_settlements as s", "s.freight_id", "f.id")
      .select(["f.id", "f.freight_no", "f.status", "f.org_id", "f.tenant_id", "f.order_no", "f.shipper_name", "f.carrier_user_id", "f.carrier_name", "f.carrier_mobile", "f.conveyance_name", "f.cargo_category", "f.loading_place", "f.unloading_place", "f.loaded_weight", "f.unloaded_weight", "o.business_mode", "s.pay_status", "s.carrier_payable", "s.service_fee"])
      .where("f.id", "in", freightIds)
      .where(visible("freights", scope, "f"))
      .execute();
    if (rows.length !== freightIds.length) throw notFound("运单不存在或不属于本企业");
    const orgs = new Set(rows.map((r) => Number(r.org_id)));
    if (orgs.size > 1) throw new Refusal(RefusalCode.invalid, "不同企业的运单不能合并开票");
    for (const r of rows) {
      if (r.business_mode !== "MATCHMAKING") throw new Refusal(RefusalCode.illegalState, `运单 ${r.freight_no} 不是撮合业务，不能撮合开票`);
      if (r.status !== "COMPLETED" || r.pay_status !== "PAID") throw new Refusal(RefusalCode.illegalState, `运单 ${r.freight_no} 尚未完成付款，不能开票`);
    }
    if (new Set(rows.map((r) => r.shipper_name)).size > 1) throw new Refusal(RefusalCode.invalid, "一张发票只能开给一个托运人");
    await requireReported(trx, freightIds);
    const first = rows[0]!;
    if (kind === "DRIVER_AGENT") {
      if (new Set(rows.map((r) => r.carrier_mobile)).size > 1) throw new Refusal(RefusalCode.invalid, "司机代开发票只能包含同一司机的运单");
      const registered = await trx.selectFrom("tax_registrations").select("taxpayer_no").where("platform_id", "=", scope.platformId).where("mobile", "=", first.carrier_mobile).where("status", "=", "REGISTERED").where("deleted_at", "is", null).executeTakeFirst();
      if (!registered) throw new Refusal(RefusalCode.prerequisite, `司机 ${first.carrier_name} 尚未办理临时税务登记，不能代开发票`);
    }
    const taken = await trx.selectFrom("match_invoice_items").select("freight_no").where("freight_id", "in", freightIds).where("invoice_kind", "=", kind).where("deleted_at", "is", null).executeTakeFirst();
    if (taken) throw new Refusal(RefusalCode.illegalState, `运单 ${taken.freight_no} 已申请过${MATCH_INVOICE_KINDS[kind].label}`);
    const amountOf = (r: (typeof rows)[number]) => Number(kind === "SERVICE" ? r.service_fee : r.carrier_payable);
    const amount = rows.reduce((sum, r) => sum + amountOf(r), 0);
    const at = nowIso();
    const scoped = { platform_id: scope.platformId, tenant_id: Number(first.tenant_id), org_id: Number(first.org_id), owner_user_id: null, created_at: at, updated_at: at, created_by: scope.userId, updated_by: scope.userId };
    const registration = kind === "DRIVER_AGENT" ? await trx.selectFrom("tax_registrations").select(["taxpayer_no", "taxpayer_no_hash", "taxpayer_no_mask"]).where("mobile", "=", first.carrier_mobile).where("status", "=", "REGISTERED").executeTakeFirst() : undefined;
    const invoice = await trx
      .insertInto("match_invoices")
      .values({
        ...scoped,
        apply_no: await nextSerial(trx, "CK"),
        request_no: input.requestNo,
        order_no: new Set(rows.map((r) => r.order_no)).size === 1 ? first.order_no : null,
        invoice_kind: kind,
        invoice_type: input.invoiceType,
        buyer_name: first.shipper_name,
        seller_name: kind === "SERVICE" ? "平台运营公司" : first.carrier_name,
        driver_user_id: kind === "DRIVER_AGENT" ? first.carrier_user_id : null,
        driver_name: kind === "DRIVER_AGENT" ? first.carrier_name : null,
        ...(registration ? sealedCopy(registration, "taxpayer_no", "driver_tax_no") : { driver_tax_no: null }),
        goods_name: kind === "SERVICE" ? "*信息技术服务*信息服务费" : "*运输服务*国内道路货物运输服务",
        amount,
        tax_amount: taxIncluded(amount, MATCH_INVOICE_RATE_BP[kind]),
        items_amount: amount,
        waybill_count: rows.length,
        status: "APPLIED",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("match_invoice_items")
      .values(
        rows.map((r) => ({
          ...scoped,
          invoice_id: Number(invoice.id),
          invoice_kind: kind,
          freight_id: Number(r.id),
          freight_no: r.freight_no,
          carrier_name: r.carrier_name,
          conveyance_name: r.conveyance_name,
          cargo_name: r.cargo_category,
          loading_place: r.loading_place,
          unloading_place: r.unloading_place,
          weight: Math.min(Number(r.loaded_weight ?? 0), Number(r.unloaded_weight ?? r.loaded_weight ?? 0)),
          amount: amountOf(r),
        })),
      )
      .execute();
    await recordResourceEvent(trx, scope, "matchInvoice", invoice as unknown as Row, { action: "CREATE", label: "申请撮合开票", to: "APPLIED" });
    return invoice;
  });
}

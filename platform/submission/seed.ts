/**
 * Demo submission data: the four targets pointed at the platform's own stand-in (the national 交互系统
 * seeded disabled: a platform reporting through its province enables only that one), the records of every
 * completed waybill, older ones already reported (one attempt each), the newest waiting, one rejected
 * by the province (3005, visible on anhuiJoint and resubmittable) and one marked abnormal; and one
 * money flow per target built through `recordPaymentSubmission`, as the payment service will.
 */
import { randomUUID } from "node:crypto";
import { WALLET_PAYMENT_MEANS } from "../../contract/code-lists.js";
import { REPORT_TARGETS, WAY_MESSAGES, type ReportStatus, type ReportTarget } from "../../contract/submission.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import type { AnyDb } from "../resources/bind.js";
import { inTransaction, recordPaymentSubmission, recordWaybill, syncCompletedWaybills, syncPaidWaybills, targetsOf, wayOf } from "./records.js";
import { STANDIN_PATHS } from "./routes.js";

const TARGET_MESSAGES: Record<ReportTarget, string[]> = {
  ANHUI: ["DRIVER", "VEHICLE", "WAYBILL", "CAPITAL_FLOW"],
  MINISTRY: ["DRIVER", "VEHICLE", "WAYBILL", "CAPITAL_FLOW"],
  WURUN_ROAD: ["DRIVER", "VEHICLE", "WAYBILL", "CAPITAL_FLOW"],
  WURUN_WATER: ["CREW", "SHIP", "WATER_WAYBILL", "WATER_CAPITAL_FLOW"],
};

/**
 * The province's 1001 for records still waiting (PENDING), as if the sender had sent them: one
 * successful attempt each, five minutes after their trigger. Demo data and tests only.
 */
export async function markReported(k: AnyDb, recordIds: number[], statuses: ReportStatus[] = ["PENDING"]): Promise<void> {
  const done = await k.selectFrom("report_records").select(["id", "payload", "trigger_at", "status"]).where("id", "in", [...recordIds, 0]).where("status", "in", statuses).execute();
  for (const r of done) {
    const at = new Date(Date.parse(r.trigger_at) + 5 * 60_000).toISOString();
    await k.insertInto("report_attempts").values({ record_id: r.id, attempt_no: 1, message_reference_number: randomUUID(), sent_at: at, duration_ms: 180, http_status: 200, result_code: "1001", result_message: "成功", outcome: "SUCCESS", operator_user_id: null, operator_name: null, request_excerpt: String(r.payload).slice(0, 2000), response_excerpt: '{"resultCode":"1001","resultMessage":"成功"}' }).execute();
    await k.updateTable("report_records").set({ status: "SUCCESS", attempt_count: 1, last_result_code: "1001", last_result_message: "成功", last_outcome: "SUCCESS", success_at: at, next_attempt_at: null, updated_at: at }).where("id", "=", r.id).execute();
  }
}

/**
 * Paid waybills reported as the sender would have done it (their records built, then accepted, also
 * those whose local check failed, as if their data had been corrected), so that demo and test data may
 * be invoiced under `invoice_requires_report`. Demo data and tests only.
 */
export async function reportPaidWaybills(k: AnyDb, platformId: string, freightIds: number[], now = new Date().toISOString()): Promise<void> {
  if (freightIds.length === 0) return;
  const targets = (await targetsOf(k, platformId)).filter((t) => t.enabled);
  const ways = new Map((await k.selectFrom("freights").select(["id", "freight_way"]).where("id", "in", freightIds).execute()).map((f) => [Number(f.id), f.freight_way]));
  // Each waybill to the targets of its way only (a road target takes no ship's voyage).
  for (const target of targets) for (const id of freightIds) if (ways.get(id) === wayOf(target)) await inTransaction(k, (trx) => recordWaybill(trx, target, id, now));
  await syncPaidWaybills(k, { platformId, now, freightIds });
  const records = await k.selectFrom("report_records").select(["id", "depends_on"]).where("freight_id", "in", freightIds).where("superseded_by", "is", null).execute();
  const ids = new Set<number>();
  for (const r of records) {
    ids.add(Number(r.id));
    for (const dep of JSON.parse(r.depends_on) as number[]) ids.add(dep);
  }
  await markReported(k, [...ids], ["PENDING", "CHECK_FAILED"]);
}

/**
 * The province refused these waybills' 资金流水单 (3005): FAILED with no next attempt, so the sender job
 * leaves them and 重新上报 is the operator's. The invoice gate then holds the waybills back.
 */
export async function refuseCapitalFlows(k: AnyDb, freightIds: number[], now = new Date().toISOString()): Promise<void> {
  if (freightIds.length === 0) return;
  const capital = Object.values(WAY_MESSAGES).map((m) => m.capital);
  await k
    .updateTable("report_records")
    .set({ status: "FAILED", attempt_count: 1, last_result_code: "3005", last_result_message: "字段校验失败：资金流水单的收款账户与承运人不符", last_outcome: "REJECTED", success_at: null, next_attempt_at: null, updated_at: now })
    .where("freight_id", "in", freightIds)
    .where("message_type", "in", capital)
    .where("superseded_by", "is", null)
    .execute();
}

/** How many of each target's newest waybills stay unreported. */
const WAITING = 6;

export async function seedSubmission(db: Db, _ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const now = new Date().toISOString();
  for (const code of Object.keys(REPORT_TARGETS) as ReportTarget[]) {
    await k
      .insertInto("report_targets")
      .values({
        platform_id: "A", code, name: REPORT_TARGETS[code].label, base_url: STANDIN_PATHS[code], carrier_name: "皖粮网络货运有限公司", credit_code: "91340300MA2TGR8X1K",
        permit_number: "340300100001", sender_code: `${code}_DEV`, message_types: JSON.stringify(TARGET_MESSAGES[code]), auto_report: code === "ANHUI" ? 1 : 0,
        report_delay_min: 0, max_attempts: 8, enabled: code === "MINISTRY" ? 0 : 1, paused: 0, paused_reason: null, credentials_env: `TMS_REPORT_${code}_`, token: null, token_at: null, updated_at: now,
      })
      .execute();
  }
  // The newest waybills only: the sender job builds the rest in the background after start (seeding stays quick).
  await syncCompletedWaybills(k, { platformId: "A", now, limit: 40 });

  for (const target of await targetsOf(k, "A")) {
    const kinds = WAY_MESSAGES[wayOf(target)];
    const waybills = await k.selectFrom("report_records").select(["id", "depends_on", "status", "trigger_at"]).where("target", "=", target.code).where("message_type", "=", kinds.waybill).orderBy("trigger_at", "desc").execute();
    const reported = waybills.slice(WAITING).filter((w) => w.status === "PENDING");
    const ids = new Set<number>();
    for (const w of reported) {
      ids.add(Number(w.id));
      for (const dep of JSON.parse(w.depends_on) as number[]) ids.add(dep);
    }
    await markReported(k, [...ids]);
    const fresh = waybills.slice(0, WAITING).filter((w) => w.status === "PENDING");
    const rejected = fresh[0];
    if (rejected) {
      const at = new Date(Date.parse(rejected.trigger_at) + 10 * 60_000).toISOString();
      const record = await k.selectFrom("report_records").select("payload").where("id", "=", rejected.id).executeTakeFirstOrThrow();
      await k.insertInto("report_attempts").values({ record_id: rejected.id, attempt_no: 1, message_reference_number: randomUUID(), sent_at: at, duration_ms: 240, http_status: 200, result_code: "3005", result_message: "字段校验失败：ConsigneeInfo.ConsigneeID 与收货方不符", outcome: "REJECTED", operator_user_id: null, operator_name: null, request_excerpt: record.payload.slice(0, 2000), response_excerpt: '{"resultCode":"3005","resultMessage":"字段校验失败"}' }).execute();
      await k.updateTable("report_records").set({ status: "FAILED", attempt_count: 1, last_result_code: "3005", last_result_message: "字段校验失败：ConsigneeInfo.ConsigneeID 与收货方不符", last_outcome: "REJECTED", next_attempt_at: null, updated_at: at }).where("id", "=", rejected.id).execute();
    }
    const marked = fresh[1];
    if (marked) await k.updateTable("report_records").set({ marked_abnormal: 1, mark_remark: "收货方信息待核实" }).where("id", "=", marked.id).execute();
  }

  // One money flow per way, as the payment service will record them.
  for (const way of ["ROAD", "WATER"] as const) {
    const f = await k.selectFrom("freights").select(["id", "freight_amount", "carrier_name", "complete_time"]).where("platform_id", "=", "A").where("status", "=", "COMPLETED").where("freight_way", "=", way).orderBy("complete_time", "desc").limit(1).executeTakeFirst();
    if (!f) continue;
    await recordPaymentSubmission(k, {
      platformId: "A", freightId: Number(f.id), documentNumber: `FK${String(f.id).padStart(8, "0")}-1`, paymentMeansCode: WALLET_PAYMENT_MEANS, recipient: f.carrier_name,
      receiptAccount: "6217002870012345678", bankCode: "105", sequenceCode: `TX${String(f.id).padStart(10, "0")}`, amountFen: Number(f.freight_amount), paidAt: f.complete_time ?? now,
    }, now);
  }
}

/**
 * Risk appeals (风险申诉): search, one appeal with its waybill and history, submit, audit. Each call
 * checks the caller's permission code, then finds rows in the caller's scope (another scope's appeal
 * or waybill is 404). Submit and audit run in one transaction with the waybill event row; notifications
 * follow once it committed.
 */
import { sql, type Kysely, type Transaction } from "kysely";
import {
  APPEAL_PERMISSIONS,
  APPEAL_STATUS_LABELS,
  type AppealAuditRequest,
  type AppealDetail,
  type AppealFilter,
  type AppealRecord,
  type AppealSubmitRequest,
} from "../../contract/appeal.js";
import type { Paged } from "../../contract/envelope.js";
import { FreightRefusalCode, type FreightAction } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import type { Database } from "../db/schema.js";
import { notFound, offsetOf, Refusal } from "../http/envelope.js";
import { recordEvent } from "../freight/events.js";
import { contains, orgNames, toFreightRecord, type FreightRow } from "../freight/records.js";
import { visible, type CallerScope } from "../freight/scope.js";
import { chinaCompactDate, chinaDayEnd, chinaDayStart } from "../freight/time.js";
import { notifyAppeal } from "./notify.js";
import { appealVisible, assertPermission, findVisibleAppeal, toAppealRecord, toAppealRecords, type AppealRow } from "./records.js";

/** freight_events.remark holds at most 500 characters. */
const EVENT_REMARK_MAX = 500;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export async function searchAppeals(db: Kysely<Database>, scope: CallerScope, filter: AppealFilter, { current, size }: { current: number; size: number }): Promise<Paged<AppealRecord>> {
  assertPermission(scope, APPEAL_PERMISSIONS.search);
  let query = db.selectFrom("risk_appeals").where(appealVisible(scope));
  if (filter.freightId) query = query.where("freight_id", "=", filter.freightId);
  if (filter.freightNo) query = query.where(contains("risk_appeals.freight_no", filter.freightNo.toUpperCase()));
  if (filter.appealNo) query = query.where(contains("risk_appeals.appeal_no", filter.appealNo.toUpperCase()));
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.freightWay) query = query.where("freight_way", "=", filter.freightWay);
  if (filter.submittedFrom) query = query.where("submitted_at", ">=", chinaDayStart(filter.submittedFrom));
  if (filter.submittedTo) query = query.where("submitted_at", "<", chinaDayEnd(filter.submittedTo));
  const [count, rows] = await Promise.all([
    query.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow(),
    query.selectAll().orderBy("submitted_at", "desc").orderBy("id", "desc").limit(size).offset(offsetOf(current, size)).execute(),
  ]);
  return { records: await toAppealRecords(db, rows), total: Number(count.total), current, size };
}

export async function appealDetail(db: Kysely<Database>, scope: CallerScope, id: number): Promise<AppealDetail> {
  assertPermission(scope, APPEAL_PERMISSIONS.detail);
  const row = await findVisibleAppeal(db, scope, id);
  const [freight, history, names] = await Promise.all([
    db.selectFrom("freights").selectAll().where("id", "=", row.freight_id).executeTakeFirstOrThrow(),
    db.selectFrom("risk_appeals").selectAll().where("freight_id", "=", row.freight_id).orderBy("id", "desc").execute(),
    orgNames(db, [Number(row.org_id)]),
  ]);
  const orgName = names.get(Number(row.org_id)) ?? "";
  return {
    appeal: toAppealRecord(row, orgName),
    freight: toFreightRecord(freight, orgName),
    history: history.map((h) => toAppealRecord(h, orgName)),
  };
}

/** SS + the China date + a serial of that day, e.g. SS202611210001. */
async function nextAppealNo(trx: Transaction<Database>, at: string): Promise<string> {
  const prefix = `SS${chinaCompactDate(at)}`;
  const last = await trx.selectFrom("risk_appeals").select(sql<string | null>`max(appeal_no)`.as("no")).where("appeal_no", "like", `${prefix}%`).executeTakeFirst();
  const serial = last?.no ? Number(last.no.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(serial).padStart(4, "0")}`;
}

/** A unique index refused the row: another submission took the same number or the same waybill's pending slot. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Runs `work` again when a concurrent write beat it to a unique value; the retry re-checks everything. */
async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

const operatorOf = (scope: CallerScope) => ({ userId: scope.userId, name: scope.name });

export async function submitAppeal(ctx: ServiceContext, scope: CallerScope, body: AppealSubmitRequest): Promise<AppealRecord> {
  assertPermission(scope, APPEAL_PERMISSIONS.submit);
  const { row, freight } = await retryOnConflict(() =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      let query = trx.selectFrom("freights").selectAll().where(visible("freights", scope));
      query = body.freightId !== undefined ? query.where("id", "=", body.freightId) : query.where("freight_no", "=", body.freightNo!);
      const freight = await query.executeTakeFirst();
      if (!freight) throw notFound("运单不存在");
      if (Number(freight.abnormal) !== 1) throw new Refusal(FreightRefusalCode.illegalState, `运单 ${freight.freight_no} 当前没有风险标记，无需申诉`);
      const pending = await trx.selectFrom("risk_appeals").select("appeal_no").where("freight_id", "=", freight.id).where("status", "=", "PENDING").executeTakeFirst();
      if (pending) throw new Refusal(FreightRefusalCode.illegalState, `运单 ${freight.freight_no} 已有待审核的申诉（${pending.appeal_no}），请等待审核结果`);
      const at = nowIso();
      const row = await trx
        .insertInto("risk_appeals")
        .values({
          appeal_no: await nextAppealNo(trx, at),
          platform_id: freight.platform_id,
          tenant_id: freight.tenant_id,
          org_id: freight.org_id,
          freight_id: freight.id,
          freight_no: freight.freight_no,
          freight_way: freight.freight_way,
          carrier_user_id: freight.carrier_user_id,
          risk_reason: freight.abnormal_reason ?? "风险运单",
          reason: body.reason,
          evidence: JSON.stringify(body.evidence),
          status: "PENDING",
          submitted_by: scope.userId,
          submitted_by_name: scope.name,
          submitted_at: at,
          audited_by: null,
          audited_by_name: null,
          audited_at: null,
          audit_remark: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordEvent(trx, Number(freight.id), "APPEAL_SUBMIT", freight.status, freight.status, operatorOf(scope), clip(`申诉单 ${row.appeal_no}：${body.reason}`, EVENT_REMARK_MAX), at);
      return { row, freight };
    }),
  );
  await notifyAppeal(ctx, "APPEAL_SUBMIT", row, freight, scope.userId, `申诉单 ${row.appeal_no}，请及时审核`);
  return toAppealRecords(ctx.db.kysely, [row]).then(([record]) => record!);
}

function alreadyAudited(row: Pick<AppealRow, "appeal_no" | "status">): Refusal {
  return new Refusal(FreightRefusalCode.illegalState, `申诉 ${row.appeal_no} 当前状态为「${APPEAL_STATUS_LABELS[row.status]}」，不能重复审核`);
}

/** 通过 clears the waybill's abnormal flag; 驳回 leaves it, and a new appeal may follow. */
export async function auditAppeal(ctx: ServiceContext, scope: CallerScope, id: number, body: AppealAuditRequest): Promise<AppealRecord> {
  assertPermission(scope, APPEAL_PERMISSIONS.audit);
  const approved = body.result === "APPROVED";
  const action: FreightAction = approved ? "APPEAL_APPROVE" : "APPEAL_REJECT";
  const { row, freight, remark } = await ctx.db.kysely.transaction().execute(async (trx) => {
    const before = await findVisibleAppeal(trx, scope, id);
    if (before.status !== "PENDING") throw alreadyAudited(before);
    const at = nowIso();
    const result = await trx
      .updateTable("risk_appeals")
      .set({ status: body.result, audited_by: scope.userId, audited_by_name: scope.name, audited_at: at, audit_remark: body.remark })
      .where("id", "=", before.id)
      .where("status", "=", "PENDING")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      // Another auditor decided between our read and our write.
      throw alreadyAudited(await trx.selectFrom("risk_appeals").select(["appeal_no", "status"]).where("id", "=", before.id).executeTakeFirstOrThrow());
    }
    if (approved) await trx.updateTable("freights").set({ abnormal: 0, abnormal_reason: null, updated_at: at }).where("id", "=", before.freight_id).execute();
    const freight: FreightRow = await trx.selectFrom("freights").selectAll().where("id", "=", before.freight_id).executeTakeFirstOrThrow();
    const opinion = body.remark ? `；审核意见：${body.remark}` : "";
    const remark = clip(approved ? `申诉单 ${before.appeal_no} 已通过，风险标记已解除${opinion}` : `申诉单 ${before.appeal_no} 已驳回${opinion}`, EVENT_REMARK_MAX);
    await recordEvent(trx, Number(freight.id), action, freight.status, freight.status, operatorOf(scope), remark, at);
    const row = await trx.selectFrom("risk_appeals").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow();
    return { row, freight, remark };
  });
  await notifyAppeal(ctx, action, row, freight, scope.userId, remark);
  return toAppealRecords(ctx.db.kysely, [row]).then(([record]) => record!);
}

/**
 * /submitData calls (SYSTEM_USER only, domain 8.6) under `tms-report`: the waybill list of a target
 * with each message's status, one waybill's records with their checks and attempts, 上报 / 批量上报,
 * 重新上报, 重试全部失败, 标记异常, the target's state and 恢复. Outside production the platform also
 * mounts the stand-in endpoint at /dev/report-standin/<target>.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { idSchema } from "../../contract/fields.js";
import { sql } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import { REPORT_TARGETS, WAY_MESSAGES, markSchema, resubmitOf, reportSearchSchema, resubmitSchema, submitFreightsSchema, type ReportAttemptView, type ReportRecordView, type ReportStatus, type ReportTarget, type ReportTargetState, type ReportWaybillDetail, type ReportWaybillRow, type MessageType, type CheckLine, type AttemptOutcome } from "../../contract/submission.js";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { notFound, offsetOf, ok, paged, pagingSchema, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { isPlatformStaff, scopeOf, type CallerScope } from "../scope.js";
import type { AnyDb } from "../resources/bind.js";
import { queueOf, reopenRecord, targetOf, targetsOf, type RecordRow, type TargetRow } from "./records.js";
import { sendInOrder, type Operator, type SenderOptions } from "./sender.js";
import { newStandinState, standinRoutes, type StandinAccount } from "./standin.js";
import { DEV_SENDER_KEYS, DEV_STANDIN_KEYS } from "./dev-keys.js";
import { maskCards } from "./card-field.js";

const BASE = "/tms-report";
const OVERDUE_MS = 24 * 3600_000;

export const STANDIN_PATHS: Record<ReportTarget, string> = { ANHUI: "/dev/report-standin/anhui", MINISTRY: "/dev/report-standin/ministry", WURUN_ROAD: "/dev/report-standin/wurun-road", WURUN_WATER: "/dev/report-standin/wurun-water" };
/** The stand-ins' dev accounts: the seeded targets' sender codes with the sender's dev defaults (password, SM2 keys). */
const DEV_ACCOUNTS: Record<string, StandinAccount> = Object.fromEntries(
  (Object.keys(STANDIN_PATHS) as ReportTarget[]).map((code) => [`${code}_DEV`, { password: "tms-dev", privateKey: DEV_STANDIN_KEYS.privateKey, senderPublicKey: DEV_SENDER_KEYS.publicKey }]),
);

export function toRecordView(r: RecordRow): ReportRecordView {
  return {
    id: Number(r.id), recordNo: r.record_no, target: r.target as ReportTarget, messageType: r.message_type as MessageType, bizNo: r.biz_no,
    freightId: r.freight_id == null ? null : Number(r.freight_id), freightNo: r.freight_no, status: r.status as ReportStatus, attemptCount: Number(r.attempt_count),
    nextAttemptAt: r.next_attempt_at, lastResultCode: r.last_result_code, lastResultMessage: r.last_result_message, successAt: r.success_at,
    markedAbnormal: !!Number(r.marked_abnormal), markRemark: r.mark_remark, payload: maskCards(JSON.parse(r.payload)), checkResult: JSON.parse(r.check_result) as CheckLine[],
    createdAt: r.created_at, updatedAt: r.updated_at, resubmit: resubmitOf(r.status as ReportStatus),
  };
}

async function targetState(db: AnyDb, t: TargetRow): Promise<ReportTargetState> {
  const last = await db.selectFrom("report_records").select(sql<string | null>`max(success_at)`.as("at")).where("platform_id", "=", t.platform_id).where("target", "=", t.code).executeTakeFirst();
  return {
    code: t.code as ReportTarget, name: t.name, baseUrl: t.base_url, enabled: !!t.enabled, autoReport: !!t.auto_report, paused: !!t.paused, pausedReason: t.paused_reason,
    lastSuccessAt: last?.at ?? null, queue: await queueOf(db, t),
  };
}

/** The waybill records of a target as the list filters them. */
function waybillQuery(db: AnyDb, scope: CallerScope, target: ReportTarget, filter: z.infer<typeof reportSearchSchema>, now: number) {
  const way = REPORT_TARGETS[target].way as keyof typeof WAY_MESSAGES;
  let q = db
    .selectFrom("report_records as r")
    .innerJoin("freights as f", "f.id", "r.freight_id")
    .where("r.platform_id", "=", scope.platformId)
    .where("r.target", "=", target)
    .where("r.message_type", "=", WAY_MESSAGES[way].waybill)
    .where("r.superseded_by", "is", null);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("f.freight_no", "like", `%${filter.keyword!.toUpperCase()}%`), eb("f.order_no", "like", `%${filter.keyword!.toUpperCase()}%`)]));
  if (filter.carrier) q = q.where((eb) => eb.or([eb("f.carrier_name", "like", `%${filter.carrier}%`), eb("f.conveyance_name", "like", `%${filter.carrier}%`)]));
  if (filter.status) q = q.where("r.status", "=", filter.status);
  if (filter.abnormal) q = q.where("r.marked_abnormal", "=", Number(filter.abnormal));
  if (filter.overdue) q = q.where("r.status", "!=", "SUCCESS").where("r.trigger_at", "<", new Date(now - OVERDUE_MS).toISOString());
  if (filter.completeFrom) q = q.where("f.complete_time", ">=", chinaDayStart(filter.completeFrom));
  if (filter.completeTo) q = q.where("f.complete_time", "<", chinaDayEnd(filter.completeTo));
  return q;
}

async function waybillRows(db: AnyDb, target: ReportTarget, rows: Array<RecordRow & { order_no: string; carrier_name: string; conveyance_name: string; complete_time: string | null }>, now: number): Promise<ReportWaybillRow[]> {
  const depIds = rows.flatMap((r) => JSON.parse(r.depends_on) as number[]);
  const freightIds = rows.map((r) => Number(r.freight_id));
  const related = (await db
    .selectFrom("report_records")
    .selectAll()
    .where((eb) => eb.or([eb("id", "in", depIds.length ? depIds : [0]), eb.and([eb("target", "=", target), eb("freight_id", "in", freightIds.length ? freightIds : [0]), eb("superseded_by", "is", null)])]))
    .orderBy("id")
    .execute()) as RecordRow[];
  const attempts = await db
    .selectFrom("report_attempts")
    .select(["record_id", sql<string>`max(sent_at)`.as("at")])
    .where("record_id", "in", related.length ? related.map((r) => Number(r.id)) : [0])
    .groupBy("record_id")
    .execute();
  const lastAt = new Map(attempts.map((a) => [Number(a.record_id), a.at]));
  const byId = new Map(related.map((r) => [Number(r.id), r]));
  return rows.map((w) => {
    const own = [...(JSON.parse(w.depends_on) as number[]).map((id) => byId.get(id)).filter((r): r is RecordRow => !!r), ...related.filter((r) => Number(r.freight_id) === Number(w.freight_id))];
    const messages: ReportWaybillRow["messages"] = {};
    for (const r of own) messages[r.message_type as MessageType] = { id: Number(r.id), status: r.status as ReportStatus, message: r.last_result_message };
    const times = own.map((r) => lastAt.get(Number(r.id))).filter((t): t is string => !!t).sort();
    // 上报 sends the PENDING records (the waybill's and those it depends on); a failed one is 重新上报 on the detail page.
    const pending = own.some((r) => r.status === "PENDING");
    const done = own.length > 0 && own.every((r) => r.status === "SUCCESS" || r.status === "SKIPPED");
    return {
      actions: pending ? ["submit"] : [],
      ...(pending ? {} : { blocked: { submit: done ? "已全部上报成功" : "没有待上报的报文（失败的请在详情中重新上报）" } }),
      freightId: Number(w.freight_id), freightNo: w.freight_no ?? "", orderNo: w.order_no, carrierName: w.carrier_name, conveyanceName: w.conveyance_name, completeTime: w.complete_time,
      messages, markedAbnormal: !!Number(w.marked_abnormal), lastAttemptAt: times.at(-1) ?? null,
      overdue: own.some((r) => r.status !== "SUCCESS" && r.status !== "SKIPPED" && Date.parse(r.trigger_at) < now - OVERDUE_MS),
    };
  });
}

async function waybillDetail(db: AnyDb, scope: CallerScope, target: ReportTarget, freightId: number): Promise<ReportWaybillDetail> {
  const way = REPORT_TARGETS[target].way as keyof typeof WAY_MESSAGES;
  const freight = await db.selectFrom("freights").selectAll().where("id", "=", freightId).where("platform_id", "=", scope.platformId).executeTakeFirst();
  if (!freight || freight.freight_way !== way) throw notFound("运单不存在或不属于该对接目标");
  const own = (await db.selectFrom("report_records").selectAll().where("target", "=", target).where("freight_id", "=", freightId).orderBy("id").execute()) as RecordRow[];
  const depIds = own.flatMap((r) => JSON.parse(r.depends_on) as number[]).filter((id) => !own.some((r) => Number(r.id) === id));
  const deps = depIds.length ? ((await db.selectFrom("report_records").selectAll().where("id", "in", depIds).execute()) as RecordRow[]) : [];
  const records = [...deps, ...own];
  const attempts = records.length
    ? await db.selectFrom("report_attempts").selectAll().where("record_id", "in", records.map((r) => Number(r.id))).orderBy("id", "desc").execute()
    : [];
  return {
    target, freightId, freightNo: freight.freight_no, orderNo: freight.order_no, status: freight.status, carrierName: freight.carrier_name, conveyanceName: freight.conveyance_name, completeTime: freight.complete_time,
    records: records.map((r) => ({
      ...toRecordView(r),
      attempts: attempts
        .filter((a) => Number(a.record_id) === Number(r.id))
        .map((a): ReportAttemptView => ({
          id: Number(a.id), attemptNo: Number(a.attempt_no), messageReferenceNumber: a.message_reference_number, sentAt: a.sent_at, durationMs: Number(a.duration_ms), httpStatus: a.http_status == null ? null : Number(a.http_status),
          resultCode: a.result_code, resultMessage: a.result_message, outcome: a.outcome as AttemptOutcome, operatorName: a.operator_name, requestExcerpt: a.request_excerpt,
        })),
    })),
  };
}

export async function submissionRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const sender: SenderOptions = { selfUrl: `http://127.0.0.1:${ctx.config.port}` };
  const staff = async (request: FastifyRequest): Promise<CallerScope> => {
    const scope = scopeOf(ctx, await requireCaller(ctx, request));
    if (!isPlatformStaff(scope)) throw new Refusal(RefusalCode.notPermitted, "数据报送仅平台用户可以使用");
    return scope;
  };
  const operator = (scope: CallerScope): Operator => ({ userId: scope.userId, name: scope.name });
  const ownRecords = async (scope: CallerScope, ids: number[]) => {
    const rows = (await db.selectFrom("report_records").selectAll().where("platform_id", "=", scope.platformId).where("id", "in", ids).execute()) as RecordRow[];
    if (rows.length !== new Set(ids).size) throw notFound("上报记录不存在");
    return rows;
  };

  if (!ctx.config.production) {
    for (const path of Object.values(STANDIN_PATHS)) {
      const state = newStandinState(DEV_ACCOUNTS);
      await app.register((scope) => standinRoutes(scope, state), { prefix: path });
    }
  }

  app.post(`${BASE}/search`, async (request) => {
    const scope = await staff(request);
    const filter = parse(reportSearchSchema, request.body);
    const paging = parse(pagingSchema, request.body);
    const now = Date.now();
    const base = waybillQuery(db, scope, filter.target, filter, now);
    const [count, rows] = await Promise.all([
      base.select(sql<number>`count(*)`.as("n")).executeTakeFirst(),
      base.selectAll("r").select(["f.order_no", "f.carrier_name", "f.conveyance_name", "f.complete_time"]).orderBy("f.complete_time", "desc").orderBy("r.id", "desc").limit(paging.size).offset(offsetOf(paging.current, paging.size)).execute(),
    ]);
    return paged(await waybillRows(db, filter.target, rows as never, now), Number(count?.n ?? 0), paging.current, paging.size);
  });

  app.get(`${BASE}/targets`, async (request) => {
    const scope = await staff(request);
    return ok(await Promise.all((await targetsOf(db, scope.platformId)).map((t) => targetState(db, t))));
  });

  app.post(`${BASE}/targets/:code/resume`, async (request) => {
    const scope = await staff(request);
    const { code } = parse(z.object({ code: reportSearchSchema.shape.target }), request.params);
    const target = await targetOf(db, scope.platformId, code);
    if (!target) throw notFound("对接目标不存在");
    await db.updateTable("report_targets").set({ paused: 0, paused_reason: null, token: null, updated_at: new Date().toISOString() }).where("id", "=", target.id).execute();
    return ok(await targetState(db, (await targetOf(db, scope.platformId, code))!));
  });

  app.get(`${BASE}/:target/freights/:freightId`, async (request) => {
    const scope = await staff(request);
    const params = parse(z.object({ target: reportSearchSchema.shape.target, freightId: idSchema("运单编号") }), request.params);
    return ok(await waybillDetail(db, scope, params.target, params.freightId));
  });

  /** 上报 / 批量上报: the selected waybills' PENDING records, in dependency order, now. */
  app.post(`${BASE}/submit`, async (request) => {
    const scope = await staff(request);
    const body = parse(submitFreightsSchema, request.body);
    const target = await targetOf(db, scope.platformId, body.target);
    if (!target?.enabled) throw new Refusal(RefusalCode.illegalState, "对接目标未启用");
    if (target.paused) throw new Refusal(RefusalCode.illegalState, `对接已暂停：${target.paused_reason ?? ""}，请先恢复`);
    const waybills = (await db.selectFrom("report_records").selectAll().where("platform_id", "=", scope.platformId).where("target", "=", body.target).where("freight_id", "in", body.freightIds).where("superseded_by", "is", null).execute()) as RecordRow[];
    const depIds = waybills.flatMap((r) => JSON.parse(r.depends_on) as number[]);
    const deps = depIds.length ? ((await db.selectFrom("report_records").selectAll().where("id", "in", depIds).execute()) as RecordRow[]) : [];
    const pending = [...deps, ...waybills].filter((r) => r.status === "PENDING");
    return ok(await sendInOrder(db, pending, sender, operator(scope)));
  });

  /** 重新上报: rebuild, check, back to PENDING, and send with what it depends on. */
  app.post(`${BASE}/resubmit`, async (request) => {
    const scope = await staff(request);
    const body = parse(resubmitSchema, request.body);
    const rows = await ownRecords(scope, body.recordIds);
    const now = new Date().toISOString();
    const refusals: string[] = [];
    for (const row of rows) {
      const outcome = await db.transaction().execute((trx) => reopenRecord(trx, row, { reason: body.reason, now }));
      if (outcome.message) refusals.push(`${row.record_no}：${outcome.message}`);
    }
    if (refusals.length === rows.length) throw new Refusal(RefusalCode.illegalState, refusals.join("；"));
    const fresh = await ownRecords(scope, body.recordIds);
    const depIds = fresh.flatMap((r) => JSON.parse(r.depends_on) as number[]);
    const deps = depIds.length ? ((await db.selectFrom("report_records").selectAll().where("id", "in", depIds).where("status", "=", "PENDING").execute()) as RecordRow[]) : [];
    const results = await sendInOrder(db, [...deps, ...fresh.filter((r) => r.status === "PENDING")], sender, operator(scope));
    return ok({ results, refusals });
  });

  /** 重试全部失败: every FAILED record of the target (≤ 200) rebuilt and sent again. */
  app.post(`${BASE}/retry-failed`, async (request) => {
    const scope = await staff(request);
    const { target } = parse(z.object({ target: reportSearchSchema.shape.target }), request.body);
    const failed = (await db.selectFrom("report_records").selectAll().where("platform_id", "=", scope.platformId).where("target", "=", target).where("status", "=", "FAILED").where("superseded_by", "is", null).limit(200).execute()) as RecordRow[];
    const now = new Date().toISOString();
    for (const row of failed) await db.transaction().execute((trx) => reopenRecord(trx, row, { now }));
    const fresh = failed.length ? ((await db.selectFrom("report_records").selectAll().where("id", "in", failed.map((r) => Number(r.id))).where("status", "=", "PENDING").execute()) as RecordRow[]) : [];
    return ok(await sendInOrder(db, fresh, sender, operator(scope)));
  });

  /** 标记异常 / 取消异常: a marked record is left out of automatic sending. */
  app.post(`${BASE}/mark`, async (request) => {
    const scope = await staff(request);
    const body = parse(markSchema, request.body);
    const [row] = await ownRecords(scope, [body.recordId]);
    if (body.marked && !body.remark) throw new Refusal(RefusalCode.invalid, "请填写异常备注");
    await db.updateTable("report_records").set({ marked_abnormal: body.marked ? 1 : 0, mark_remark: body.marked ? body.remark! : null, updated_at: new Date().toISOString() }).where("id", "=", row!.id).execute();
    return ok(toRecordView((await ownRecords(scope, [body.recordId]))[0]!));
  });
}


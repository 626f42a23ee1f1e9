/**
 * The spec's risk-appeal calls (风险申诉) under `tms-freight-riskappeal-review` that the engine does
 * not express: search with the spec's filter names and messages, one appeal with its waybill and
 * history, submit by freightNo / freightId, and audit as {result, remark}. Each checks the call's
 * permission code (4003 naming it), then works through the engine (appeal.resource.ts); the engine's
 * generic routes serve options, export and the approve / reject transitions.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { APPEAL_PERMISSIONS, APPEAL_STATUS_LABELS, AUDIT_TRANSITIONS, appealAuditSchema, appealFilterSchema, appealIdSchema, appealSubmitSchema, type AppealRecord, type AppealStatus } from "../../contract/appeal.js";
import { FreightRefusalCode } from "../../contract/freight.js";
import { PERMISSIONS, type PermissionCode } from "../../contract/permissions.js";
import { chinaCompactDate } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { recordEvent } from "../freight/events.js";
import { toFreightRecord } from "../freight/records.js";
import { notFound, ok, pagingSchema, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireCaller } from "../identity/guard.js";
import { findRow, scopedBase, searchResource, toRecords } from "../resources/query.js";
import { recordResourceEvent } from "../resources/events.js";
import { transitionResource } from "../resources/write.js";
import type { AnyDb, Row } from "../resources/bind.js";
import { scopeOf, visible, type CallerScope } from "../scope.js";
import { appealBinding as binding, clip } from "./appeal.resource.js";
import { notifyAppeal } from "./notify.js";
import { screenText } from "../system/sensitive.js";

const BASE = "/tms-freight-riskappeal-review";
const idParams = z.object({ id: appealIdSchema });

const records = async (db: AnyDb, scope: CallerScope, rows: Row[]) => (await toRecords(db, binding, scope, rows)) as unknown as AppealRecord[];

const alreadyAudited = (row: Row) => new Refusal(FreightRefusalCode.illegalState, `申诉 ${String(row.appeal_no)} 当前状态为「${APPEAL_STATUS_LABELS[row.status as AppealStatus]}」，不能重复审核`);

/** SS + the China date + a serial of that day, e.g. SS202611210001. */
async function nextAppealNo(trx: AnyDb, at: string): Promise<string> {
  const prefix = `SS${chinaCompactDate(at)}`;
  const last = await trx.selectFrom("risk_appeals").select(sql<string | null>`max(appeal_no)`.as("no")).where("appeal_no", "like", `${prefix}%`).executeTakeFirst();
  const serial = last?.no ? Number(String(last.no).slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(serial).padStart(4, "0")}`;
}

/** Runs `work` again when a concurrent submission took the same number or the waybill's pending slot; the retry re-checks everything. */
async function retryOnConflict<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || (code !== "23505" && code !== "SQLITE_CONSTRAINT_UNIQUE")) throw error;
    }
  }
}

export async function appealRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  /** The caller's scope, refused (4003, naming the permission) without any of `codes`. */
  const callerWith = async (request: FastifyRequest, codes: readonly PermissionCode[]): Promise<CallerScope> => {
    const scope = scopeOf(ctx, await requireCaller(ctx, request));
    if (!codes.some((code) => scope.permissions.has(code))) throw new Refusal(FreightRefusalCode.notPermitted, `当前账号没有「${PERMISSIONS[codes[0]!].name}」权限`);
    return scope;
  };

  app.post(`${BASE}/search`, async (request) => {
    const scope = await callerWith(request, APPEAL_PERMISSIONS.search);
    const filter = parse(appealFilterSchema, request.body);
    const paging = parse(pagingSchema, request.body);
    return ok(await searchResource(db, binding, scope, { ...filter, freightNo: filter.freightNo?.toUpperCase(), appealNo: filter.appealNo?.toUpperCase() }, paging));
  });

  app.get(`${BASE}/:id`, async (request) => {
    const scope = await callerWith(request, APPEAL_PERMISSIONS.detail);
    const row = await findRow(db, binding, scope, parse(idParams, request.params).id);
    const [freight, rows] = await Promise.all([
      db.selectFrom("freights").selectAll().where("id", "=", Number(row.freight_id)).executeTakeFirstOrThrow(),
      scopedBase(db, binding, scope).selectAll("t").where("t.freight_id", "=", Number(row.freight_id)).orderBy("t.id", "desc").execute() as Promise<Row[]>,
    ]);
    const history = await records(db, scope, rows);
    const appeal = history.find((a) => a.id === Number(row.id))!;
    return ok({ appeal, freight: toFreightRecord(freight, appeal.orgName, scope.type), history });
  });

  app.post(BASE, async (request) => {
    const scope = await callerWith(request, APPEAL_PERMISSIONS.submit);
    const parsed = parse(appealSubmitSchema, request.body);
    const body = { ...parsed, reason: await screenText(db, scope.platformId, binding.def.fields.reason.label, parsed.reason) };
    const { row, freight } = await retryOnConflict(() =>
      db.transaction().execute(async (trx) => {
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
            created_at: at,
            created_by: scope.userId,
            updated_at: at,
            updated_by: scope.userId,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordResourceEvent(trx, scope, binding.def.key, row, { action: "CREATE", label: "提交申诉", to: "PENDING" });
        await recordEvent(trx, Number(freight.id), "APPEAL_SUBMIT", freight.status, freight.status, { userId: scope.userId, name: scope.name }, clip(`申诉单 ${row.appeal_no}：${body.reason}`), at);
        return { row, freight };
      }),
    );
    await notifyAppeal(ctx, "APPEAL_SUBMIT", row, freight, scope.userId, `申诉单 ${row.appeal_no}，请及时审核`);
    return ok((await records(db, scope, [row]))[0]);
  });

  /** 通过 clears the waybill's abnormal flag; 驳回 (remark required) leaves it, and a new appeal may follow. */
  app.post(`${BASE}/:id/audit`, async (request) => {
    const scope = await callerWith(request, APPEAL_PERMISSIONS.audit);
    const { id } = parse(idParams, request.params);
    const { result, remark } = parse(appealAuditSchema, request.body);
    const before = await findRow(db, binding, scope, id);
    if (before.status !== "PENDING") throw alreadyAudited(before);
    try {
      const record = await transitionResource(ctx, binding, scope, id, AUDIT_TRANSITIONS[result], { auditRemark: remark });
      return ok(record as unknown as AppealRecord);
    } catch (error) {
      // Another auditor decided between our read and our write.
      if (error instanceof Refusal && error.code === FreightRefusalCode.illegalState) throw alreadyAudited(await findRow(db, binding, scope, id));
      throw error;
    }
  });
}

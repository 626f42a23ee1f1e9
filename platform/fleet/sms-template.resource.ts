/**
 * The binding of 短信模板 (domain 7.2): the owner's own templates; placeholders from the code's whitelist;
 * 提交报备 and 测试发送 talk to the SMS gateway after commit.
 */
import { sql } from "kysely";
import { smsTemplate } from "../../contract/resources/sms-template.js";
import { maskMobile, sampleValues, SMS_TEMPLATE_CODES, templateProblem, type SmsCode } from "../../contract/sms.js";
import { chinaDateTime } from "../../contract/units.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { HttpError } from "../http/envelope.js";
import { bindResource, orgScope, type Row } from "../resources/bind.js";
import type { CallerScope } from "../scope.js";
import { fileTemplate, sendSms } from "./sms-gateway.js";

function checkTemplate(v: Record<string, unknown>): void {
  const problem = templateProblem(String(v.code) as SmsCode, String(v.content ?? ""));
  if (problem) throw new HttpError(400, problem);
}

/** The template row as the gateway client takes it. */
export const gatewayTemplate = (row: Row) => ({ id: Number(row.id), code: String(row.code), signName: String(row.sign_name), content: String(row.content), providerTemplateId: String(row.provider_template_id ?? "") });

/** 提交报备's second half: the gateway's answer moves the template to 可用 or 已驳回; not reached, it stays 报备中. */
async function fileWithGateway(ctx: ServiceContext, row: Row): Promise<void> {
  const result = await fileTemplate(ctx, { code: String(row.code), signName: String(row.sign_name), content: String(row.content) });
  const db = ctx.db.kysely;
  const at = nowIso();
  const event = await db.selectFrom("resource_events").select("id").where("resource", "=", smsTemplate.key).where("record_id", "=", Number(row.id)).where("action", "=", "SUBMIT").orderBy("id", "desc").executeTakeFirst();
  if (result.status === "UNREACHED") {
    await db.updateTable("sms_templates").set({ reject_reason: `${result.reason}，请稍后重新报备` }).where("id", "=", row.id).execute();
    if (event) await db.updateTable("resource_events").set({ remark: `${result.reason}，仍为报备中` }).where("id", "=", event.id).execute();
    return;
  }
  const to = result.status;
  const moved = await db
    .updateTable("sms_templates")
    .set({ status: to, provider_template_id: to === "APPROVED" ? result.templateId : null, reject_reason: to === "REJECTED" ? result.reason.slice(0, 200) : null, updated_at: at, version: sql`version + 1` })
    .where("id", "=", row.id)
    .where("status", "=", "PENDING_PROVIDER")
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return;
  // The 提交报备 event carries the gateway's outcome (one event per transition).
  if (event) await db.updateTable("resource_events").set({ to_status: to, remark: to === "APPROVED" ? `网关报备通过，模板编号 ${result.templateId}` : `网关驳回：${result.reason}`.slice(0, 500) }).where("id", "=", event.id).execute();
}

/** 测试发送: the template with its sample values, to the caller's own mobile; the result shows on the row. */
async function testSend(ctx: ServiceContext, scope: CallerScope, row: Row): Promise<void> {
  const db = ctx.db.kysely;
  const me = await db.selectFrom("users").select(["mobile"]).where("id", "=", scope.userId).executeTakeFirstOrThrow();
  const code = String(row.code) as SmsCode;
  const sent = await sendSms(ctx, db, { platformId: scope.platformId, orgId: scope.orgId, userId: scope.userId, purpose: "TEST", template: gatewayTemplate(row), mobile: me.mobile, values: code in SMS_TEMPLATE_CODES ? sampleValues(code) : {} });
  const stamp = chinaDateTime(nowIso()).slice(5, 16);
  const result = sent.accepted ? `${stamp} 已发送至 ${maskMobile(me.mobile)}` : `${stamp} 发送失败：${sent.error ?? "未知原因"}`;
  await db.updateTable("sms_templates").set({ last_test_result: result.slice(0, 120) }).where("id", "=", row.id).execute();
}

/**
 * Files every template 报备中 with the gateway (the platform's job, every 30 s): 提交报备 only queues it, as
 * a provider's review is not immediate; a gateway that cannot be reached is tried again on the next run.
 */
export async function filePendingTemplates(ctx: ServiceContext, limit = 50): Promise<number> {
  const rows = await ctx.db.kysely.selectFrom("sms_templates").selectAll().where("status", "=", "PENDING_PROVIDER").where("deleted_at", "is", null).orderBy("updated_at").limit(limit).execute();
  for (const row of rows) await fileWithGateway(ctx, { ...row, id: Number(row.id) });
  return rows.length;
}

export const smsTemplateBinding = bindResource(smsTemplate, {
  table: "sms_templates",
  scope: orgScope(),
  hooks: {
    beforeCreate: async (_trx, _scope, values) => checkTemplate(values),
    beforeUpdate: async (_trx, _scope, before, values) => {
      checkTemplate({ ...before, ...values });
      values.provider_template_id = null;
      values.last_test_result = null;
    },
    afterTransition: async (ctx, scope, row, transition) => {
      if (transition === "testSend") await testSend(ctx, scope, row);
    },
  },
});

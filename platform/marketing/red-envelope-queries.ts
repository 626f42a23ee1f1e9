/**
 * Read side of red envelopes beyond the engine's lists (red-envelope.resource.ts): the marketing
 * account's balance, and the tabs' xlsx exports with the lists' filters, streamed by the exports' own
 * writer (platform/http/xlsx.ts: a keyset walk by id, 元 with 2 decimals, China times).
 */
import type { FastifyReply } from "fastify";
import { idSchema } from "../../contract/fields.js";
import { z } from "zod";
import { AUDIENCES, CAMPAIGN_STATUS_LABELS, CAMPAIGN_TYPES, GRANT_STATUS_LABELS, type CampaignStatus, type GrantStatus } from "../../contract/red-envelope.js";
import { chinaDateTime } from "../../contract/units.js";
import { yuanNumber, yuanPlain } from "../../contract/numbers.js";
import type { ServiceContext } from "../context.js";
import type { Db } from "../db/index.js";
import { exportDisposition, sendWorkbook, type SheetColumn } from "../http/xlsx.js";
import { requireCode } from "../http/permission.js";
import { platformAccount } from "../ledger/ledger.js";
import type { CallerScope } from "../scope.js";
import { expireGrants } from "./red-envelopes.js";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const keyword = z.preprocess(blank, z.string().trim().max(32, "关键字不能超过 32 个字").optional());
export const campaignFilterSchema = z.object({
  status: z.preprocess(blank, z.enum(Object.keys(CAMPAIGN_STATUS_LABELS) as [CampaignStatus, ...CampaignStatus[]], { errorMap: () => ({ message: "活动状态不正确" }) }).optional()),
  keyword,
});
export const grantFilterSchema = z.object({
  status: z.preprocess(blank, z.enum(Object.keys(GRANT_STATUS_LABELS) as [GrantStatus, ...GrantStatus[]], { errorMap: () => ({ message: "红包状态不正确" }) }).optional()),
  campaignId: z.preprocess(blank, idSchema("活动").optional()),
  keyword,
});
const like = (text: string) => `%${text.replace(/[%_]/g, "")}%`;

const maskedMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

function campaignQuery(db: Db, scope: CallerScope, filter: z.infer<typeof campaignFilterSchema>) {
  let q = db.kysely.selectFrom("red_envelope_campaigns").where("platform_id", "=", scope.platformId);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("name", "like", like(filter.keyword!)), eb("campaign_no", "like", like(filter.keyword!))]));
  return q;
}

function grantQuery(db: Db, scope: CallerScope, filter: z.infer<typeof grantFilterSchema>) {
  let q = db.kysely.selectFrom("red_envelope_grants as g").innerJoin("red_envelope_campaigns as c", "c.id", "g.campaign_id").where("g.platform_id", "=", scope.platformId);
  if (filter.status) q = q.where("g.status", "=", filter.status);
  if (filter.campaignId) q = q.where("g.campaign_id", "=", filter.campaignId);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("g.user_name", "like", like(filter.keyword!)), eb("g.user_mobile", "like", like(filter.keyword!)), eb("c.name", "like", like(filter.keyword!))]));
  return q;
}

/** The marketing account red envelopes are paid from (红包管理's header): its balance and number. */
export async function marketingAccount(db: Db, scope: CallerScope) {
  requireCode(scope, "TMS_RED_ENVELOPE", "查看营销资金账户");
  const marketing = await db.kysely.selectFrom("accounts").select(["balance", "account_no"]).where("id", "=", await platformAccount(db.kysely, scope.platformId, "MARKETING")).executeTakeFirstOrThrow();
  return { balance: Number(marketing.balance), accountNo: marketing.account_no };
}

// ---------------------------------------------------------------------------------------------
// xlsx exports (红包管理 › 导出 on each tab)

const time = (iso: unknown) => (iso ? chinaDateTime(String(iso)) : null);
const MONEY = "0.00";
const labelOf = (labels: Readonly<Record<string, string>>, value: unknown) => labels[String(value)] ?? String(value ?? "");

type CampaignRow = Record<string, unknown> & { id: number };
type GrantRow = Record<string, unknown> & { id: number };

export const CAMPAIGN_EXPORT_COLUMNS: ReadonlyArray<SheetColumn<CampaignRow>> = [
  { header: "活动编号", width: 20, value: (r) => String(r.campaign_no) },
  { header: "活动名称", width: 24, value: (r) => String(r.name) },
  { header: "类型", width: 10, value: (r) => labelOf(CAMPAIGN_TYPES, r.type) },
  { header: "发放对象", width: 10, value: (r) => labelOf(AUDIENCES, r.audience) },
  { header: "金额规则", width: 22, value: (r) => (r.amount_mode === "FIXED" ? `固定 ${yuanPlain(Number(r.amount_min))} 元` : `随机 ${yuanPlain(Number(r.amount_min))}–${yuanPlain(Number(r.amount_max))} 元`) },
  { header: "预算(元)", width: 14, numFmt: MONEY, value: (r) => yuanNumber(Number(r.budget)) },
  { header: "已发放(元)", width: 14, numFmt: MONEY, value: (r) => yuanNumber(Number(r.granted_amount)) },
  { header: "已领取(元)", width: 14, numFmt: MONEY, value: (r) => yuanNumber(Number(r.received_amount)) },
  { header: "剩余预算(元)", width: 14, numFmt: MONEY, value: (r) => yuanNumber(Number(r.budget) - Number(r.granted_amount)) },
  { header: "每人限领次数", width: 12, value: (r) => Number(r.per_user_limit) },
  { header: "领取有效天数", width: 12, value: (r) => Number(r.receive_days) },
  { header: "有效期起", width: 12, value: (r) => String(r.valid_from) },
  { header: "有效期止", width: 12, value: (r) => String(r.valid_to) },
  { header: "状态", width: 10, value: (r) => labelOf(CAMPAIGN_STATUS_LABELS, r.status) },
  { header: "创建人", width: 12, value: (r) => String(r.created_name ?? "") },
  { header: "创建时间", width: 19, value: (r) => time(r.created_at) },
];

export const GRANT_EXPORT_COLUMNS: ReadonlyArray<SheetColumn<GrantRow>> = [
  { header: "活动编号", width: 20, value: (r) => String(r.campaign_no) },
  { header: "活动", width: 24, value: (r) => String(r.campaign_name) },
  { header: "用户", width: 12, value: (r) => String(r.user_name) },
  { header: "手机号", width: 14, value: (r) => maskedMobile(String(r.user_mobile)) },
  { header: "金额(元)", width: 12, numFmt: MONEY, value: (r) => yuanNumber(Number(r.amount)) },
  { header: "关联单据", width: 24, value: (r) => String(r.biz_ref) },
  { header: "状态", width: 10, value: (r) => labelOf(GRANT_STATUS_LABELS, r.status) },
  { header: "发放时间", width: 19, value: (r) => time(r.granted_at) },
  { header: "领取时间", width: 19, value: (r) => time(r.received_at) },
  { header: "领取截止", width: 19, value: (r) => time(r.expire_at) },
  { header: "撤回时间", width: 19, value: (r) => time(r.revoked_at) },
  { header: "操作人", width: 12, value: (r) => String(r.operator_name ?? "") },
];

/** One red-envelope list as xlsx, newest first (a keyset walk by id), after applying the expiries. */
async function sendRedEnvelopeExport<Row extends { id: unknown }>(
  ctx: ServiceContext,
  scope: CallerScope,
  reply: FastifyReply,
  sheet: { title: string; fileStem: string; columns: ReadonlyArray<SheetColumn<Row>>; page: (cursor: number | null, limit: number) => Promise<Row[]> },
) {
  requireCode(scope, "TMS_RED_ENVELOPE", `导出${sheet.title}`);
  await expireGrants(ctx.db, scope.platformId);
  return sendWorkbook<Row, number>(
    ctx,
    reply,
    { sheetName: sheet.title, logName: `${sheet.fileStem} export`, columns: sheet.columns, page: sheet.page, cursorOf: (row) => Number(row.id) },
    exportDisposition(sheet.fileStem, sheet.title),
    scope.userId,
  );
}

/** 红包活动 as xlsx with the list's filter. */
export function sendCampaignExport(ctx: ServiceContext, scope: CallerScope, filter: z.infer<typeof campaignFilterSchema>, reply: FastifyReply) {
  return sendRedEnvelopeExport<CampaignRow>(ctx, scope, reply, {
    title: "红包活动",
    fileStem: "red_envelope_campaigns",
    columns: CAMPAIGN_EXPORT_COLUMNS,
    page: async (cursor, limit) => {
      let q = campaignQuery(ctx.db, scope, filter);
      if (cursor !== null) q = q.where("id", "<", cursor);
      return (await q.selectAll().orderBy("id", "desc").limit(limit).execute()) as unknown as CampaignRow[];
    },
  });
}

/** 红包发放记录 as xlsx with the list's filter; mobiles masked as on the page. */
export function sendGrantExport(ctx: ServiceContext, scope: CallerScope, filter: z.infer<typeof grantFilterSchema>, reply: FastifyReply) {
  return sendRedEnvelopeExport<GrantRow>(ctx, scope, reply, {
    title: "红包发放记录",
    fileStem: "red_envelope_grants",
    columns: GRANT_EXPORT_COLUMNS,
    page: async (cursor, limit) => {
      let q = grantQuery(ctx.db, scope, filter);
      if (cursor !== null) q = q.where("g.id", "<", cursor);
      return (await q.selectAll("g").select(["c.name as campaign_name", "c.campaign_no"]).orderBy("g.id", "desc").limit(limit).execute()) as unknown as GrantRow[];
    },
  });
}

/** Read side of red envelopes: campaigns (with the marketing account's balance) and grants, platform finance only. */
import { sql } from "kysely";
import { z } from "zod";
import { CAMPAIGN_STATUS_LABELS, GRANT_STATUS_LABELS, movesFrom } from "../../contract/red-envelope.js";
import type { Db } from "../db/index.js";
import { offsetOf } from "../http/envelope.js";
import { requireCode } from "../ledger/flows.js";
import { platformAccount } from "../ledger/ledger.js";
import type { CallerScope } from "../scope.js";
import { expireGrants } from "./red-envelopes.js";

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const keyword = z.preprocess(blank, z.string().trim().max(32, "关键字不能超过 32 个字").optional());
export const campaignFilterSchema = z.object({
  status: z.preprocess(blank, z.enum(Object.keys(CAMPAIGN_STATUS_LABELS) as [string, ...string[]], { errorMap: () => ({ message: "活动状态不正确" }) }).optional()),
  keyword,
});
export const grantFilterSchema = z.object({
  status: z.preprocess(blank, z.enum(Object.keys(GRANT_STATUS_LABELS) as [string, ...string[]], { errorMap: () => ({ message: "红包状态不正确" }) }).optional()),
  campaignId: z.preprocess(blank, z.coerce.number({ invalid_type_error: "活动不正确" }).int("活动不正确").positive("活动不正确").optional()),
  keyword,
});
type Paging = { current: number; size: number };
const like = (text: string) => `%${text.replace(/[%_]/g, "")}%`;
const camel = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), v]));

export async function searchCampaigns(db: Db, scope: CallerScope, filter: z.infer<typeof campaignFilterSchema>, paging: Paging) {
  requireCode(scope, "TMS_RED_ENVELOPE", "查看红包活动", ["SYSTEM_USER"]);
  await expireGrants(db, scope.platformId);
  let q = db.kysely.selectFrom("red_envelope_campaigns").where("platform_id", "=", scope.platformId);
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("name", "like", like(filter.keyword!)), eb("campaign_no", "like", like(filter.keyword!))]));
  const total = Number((await q.select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);
  const sums = await q.select([sql<number>`coalesce(sum(budget), 0)`.as("budget"), sql<number>`coalesce(sum(granted_amount), 0)`.as("granted"), sql<number>`coalesce(sum(received_amount), 0)`.as("received")]).executeTakeFirst();
  const rows = await q.selectAll().orderBy("id", "desc").limit(paging.size).offset(offsetOf(paging.current, paging.size)).execute();
  const marketing = await db.kysely.selectFrom("accounts").select(["balance", "account_no"]).where("id", "=", await platformAccount(db.kysely, scope.platformId, "MARKETING")).executeTakeFirstOrThrow();
  return {
    records: rows.map((r) => ({ ...camel(r), moves: movesFrom(r.status), remaining: Number(r.budget) - Number(r.granted_amount) })),
    total,
    current: paging.current,
    size: paging.size,
    sums: { budget: Number(sums?.budget ?? 0), granted: Number(sums?.granted ?? 0), received: Number(sums?.received ?? 0) },
    marketing: { balance: Number(marketing.balance), accountNo: marketing.account_no },
  };
}

export async function searchGrants(db: Db, scope: CallerScope, filter: z.infer<typeof grantFilterSchema>, paging: Paging) {
  requireCode(scope, "TMS_RED_ENVELOPE", "查看红包发放记录", ["SYSTEM_USER"]);
  await expireGrants(db, scope.platformId);
  let q = db.kysely.selectFrom("red_envelope_grants as g").innerJoin("red_envelope_campaigns as c", "c.id", "g.campaign_id").where("g.platform_id", "=", scope.platformId);
  if (filter.status) q = q.where("g.status", "=", filter.status);
  if (filter.campaignId) q = q.where("g.campaign_id", "=", filter.campaignId);
  if (filter.keyword) q = q.where((eb) => eb.or([eb("g.user_name", "like", like(filter.keyword!)), eb("g.user_mobile", "like", like(filter.keyword!)), eb("c.name", "like", like(filter.keyword!))]));
  const total = Number((await q.select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);
  const sums = await q.select(sql<number>`coalesce(sum(g.amount), 0)`.as("amount")).executeTakeFirst();
  const rows = await q.selectAll("g").select(["c.name as campaign_name", "c.campaign_no"]).orderBy("g.id", "desc").limit(paging.size).offset(offsetOf(paging.current, paging.size)).execute();
  const masked = rows.map((r) => ({ ...camel(r), userMobile: `${r.user_mobile.slice(0, 3)}****${r.user_mobile.slice(-4)}` }));
  return { records: masked, total, current: paging.current, size: paging.size, sums: { amount: Number(sums?.amount ?? 0) } };
}

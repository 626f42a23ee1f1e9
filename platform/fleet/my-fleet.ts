/**
 * 我的车队: the fleet leader's own view. A caller is a fleet leader when his account is
 * the login (`user_id`) of an approved, enabled 车队长 (fleet_leaders); he sees his members (车队成员),
 * the waybills they drive (a member is the person: every roster entry of his driver profile) and his
 * share (分成) of their freight: what the ledger credited to his wallet for each waybill (提现分配 routes
 * it there, domain 6.12). The summary is what his 首页 counts. Nothing here writes.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import type { ServiceContext } from "../context.js";
import type { Database } from "../db/schema.js";
import type { Kysely } from "kysely";
import { ok, offsetOf, pagingSchema, Refusal } from "../http/envelope.js";
import { parse } from "../http/validate.js";
import { requireScope } from "../identity/guard.js";
import { isIndividual, type CallerScope } from "../scope.js";
import { LIVE_STATUSES } from "../../contract/freight-steps.js";

type Db = Kysely<Database>;

export const MY_FLEET_BASE = "/tms-fleet-leader/mine";

/** The caller's approved fleet, or the refusal that says why he has none. */
export async function myFleet(db: Db, scope: CallerScope) {
  if (!isIndividual(scope)) throw new Refusal(RefusalCode.notPermitted, "只有车队长本人的个人账号可以查看我的车队");
  const leader = await db
    .selectFrom("fleet_leaders")
    .select(["id", "name", "fleet_name", "audit_status", "enabled", "collect_enabled", "distribution_rule", "distribution_value"])
    .where("user_id", "=", scope.userId)
    .where("platform_id", "=", scope.platformId)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .executeTakeFirst();
  // A prerequisite, not a permission: the page is his as soon as he is an approved fleet leader.
  if (!leader) throw new Refusal(RefusalCode.prerequisite, "当前账号不是车队长：车队长经平台审核通过后可查看车队成员、运单和分成");
  if (leader.audit_status !== "APPROVED") throw new Refusal(RefusalCode.prerequisite, `车队「${leader.fleet_name}」尚未审核通过，审核通过后可查看车队成员、运单和分成`);
  if (leader.enabled !== "ENABLED") throw new Refusal(RefusalCode.prerequisite, `车队「${leader.fleet_name}」已停用`);
  return leader;
}

/** His wallet (the account his share is credited to), or null before any money reached him. */
async function walletOf(db: Db, scope: CallerScope): Promise<number | null> {
  const row = await db.selectFrom("accounts").select("id").where("platform_id", "=", scope.platformId).where("owner_type", "=", "USER").where("owner_id", "=", scope.userId).where("account_type", "=", "WALLET").executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The waybills of the fleet's active members (every roster entry of each member's driver profile). */
function memberWaybills(db: Db, leaderId: number) {
  return db
    .selectFrom("freights as f")
    .innerJoin("freight_drivers as d", "d.id", "f.driver_id")
    .innerJoin("fleet_leader_members as m", (j) => j.onRef("m.driver_profile_id", "=", "d.profile_id").on("m.fleet_leader_id", "=", leaderId).on("m.status", "=", "ACTIVE").on("m.deleted_at", "is", null));
}

/** His share of one waybill: what the ledger credited to his wallet for its payment. */
const shareOf = (wallet: number | null) =>
  sql<number>`coalesce((select sum(e.amount) from payment_items i join ledger_entries e on e.txn_id = i.ledger_txn_id where i.freight_id = f.id and i.status = 'SUCCESS' and e.account_id = ${wallet ?? -1}), 0)`;

export async function myFleetSummary(db: Db, scope: CallerScope) {
  const leader = await myFleet(db, scope);
  const wallet = await walletOf(db, scope);
  const members = await db.selectFrom("fleet_leader_members").select((eb) => eb.fn.countAll<number>().as("n")).where("fleet_leader_id", "=", leader.id).where("status", "=", "ACTIVE").where("deleted_at", "is", null).executeTakeFirstOrThrow();
  const waybills = await memberWaybills(db, Number(leader.id))
    .select([
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`coalesce(sum(case when f.status in (${sql.join([...LIVE_STATUSES])}) then 1 else 0 end), 0)`.as("live"),
      sql<number>`coalesce(sum(case when f.status = 'COMPLETED' then 1 else 0 end), 0)`.as("completed"),
    ])
    .executeTakeFirstOrThrow();
  // His share is the same rule as the waybill list's: what the ledger credited him for his members' waybills.
  const share = await memberWaybills(db, Number(leader.id)).select(sql<number>`coalesce(sum(${shareOf(wallet)}), 0)`.as("amount")).executeTakeFirstOrThrow();
  return {
    fleetLeaderId: Number(leader.id),
    leaderName: leader.name,
    fleetName: leader.fleet_name,
    collectEnabled: Number(leader.collect_enabled) === 1,
    distributionRule: leader.distribution_rule,
    distributionValue: leader.distribution_value === null ? null : Number(leader.distribution_value),
    memberCount: Number(members.n),
    waybillCount: Number(waybills.total),
    liveWaybillCount: Number(waybills.live),
    completedWaybillCount: Number(waybills.completed),
    /** fen: every share credited to him (代收 of his members' freight). */
    shareTotal: Number(share.amount),
  };
}

const memberFilter = z.object({ status: z.enum(["ACTIVE", "QUIT"], { errorMap: () => ({ message: "状态只能是 ACTIVE 或 QUIT" }) }).optional().nullable() });

export async function myFleetMembers(db: Db, scope: CallerScope, filter: z.infer<typeof memberFilter>, paging: { current: number; size: number }) {
  const leader = await myFleet(db, scope);
  let q = db
    .selectFrom("fleet_leader_members as m")
    .innerJoin("driver_profiles as p", "p.id", "m.driver_profile_id")
    .leftJoin("freight_vehicles as v", "v.id", "m.vehicle_id")
    .where("m.fleet_leader_id", "=", leader.id)
    .where("m.deleted_at", "is", null);
  if (filter.status) q = q.where("m.status", "=", filter.status);
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const rows = await q
    .select(["m.id", "p.name as driverName", "p.mobile as driverMobile", "v.plate_no as plateNo", "m.joined_at as joinedAt", "m.quit_at as quitAt", "m.status", "m.collect_authorized as collectAuthorized"])
    .select((eb) =>
      eb
        .selectFrom("freights as f")
        .innerJoin("freight_drivers as d", "d.id", "f.driver_id")
        .select((x) => x.fn.countAll<number>().as("n"))
        .whereRef("d.profile_id", "=", "m.driver_profile_id")
        .as("waybillCount"),
    )
    .orderBy("m.status")
    .orderBy("m.id")
    .limit(paging.size)
    .offset(offsetOf(paging.current, paging.size))
    .execute();
  return {
    records: rows.map((r) => ({ ...r, id: Number(r.id), collectAuthorized: Number(r.collectAuthorized) === 1, waybillCount: Number(r.waybillCount ?? 0) })),
    total: Number(total),
    current: paging.current,
    size: paging.size,
  };
}

const waybillFilter = z.object({ keyword: z.string().trim().max(32, "关键字最多 32 个字").optional().nullable() });

export async function myFleetWaybills(db: Db, scope: CallerScope, filter: z.infer<typeof waybillFilter>, paging: { current: number; size: number }) {
  const leader = await myFleet(db, scope);
  const wallet = await walletOf(db, scope);
  let q = memberWaybills(db, Number(leader.id));
  if (filter.keyword) q = q.where((eb) => eb.or([eb("f.freight_no", "like", `%${filter.keyword}%`), eb("f.carrier_name", "like", `%${filter.keyword}%`)]));
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const sums = await q.select([sql<number>`coalesce(sum(f.freight_amount), 0)`.as("freightAmount"), sql<number>`coalesce(sum(${shareOf(wallet)}), 0)`.as("share")]).executeTakeFirstOrThrow();
  const rows = await q
    .select(["f.id", "f.freight_no as freightNo", "f.freight_way as freightWay", "f.status", "f.carrier_name as driverName", "f.conveyance_name as conveyanceName", "f.loading_place as loadingPlace", "f.unloading_place as unloadingPlace", "f.loaded_weight as loadedWeight", "f.freight_amount as freightAmount", "f.created_at as createdAt", "f.complete_time as completeTime"])
    .select(shareOf(wallet).as("share"))
    .orderBy("f.created_at", "desc")
    .orderBy("f.id", "desc")
    .limit(paging.size)
    .offset(offsetOf(paging.current, paging.size))
    .execute();
  return {
    records: rows.map((r) => ({ ...r, id: Number(r.id), freightAmount: Number(r.freightAmount), loadedWeight: r.loadedWeight === null ? null : Number(r.loadedWeight), share: Number(r.share) })),
    total: Number(total),
    current: paging.current,
    size: paging.size,
    sums: { freightAmount: Number(sums.freightAmount), share: Number(sums.share) },
  };
}

export async function myFleetRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const db = ctx.db.kysely;
  const scopeFor = async (request: FastifyRequest) => await requireScope(ctx, request);
  app.get(`${MY_FLEET_BASE}/summary`, async (request) => ok(await myFleetSummary(db, await scopeFor(request))));
  app.post(`${MY_FLEET_BASE}/members/search`, async (request) => ok(await myFleetMembers(db, await scopeFor(request), parse(memberFilter, request.body ?? {}), parse(pagingSchema, request.body ?? {}))));
  app.post(`${MY_FLEET_BASE}/waybills/search`, async (request) => ok(await myFleetWaybills(db, await scopeFor(request), parse(waybillFilter, request.body ?? {}), parse(pagingSchema, request.body ?? {}))));
}

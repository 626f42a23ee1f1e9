/**
 * Demo data of 货源管理: for each demo organisation supplies in every state (with their history, price
 * changes, calls, favourites and views), the tenant's drivers' subscriptions, disputes in every state, and
 * the seeded SOURCE_GOODS_LIST notifications pointed at real supplies the recipient may open (those of
 * accounts that cannot open 货源管理 are removed). Plain inserts in one transaction on an empty database.
 */
import { isMobile } from "../../contract/validation.js";
import type { Insertable, Transaction } from "kysely";
import type { SupplyState } from "../../contract/resources/supply.js";
import type { Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import { nextSerial } from "../resources/write.js";
import type { SuppliesTable } from "./schema.js";

type Trx = Transaction<Database>;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A contact's phone when it is a mobile number, else the fallback (supplies need mobiles). */
const mobileOr = (phone: string, fallback: string) => (isMobile(phone) ? phone : fallback);

/** Each organisation's supplies: state, days ago created, tonnes (or vehicles), 司机运价 元/吨. */
const PLAN: Array<{ state: SupplyState; age: number; tonnes: number; price: number; byVehicle?: boolean; takenShare?: number }> = [
  { state: "DRAFT", age: 1, tonnes: 300, price: 82 },
  { state: "PENDING_AUDIT", age: 1, tonnes: 600, price: 86 },
  { state: "PENDING_AUDIT", age: 2, tonnes: 20, price: 95, byVehicle: true },
  { state: "REJECTED", age: 3, tonnes: 450, price: 78 },
  { state: "PUBLISHED", age: 4, tonnes: 1200, price: 88, takenShare: 0.4 },
  { state: "PUBLISHED", age: 5, tonnes: 800, price: 92, takenShare: 0 },
  { state: "PUBLISHED", age: 6, tonnes: 15, price: 105, byVehicle: true, takenShare: 0.6 },
  { state: "FULL", age: 8, tonnes: 500, price: 90, takenShare: 1 },
  { state: "OFF_SHELF", age: 9, tonnes: 700, price: 84, takenShare: 0.2 },
  { state: "EXPIRED", age: 15, tonnes: 900, price: 80, takenShare: 0.5 },
  { state: "CLOSED", age: 20, tonnes: 1000, price: 76, takenShare: 0.8 },
];

const DRIVER_NAMES = ["王建国", "刘长海", "陈志强", "杨春生", "赵海涛", "孙立平", "周文斌", "吴大伟"];
const REGIONS: Array<[string, string]> = [["340300", "安徽省蚌埠市"], ["340200", "安徽省芜湖市"], ["340100", "安徽省合肥市"], ["341300", "安徽省宿州市"], ["320100", "江苏省南京市"], ["340000", "安徽省"]];

interface Driver {
  id: number | null;
  userId: number | null;
  name: string;
  mobile: string;
}

async function driversOf(trx: Trx, orgId: number): Promise<Driver[]> {
  const rows = await trx.selectFrom("freight_drivers").select(["id", "user_id", "name", "mobile"]).where("org_id", "=", orgId).where("deleted_at", "is", null).orderBy("id").limit(6).execute();
  const drivers: Driver[] = rows.map((r) => ({ id: Number(r.id), userId: r.user_id == null ? null : Number(r.user_id), name: r.name, mobile: r.mobile }));
  for (const [i, name] of DRIVER_NAMES.entries()) if (drivers.length < 6) drivers.push({ id: null, userId: null, name, mobile: `1395551${String(orgId * 100 + i).padStart(4, "0")}` });
  return drivers;
}

async function event(trx: Trx, row: { id: number; platform_id: string; tenant_id: number; org_id: number }, e: { action: string; label: string; from: string | null; to: string | null; remark?: string; by: { id: number | null; name: string }; at: number }) {
  await trx
    .insertInto("resource_events")
    .values({ resource: "supply", record_id: row.id, action: e.action, action_label: e.label, from_status: e.from, to_status: e.to, remark: e.remark ?? null, detail: null, operator_user_id: e.by.id, operator_name: e.by.name, platform_id: row.platform_id, tenant_id: row.tenant_id, org_id: row.org_id, created_at: iso(e.at) })
    .execute();
}

/** The supply's history: created, then the transitions that led to its state. */
async function history(trx: Trx, row: { id: number; platform_id: string; tenant_id: number; org_id: number }, state: SupplyState, created: number, owner: { id: number | null; name: string }, auditor: { id: number | null; name: string }) {
  await event(trx, row, { action: "CREATE", label: "新增", from: null, to: "DRAFT", by: owner, at: created });
  if (state === "DRAFT") return;
  await event(trx, row, { action: "PUBLISH", label: "发布", from: "DRAFT", to: "PENDING_AUDIT", by: owner, at: created + HOUR });
  if (state === "PENDING_AUDIT") return;
  if (state === "REJECTED") return event(trx, row, { action: "REJECT", label: "驳回", from: "PENDING_AUDIT", to: "REJECTED", remark: "装货时间与有效期不一致，请核对后重新提交", by: auditor, at: created + 3 * HOUR });
  await event(trx, row, { action: "APPROVE", label: "通过", from: "PENDING_AUDIT", to: "PUBLISHED", by: auditor, at: created + 2 * HOUR });
  if (state === "OFF_SHELF") await event(trx, row, { action: "OFFSHELF", label: "下架", from: "PUBLISHED", to: "OFF_SHELF", remark: "货主暂停发货", by: owner, at: created + 2 * DAY });
  if (state === "CLOSED") await event(trx, row, { action: "CLOSE", label: "关闭", from: "PUBLISHED", to: "CLOSED", by: owner, at: created + 5 * DAY });
}

export async function seedSupplies(db: Db, ids: SeedIds): Promise<void> {
  // Whole hours, so loading windows read 08:00 rather than 08:13:27.
  const now = Math.floor(Date.now() / HOUR) * HOUR;
  await db.kysely.transaction().execute(async (trx) => {
    const staff = await trx.selectFrom("users").select(["id", "name"]).where("id", "=", ids.userIds.SYSTEM_USER).executeTakeFirstOrThrow();
    const auditor = { id: Number(staff.id), name: staff.name };
    const supplyIdsByOrg = new Map<number, number[]>();
    const disputeTargets: Array<{ id: number; no: string; platform_id: string; tenant_id: number; org_id: number; driver: Driver }> = [];
    for (const orgId of ids.orgIds) {
      const org = await trx.selectFrom("organisations").select(["id", "platform_id", "tenant_id", "name"]).where("id", "=", orgId).executeTakeFirstOrThrow();
      const orgUser = await trx.selectFrom("users").select(["id", "name", "mobile"]).where("org_id", "=", orgId).where("type", "=", "ORG_USER").executeTakeFirst();
      const owner = orgUser ? { id: Number(orgUser.id), name: orgUser.name } : { id: null, name: `${org.name}调度` };
      const contactMobile = orgUser?.mobile ?? "13800000003";
      const shippers = await trx.selectFrom("shippers").select(["id"]).where("org_id", "=", orgId).where("audit_status", "=", "APPROVED").where("deleted_at", "is", null).orderBy("id").execute();
      const cargos = await trx.selectFrom("cargos").select(["id", "name", "category_name"]).where("org_id", "=", orgId).where("deleted_at", "is", null).orderBy("id").execute();
      const projects = await trx.selectFrom("projects").select(["id", "shipper_id"]).where("org_id", "=", orgId).where("deleted_at", "is", null).orderBy("id").execute();
      const loading = await trx.selectFrom("contacts").selectAll().where("org_id", "=", orgId).where("kind", "in", ["LOADING", "BOTH"]).orderBy("id").execute();
      const unloading = await trx.selectFrom("contacts").selectAll().where("org_id", "=", orgId).where("kind", "in", ["UNLOADING", "RECEIVER", "BOTH"]).orderBy("id").execute();
      const order = await trx.selectFrom("freight_orders").select(["id", "order_no", "planned_weight", "dispatched_weight"]).where("org_id", "=", orgId).where("freight_way", "=", "ROAD").where("status", "in", ["WAIT_DISPATCH", "DISPATCHING"]).orderBy("id").executeTakeFirst();
      if (!shippers.length || !cargos.length || !loading.length || !unloading.length) continue;
      const drivers = await driversOf(trx, orgId);
      const ids_: number[] = [];
      for (const [i, plan] of PLAN.entries()) {
        const created = now - plan.age * DAY - (i % 5) * HOUR;
        const live = !["EXPIRED", "CLOSED"].includes(plan.state);
        const loadingFrom = live ? now + (1 + (i % 3)) * DAY : created + DAY;
        const loadingTo = loadingFrom + 5 * DAY;
        const validUntil = plan.state === "EXPIRED" ? now - DAY : live ? loadingTo + DAY : loadingTo;
        const cargo = cargos[i % cargos.length]!;
        const shipper = shippers[i % shippers.length]!;
        const project = projects.find((p) => Number(p.shipper_id) === Number(shipper.id));
        const from = loading[i % loading.length]!;
        const to = unloading.find((u) => u.id !== from.id) ?? unloading[0]!;
        const byVehicle = !!plan.byVehicle;
        const perVehicle = 33_000;
        const total = byVehicle ? null : plan.tonnes * 1000;
        const taken = plan.takenShare ?? 0;
        // The first published supply comes from an open order and stays within its remainder.
        const fromOrder = order && i === 4 && Number(order.planned_weight) - Number(order.dispatched_weight) >= plan.tonnes * 1000;
        const at = iso(created);
        const values: Insertable<SuppliesTable> = {
          platform_id: org.platform_id,
          tenant_id: Number(org.tenant_id),
          org_id: orgId,
          owner_user_id: null,
          created_at: at,
          updated_at: at,
          created_by: owner.id,
          updated_by: owner.id,
          supply_no: await nextSerial(trx, "HY"),
          order_id: fromOrder ? Number(order.id) : null,
          order_no: fromOrder ? order.order_no : null,
          business_mode: i % 3 === 0 ? "SELF_OPERATED" : "MATCHMAKING",
          freight_way: "ROAD",
          shipper_id: Number(shipper.id),
          project_id: project ? Number(project.id) : null,
          cargo_id: Number(cargo.id),
          cargo_name: cargo.name,
          category_name: cargo.category_name,
          loading_place: from.place,
          loading_region_code: from.region_code,
          loading_address: from.address,
          loading_contact_name: from.contact_name,
          loading_contact_mobile: mobileOr(from.contact_mobile, contactMobile),
          unloading_place: to.place,
          unloading_region_code: to.region_code,
          unloading_address: to.address,
          unloading_contact_name: to.contact_name,
          unloading_contact_mobile: mobileOr(to.contact_mobile, contactMobile),
          distance_km: 120 + i * 35,
          stowage_mode: byVehicle ? "BY_VEHICLE" : "BY_WEIGHT",
          total_weight: total,
          total_vehicles: byVehicle ? plan.tonnes : null,
          per_vehicle_weight: byVehicle ? perVehicle : null,
          taken_weight: byVehicle ? Math.round(plan.tonnes * taken) * perVehicle : Math.round(((total ?? 0) * taken) / 1000) * 1000,
          taken_vehicles: byVehicle ? Math.round(plan.tonnes * taken) : Math.round(((total ?? 0) * taken) / 33_000),
          price_mode: i === 6 ? "NEGOTIABLE" : "FIXED",
          carrier_unit_price: plan.price * 100,
          shipper_unit_price: i % 3 === 0 ? (plan.price + 12) * 100 : null,
          cargo_unit_price: 265_000,
          loss_allowance_bp: 30,
          prepay_enabled: i % 4 === 0 ? 1 : 0,
          prepay_type: i % 4 === 0 ? "RATE" : null,
          prepay_amount: null,
          prepay_rate_pct: i % 4 === 0 ? 30 : null,
          vehicle_requirement: i % 2 === 0 ? "13 米高栏或平板，带篷布" : null,
          loading_from: iso(loadingFrom),
          loading_to: iso(loadingTo),
          valid_until: iso(validUntil),
          publish_scope: i === 5 ? "ASSIGNED" : "PUBLIC",
          assigned_mobiles: i === 5 ? drivers.slice(0, 2).map((d) => d.mobile).join(",") : null,
          contact_name: owner.name,
          contact_mobile: contactMobile,
          require_loading_proof: 1,
          require_unloading_proof: 1,
          scan_to_accept: i % 2,
          remark: i === 0 ? "草稿：待与货主确认装货时间" : null,
          status: plan.state,
          audit_remark: plan.state === "REJECTED" ? "装货时间与有效期不一致，请核对后重新提交" : null,
          off_reason: plan.state === "OFF_SHELF" ? "货主暂停发货" : null,
          published_at: ["DRAFT", "PENDING_AUDIT", "REJECTED"].includes(plan.state) ? null : iso(created + 2 * HOUR),
        };
        const row = await trx.insertInto("supplies").values(values).returning(["id", "supply_no"]).executeTakeFirstOrThrow();
        const id = Number(row.id);
        const scoped = { id, platform_id: org.platform_id, tenant_id: Number(org.tenant_id), org_id: orgId };
        ids_.push(id);
        await history(trx, scoped, plan.state, created, owner, auditor);
        if (!values.published_at) continue;
        await activity(trx, { ...scoped, no: row.supply_no, values, drivers, created, owner, i });
        if (plan.state === "PUBLISHED" || plan.state === "FULL") disputeTargets.push({ ...scoped, no: row.supply_no, driver: drivers[i % drivers.length]! });
      }
      supplyIdsByOrg.set(orgId, ids_);
      await subscriptions(trx, org.platform_id, Number(org.tenant_id), drivers, cargos[0]!.category_name, now, orgId === ids.orgIds[0] ? ids.userIds.INDIVIDUAL_USER : null);
    }
    await disputes(trx, disputeTargets, auditor, now);
    await pointNotifications(trx, ids, supplyIdsByOrg);
  });
}

/** Price changes, calls, favourites and views of a published supply; its counters match them. */
async function activity(trx: Trx, s: { id: number; platform_id: string; tenant_id: number; org_id: number; no: string; values: Insertable<SuppliesTable>; drivers: Driver[]; created: number; owner: { id: number | null; name: string }; i: number }) {
  const scope = { platform_id: s.platform_id, tenant_id: s.tenant_id, org_id: s.org_id, owner_user_id: null };
  const route = `${s.values.loading_place} → ${s.values.unloading_place}`;
  const published = s.created + 2 * HOUR;
  let price = Number(s.values.carrier_unit_price);
  // Two price changes on the first two published supplies: the current price is the last new one.
  if (s.i === 4 || s.i === 5) {
    const steps = [[price - 500, "装货点排队时间长，上调运价吸引运力"], [price, "油价上调，运价随之调整"]] as const;
    let old = price - 800;
    for (const [k, [next, reason]] of steps.entries()) {
      const at = iso(published + (k + 1) * DAY / 2);
      await trx.insertInto("supply_price_changes").values({ ...scope, supply_id: s.id, old_carrier_price: old, new_carrier_price: next, old_shipper_price: s.values.shipper_unit_price ?? null, new_shipper_price: s.values.shipper_unit_price ?? null, reason, operator_name: s.owner.name, created_at: at, updated_at: at, created_by: s.owner.id, updated_by: s.owner.id }).execute();
      await event(trx, s, { action: "REPRICE", label: "改价", from: "PUBLISHED", to: "PUBLISHED", remark: reason, by: s.owner, at: published + ((k + 1) * DAY) / 2 });
      old = next;
    }
    price = old;
  }
  const calls = s.drivers.slice(0, 2 + (s.i % 4));
  for (const [k, d] of calls.entries()) {
    const at = iso(published + (k + 1) * 3 * HOUR);
    const result = k % 3 === 2 ? "MISSED" : "CONNECTED";
    await trx
      .insertInto("supply_call_logs")
      .values({ ...scope, supply_id: s.id, supply_no: s.no, route, caller_user_id: d.userId, caller_name: d.name, caller_mobile: d.mobile, callee_mobile: String(s.values.contact_mobile), call_type: k % 2 ? "VIRTUAL" : "DIRECT", started_at: at, duration_s: result === "MISSED" ? 0 : 45 + k * 30, result, grabbed: result === "CONNECTED" && k === 0 ? 1 : 0, created_at: at, updated_at: at })
      .execute();
  }
  const favourites = s.drivers.slice(1, 1 + 1 + (s.i % 3));
  for (const [k, d] of favourites.entries()) {
    const at = iso(published + (k + 1) * 2 * HOUR);
    await trx
      .insertInto("supply_favorites")
      .values({ ...scope, supply_id: s.id, supply_no: s.no, route, cargo_name: String(s.values.cargo_name), carrier_unit_price: price, user_id: d.userId, user_name: d.name, user_mobile: d.mobile, supply_status: s.values.status, grabbed: k === 0 ? 1 : 0, cancelled_at: null, created_at: at, updated_at: at })
      .execute();
  }
  const views = 12 + s.i * 7;
  const rows = Array.from({ length: views }, (_, k) => ({ supply_id: s.id, user_id: k % 4 === 0 ? null : (s.drivers[k % s.drivers.length]!.userId ?? null), viewed_at: iso(published + k * HOUR), source: ["APP", "H5", "MINI"][k % 3]! }));
  await trx.insertInto("supply_views").values(rows).execute();
  await trx.updateTable("supplies").set({ view_count: views, call_count: calls.length, favorite_count: favourites.length, carrier_unit_price: price }).where("id", "=", s.id).execute();
}

/** The tenant's drivers' subscriptions (the demo driver's too), one of them stopped. */
async function subscriptions(trx: Trx, platformId: string, tenantId: number, drivers: Driver[], categoryName: string, now: number, demoDriverUserId: number | null) {
  const subscribers = drivers.slice(0, 3).map((d) => ({ ...d }));
  if (demoDriverUserId !== null) {
    const user = await trx.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", demoDriverUserId).executeTakeFirstOrThrow();
    subscribers.push({ id: null, userId: Number(user.id), name: user.name, mobile: user.mobile });
  }
  for (const [k, d] of subscribers.entries()) {
    const [fromCode, fromName] = REGIONS[k % REGIONS.length]!;
    const [toCode, toName] = REGIONS[(k + 2) % REGIONS.length]!;
    const at = iso(now - (20 - k) * DAY);
    await trx
      .insertInto("supply_subscriptions")
      .values({
        platform_id: platformId,
        tenant_id: tenantId,
        org_id: null,
        owner_user_id: null,
        user_id: d.userId,
        driver_id: d.id,
        subscriber_name: d.name,
        subscriber_mobile: d.mobile,
        from_region_code: fromCode,
        from_region_name: fromName,
        to_region_code: k === 1 ? null : toCode,
        to_region_name: k === 1 ? null : toName,
        cargo_category_id: null,
        category_name: k % 2 ? categoryName : null,
        freight_way: "ROAD",
        vehicle_type: k % 2 ? "重型半挂牵引车" : null,
        push_channels: k % 2 ? "APP_PUSH,SMS" : "APP_PUSH",
        enabled: k === 2 ? "DISABLED" : "ENABLED",
        matched_count: 3 + k * 4,
        last_pushed_at: iso(now - k * DAY - 5 * HOUR),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

const DISPUTES = [
  { status: "PENDING", type: "EMPTY_RUN", role: "DRIVER", claim: 50_000, text: "到达装货点后货主称货物未备齐，等待一天后被告知不装货，空跑 180 公里，要求赔偿放空费。" },
  { status: "PROCESSING", type: "WAIT_TIME", role: "DRIVER", claim: 30_000, text: "装货排队超过 36 小时，货源描述承诺当日装车，要求补偿压车费用。" },
  { status: "RESOLVED", type: "PRICE", role: "DRIVER", claim: 40_000, text: "接单后货主要求按电议价格结算，比货源展示运价每吨低 5 元，双方对运价存在争议。" },
  { status: "REJECTED", type: "CARGO_MISMATCH", role: "SHIPPER", claim: null, text: "司机称货物含水量高于描述，拒绝装车，企业认为货物符合国标三等要求。" },
  { status: "CLOSED", type: "DEPOSIT", role: "DRIVER", claim: 20_000, text: "预付运费未按约定在装货后到账，司机申请平台介入协调。" },
] as const;

async function disputes(trx: Trx, targets: Array<{ id: number; no: string; platform_id: string; tenant_id: number; org_id: number; driver: Driver }>, handler: { id: number | null; name: string }, now: number) {
  for (const [k, d] of DISPUTES.entries()) {
    const t = targets[k % Math.max(1, targets.length)];
    if (!t) return;
    const created = now - (10 - k) * DAY;
    const handled = d.status !== "PENDING";
    const resolved = d.status === "RESOLVED" || d.status === "CLOSED" || d.status === "REJECTED";
    await trx
      .insertInto("supply_disputes")
      .values({
        platform_id: t.platform_id,
        tenant_id: t.tenant_id,
        org_id: t.org_id,
        owner_user_id: null,
        dispute_no: await nextSerial(trx, "JF"),
        supply_id: t.id,
        supply_no: t.no,
        freight_id: null,
        freight_no: null,
        type: d.type,
        raised_by_role: d.role,
        raised_by_user_id: t.driver.userId,
        raised_by_name: d.role === "DRIVER" ? t.driver.name : "企业调度",
        raised_by_mobile: t.driver.mobile,
        description: d.text,
        evidence: null,
        claim_amount: d.claim,
        status: d.status,
        handler_user_id: handled ? handler.id : null,
        handler_name: handled ? handler.name : null,
        resolution: d.status === "RESOLVED" || d.status === "CLOSED" ? "经核实，企业同意按展示运价结算，并补偿司机部分损失。" : d.status === "REJECTED" ? "经抽检货物符合描述，不予受理。" : null,
        compensation_amount: d.status === "RESOLVED" || d.status === "CLOSED" ? Math.round((d.claim ?? 0) / 2) : null,
        compensation_payer: d.status === "RESOLVED" || d.status === "CLOSED" ? "ORG" : null,
        resolved_at: resolved ? iso(created + 2 * DAY) : null,
        closed_at: d.status === "CLOSED" ? iso(created + 4 * DAY) : null,
        created_at: iso(created),
        updated_at: iso(created + (handled ? DAY : 0)),
      })
      .execute();
  }
}

/**
 * The notification seed's SOURCE_GOODS_LIST messages carry made-up ids: point each at a real supply its
 * recipient may open (the organisation's own, any for platform staff) and say which; remove them for
 * accounts that cannot open 货源管理.
 */
async function pointNotifications(trx: Trx, ids: SeedIds, byOrg: Map<number, number[]>) {
  const all = [...byOrg.values()].flat();
  const orgUser = await trx.selectFrom("users").select("org_id").where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();
  const visibleTo: Record<string, number[]> = { [ids.userIds.SYSTEM_USER]: all, [ids.userIds.ORG_USER]: byOrg.get(Number(orgUser.org_id)) ?? [] };
  const rows = await trx.selectFrom("notifications").select(["id", "user_id"]).where("target_type", "=", "SOURCE_GOODS_LIST").orderBy("id").execute();
  const supplies = new Map((await trx.selectFrom("supplies").select(["id", "supply_no", "cargo_name", "loading_place", "unloading_place", "status"]).execute()).map((s) => [Number(s.id), s]));
  const orphans: number[] = [];
  for (const [k, n] of rows.entries()) {
    const candidates = (visibleTo[String(n.user_id)] ?? []).filter((id) => supplies.get(id)?.status !== "DRAFT");
    if (!candidates.length) {
      orphans.push(Number(n.id));
      continue;
    }
    const s = supplies.get(candidates[k % candidates.length]!)!;
    const line = `${s.cargo_name}（${s.loading_place} → ${s.unloading_place}）`;
    const content = s.status === "PENDING_AUDIT" ? `货源 ${s.supply_no} ${line} 已提交审核，请及时处理。` : s.status === "REJECTED" ? `您的货源 ${s.supply_no} ${line} 审核驳回，请修改后重新提交。` : `货源 ${s.supply_no} ${line} 已审核通过，已在货源大厅发布。`;
    await trx.updateTable("notifications").set({ target_id: String(s.id), content }).where("id", "=", n.id).execute();
  }
  for (let start = 0; start < orphans.length; start += 200) await trx.deleteFrom("notifications").where("id", "in", orphans.slice(start, start + 200)).execute();
}

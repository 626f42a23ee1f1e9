/**
 * Demo data of 找船 (domain 7.4, 7.5), after the water seed: the platform's wharves on the Huai and the
 * Yangtze (and two submitted by the demo organisation, one rejected), the latest position and a 7-day
 * track of every approved ship of platform A, published availabilities (through approved submissions),
 * pending submissions to audit, the demo organisation's 沟通记录 and fines on its own ships with their log.
 */
import { addDays, chinaDate } from "../../contract/units.js";
import type { Db } from "../db/index.js";
import type { SeedIds } from "../db/seed.js";
import type { AnyDb } from "../resources/bind.js";

const HOUR = 3600_000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

/** Waypoints of the two waterways the demo ships sail, WGS-84 [lng, lat]. */
export const WATERWAYS: Record<string, Array<[number, number]>> = {
  淮河: [[115.81, 32.89], [116.35, 32.62], [117.0, 32.63], [117.39, 32.92], [117.88, 33.14], [118.5, 33.0]],
  长江: [[117.06, 30.53], [117.81, 30.94], [118.36, 31.33], [118.48, 31.69], [118.73, 32.08], [119.43, 32.21]],
};

const WHARVES = [
  { name: "蚌埠新港码头", port_name: "蚌埠港", waterway: "淮河", address: "安徽省蚌埠市淮上区沫河口工业园港口路 1 号", region_code: "340311", lng: 117.4312, lat: 32.9556, berth_count: 6, max_berth_tonnage: 3000, depth_mm: 4500, has_grain_facility: 1 },
  { name: "长淮卫码头", port_name: "蚌埠港", waterway: "淮河", address: "安徽省蚌埠市龙子湖区长淮卫镇淮河大堤", region_code: "340302", lng: 117.3, lat: 32.93, berth_count: 3, max_berth_tonnage: 2000, depth_mm: 3800, has_grain_facility: 0 },
  { name: "淮南新港码头", port_name: "淮南港", waterway: "淮河", address: "安徽省淮南市潘集区平圩镇港区路", region_code: "340406", lng: 117.03, lat: 32.66, berth_count: 4, max_berth_tonnage: 2000, depth_mm: 4000, has_grain_facility: 1 },
  { name: "朱家桥外贸码头", port_name: "芜湖港", waterway: "长江芜湖段", address: "安徽省芜湖市鸠江区朱家桥港区", region_code: "340207", lng: 118.33, lat: 31.39, berth_count: 8, max_berth_tonnage: 10000, depth_mm: 9000, has_grain_facility: 1 },
  { name: "裕溪口码头", port_name: "芜湖港", waterway: "长江芜湖段", address: "安徽省芜湖市鸠江区裕溪口街道", region_code: "340207", lng: 118.37, lat: 31.37, berth_count: 5, max_berth_tonnage: 5000, depth_mm: 8000, has_grain_facility: 0 },
  { name: "郑蒲港码头", port_name: "马鞍山港", waterway: "长江马鞍山段", address: "安徽省马鞍山市和县郑蒲港新区", region_code: "340523", lng: 118.47, lat: 31.74, berth_count: 6, max_berth_tonnage: 5000, depth_mm: 8500, has_grain_facility: 0 },
  { name: "安庆港区码头", port_name: "安庆港", waterway: "长江安庆段", address: "安徽省安庆市迎江区沿江东路", region_code: "340802", lng: 117.07, lat: 30.51, berth_count: 5, max_berth_tonnage: 5000, depth_mm: 8000, has_grain_facility: 1 },
  { name: "派河港码头", port_name: "合肥港", waterway: "巢湖水系", address: "安徽省合肥市肥西县派河港路", region_code: "340123", lng: 117.12, lat: 31.72, berth_count: 4, max_berth_tonnage: 1000, depth_mm: 3500, has_grain_facility: 1 },
  { name: "龙潭港区码头", port_name: "南京港", waterway: "长江南京段", address: "江苏省南京市栖霞区龙潭街道港城路", region_code: "320113", lng: 119.03, lat: 32.17, berth_count: 10, max_berth_tonnage: 50000, depth_mm: 12500, has_grain_facility: 1 },
];

/** Submitted by the demo organisation: two awaiting audit and one rejected. */
const SUBMITTED_WHARVES = [
  { name: "涂山码头", port_name: "怀远港", waterway: "淮河", address: "安徽省蚌埠市怀远县涂山路淮河段", region_code: "340321", lng: 117.19, lat: 32.97, berth_count: 2, audit_status: "PENDING", audit_remark: null },
  { name: "五河新集码头", port_name: "五河港", waterway: "淮河", address: "安徽省蚌埠市五河县新集镇", region_code: "340322", lng: 117.88, lat: 33.14, berth_count: 2, audit_status: "PENDING", audit_remark: null },
  { name: "沫河口临时码头", port_name: "蚌埠港", waterway: "淮河", address: "安徽省蚌埠市淮上区沫河口", region_code: "340311", lng: 117.45, lat: 32.96, berth_count: 1, audit_status: "REJECTED", audit_remark: "临时作业点无港口经营许可，不能收录" },
] as const;

const NAV = ["UNDERWAY", "UNDERWAY", "MOORED", "ANCHORED"] as const;

/** A point `t` (0…1) of the way along a waterway. */
export function alongWaterway(points: Array<[number, number]>, t: number): [number, number] {
  const x = Math.min(Math.max(t, 0), 1) * (points.length - 1);
  const i = Math.min(Math.floor(x), points.length - 2);
  const k = x - i;
  const [a, b] = [points[i]!, points[i + 1]!];
  return [Number((a[0] + (b[0] - a[0]) * k).toFixed(5)), Number((a[1] + (b[1] - a[1]) * k).toFixed(5))];
}

export async function seedFindShip(db: Db, ids: SeedIds): Promise<void> {
  const k = db.kysely;
  const org = await k.selectFrom("users").select(["id", "org_id", "tenant_id", "platform_id", "name"]).where("id", "=", ids.userIds.ORG_USER).executeTakeFirstOrThrow();
  if (org.org_id == null || org.tenant_id == null) return;
  const at = new Date().toISOString();
  const engine = { created_at: at, created_by: ids.userIds.SYSTEM_USER, updated_by: ids.userIds.SYSTEM_USER, updated_at: at, deleted_at: null };
  await k.transaction().execute(async (trx) => {
    const wharfIds: number[] = [];
    for (const w of WHARVES) {
      const row = await trx
        .insertInto("wharves")
        .values({ ...engine, ...w, platform_id: "A", tenant_id: null, org_id: null, owner_user_id: null, contact_name: "港口调度", contact_mobile: "13955200000", source: "PLATFORM", audit_status: "APPROVED", audit_remark: null, enabled: "ENABLED" })
        .returning("id")
        .executeTakeFirstOrThrow();
      wharfIds.push(Number(row.id));
    }
    for (const w of SUBMITTED_WHARVES) {
      await trx
        .insertInto("wharves")
        .values({ ...engine, ...w, created_by: org.id, platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.org_id, owner_user_id: null, max_berth_tonnage: 1000, depth_mm: 3000, has_grain_facility: 0, contact_name: "李调度", contact_mobile: "13800000003", source: "USER", enabled: "ENABLED" })
        .execute();
    }
    await seedPositions(trx);
    await seedAvailabilities(trx, wharfIds, ids.userIds.SYSTEM_USER);
    await seedOrgWork(trx, org as { id: number; org_id: number; tenant_id: number; platform_id: string; name: string });
  });
}

type ShipSeed = { id: number; ship_name: string; mmsi: string; ship_type: string; load_capacity: number; org_id: number | null; tenant_id: number | null; platform_id: string; captain_id: number | null };

async function approvedShips(trx: AnyDb): Promise<ShipSeed[]> {
  return (await trx
    .selectFrom("freight_ships")
    .select(["id", "ship_name", "mmsi", "ship_type", "load_capacity", "org_id", "tenant_id", "platform_id", "captain_id"])
    .where("platform_id", "=", "A")
    .where("audit_status", "=", "APPROVED")
    .where("enabled", "=", "ENABLED")
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute()) as ShipSeed[];
}

/** Each approved ship: a 7-day track along its waterway (every 6 hours) ending at its latest position. */
async function seedPositions(trx: AnyDb): Promise<void> {
  const ships = await approvedShips(trx);
  const names = Object.keys(WATERWAYS);
  for (const [n, ship] of ships.entries()) {
    const way = WATERWAYS[names[n % names.length]!]!;
    const start = ((n * 37) % 100) / 100;
    const points = Array.from({ length: 28 }, (_, i) => {
      // Up and down the waterway: 0 → 1 → 0 …
      const u = (start + i * 0.02) % 2;
      const t = u > 1 ? 2 - u : u;
      const [lng, lat] = alongWaterway(way, t);
      const moored = i % 9 === 8;
      return { ship_id: ship.id, lat, lng, sog: moored ? 0 : 55 + ((n + i) % 30), cog: (n * 41 + i * 7) % 3600, nav_status: moored ? "MOORED" : "UNDERWAY", recorded_at: iso((27 - i) * 6 * HOUR + (n % 5) * 7 * 60_000), source: "AIS" };
    });
    await trx.insertInto("ship_track_points").values(points).execute();
    const last = points[points.length - 1]!;
    const nav = NAV[n % NAV.length]!;
    // Every fifth ship has gone quiet (its AIS last heard two days ago): shown stale.
    const recordedAt = n % 5 === 4 ? iso(48 * HOUR) : last.recorded_at;
    await trx
      .insertInto("ship_positions")
      .values({ id: ship.id, platform_id: ship.platform_id, lat: last.lat, lng: last.lng, sog: nav === "UNDERWAY" ? last.sog : 0, cog: last.cog, nav_status: nav, destination: n % 2 ? "WUHU" : "BENGBU", eta: new Date(Date.now() + (n % 4 + 1) * 12 * HOUR).toISOString(), recorded_at: recordedAt, source: "AIS" })
      .execute();
  }
}

/** Two in three approved ships publish an empty-ship notice; the notices came in as submissions and were approved. */
async function seedAvailabilities(trx: AnyDb, wharfIds: number[], auditorId: number): Promise<void> {
  const ships = (await approvedShips(trx)).filter((s) => s.org_id != null && s.tenant_id != null);
  const today = chinaDate();
  const wharves = await trx.selectFrom("wharves").select(["id", "name", "port_name"]).where("id", "in", wharfIds).orderBy("id").execute();
  const contacts = ["周船东", "陶长林", "江海涛", "葛家宝", "鲍永福", "方兴旺"];
  let serial = 0;
  for (const [n, ship] of ships.entries()) {
    if (n % 3 === 2) continue;
    const wharf = wharves[n % wharves.length]!;
    const from = addDays(today, (n % 5) - 1);
    const to = addDays(from, 5 + (n % 6));
    const load = Math.min(Number(ship.load_capacity), Math.round((Number(ship.load_capacity) * (70 + (n % 4) * 10)) / 100 / 1000) * 1000);
    const status = n === 4 ? "MATCHED" : n === 7 ? "EXPIRED" : "OPEN";
    const values = {
      empty_wharf_id: Number(wharf.id),
      empty_port: `${wharf.port_name}${wharf.name}`,
      empty_from: status === "EXPIRED" ? addDays(today, -12) : from,
      empty_to: status === "EXPIRED" ? addDays(today, -5) : to,
      to_ports: n % 2 ? "芜湖港,南京港" : "蚌埠港,淮南港",
      available_load: load,
      expected_price: 2500 + (n % 7) * 300,
      contact_name: contacts[n % contacts.length]!,
      contact_mobile: `1390055${String(1000 + n).slice(-4)}`,
    };
    const created = iso((n % 6) * 20 * HOUR + 2 * HOUR);
    const scoped = { platform_id: ship.platform_id, tenant_id: ship.tenant_id, org_id: ship.org_id, owner_user_id: null, created_at: created, created_by: auditorId, updated_by: auditorId, updated_at: created, deleted_at: null };
    const availability = await trx
      .insertInto("ship_availabilities")
      .values({ ...scoped, ship_id: ship.id, ship_name: ship.ship_name, mmsi: ship.mmsi, ship_type: ship.ship_type, deadweight: Number(ship.load_capacity), ...values, audit_status: "APPROVED", status, view_count: 12 + n * 3, call_count: n % 4 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("ship_info_submissions")
      .values({
        ...scoped,
        submission_no: `CB${created.slice(0, 10).replace(/-/g, "")}${String(900_000 + ++serial)}`,
        kind: "AVAILABILITY",
        ship_id: ship.id,
        submitter_name: values.contact_name,
        ...values,
        new_registry_port: null,
        new_nav_area: null,
        new_load_capacity: null,
        change_summary: `${values.empty_port} ${values.empty_from} 至 ${values.empty_to} 空船，可载 ${load / 1000} 吨`,
        audit_status: "APPROVED",
        audit_remark: null,
        availability_id: Number(availability.id),
        applied_at: created,
      })
      .execute();
  }
}

/** The demo organisation: submissions to audit, its 沟通记录, fines on its own ships with their log. */
async function seedOrgWork(trx: AnyDb, org: { id: number; org_id: number; tenant_id: number; platform_id: string; name: string }): Promise<void> {
  const ships = (await approvedShips(trx)).filter((s) => s.org_id === org.org_id);
  if (ships.length < 2) return;
  const today = chinaDate();
  const scoped = (hoursAgo: number) => ({ platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.org_id, owner_user_id: null, created_at: iso(hoursAgo * HOUR), created_by: org.id, updated_by: org.id, updated_at: iso(hoursAgo * HOUR), deleted_at: null });
  const none = { empty_wharf_id: null, empty_port: null, empty_from: null, empty_to: null, to_ports: null, available_load: null, expected_price: null, contact_name: null, contact_mobile: null, new_registry_port: null, new_nav_area: null, new_load_capacity: null };
  const [a, b] = [ships[0]!, ships[1]!];
  const submissions = [
    { ...scoped(3), kind: "AVAILABILITY", ship_id: a.id, ...none, empty_port: "蚌埠港蚌埠新港码头", empty_from: addDays(today, 2), empty_to: addDays(today, 9), to_ports: "芜湖港", available_load: Math.round(Number(a.load_capacity) * 0.9 / 1000) * 1000, expected_price: 3200, contact_name: "李调度", contact_mobile: "13800000003", change_summary: `蚌埠港蚌埠新港码头 ${addDays(today, 2)} 至 ${addDays(today, 9)} 空船，可载 ${Math.round(Number(a.load_capacity) * 0.9 / 1000)} 吨`, audit_status: "PENDING", audit_remark: null },
    { ...scoped(5), kind: "UPDATE_SHIP", ship_id: b.id, ...none, new_registry_port: "蚌埠", new_nav_area: "B", change_summary: "船籍港 → 蚌埠；航区 → B级", audit_status: "PENDING", audit_remark: null },
    { ...scoped(30), kind: "AVAILABILITY", ship_id: b.id, ...none, empty_port: "淮南港淮南新港码头", empty_from: addDays(today, -3), empty_to: addDays(today, 1), available_load: 1_000_000, contact_name: "李调度", contact_mobile: "13800000003", change_summary: `淮南港淮南新港码头 ${addDays(today, -3)} 至 ${addDays(today, 1)} 空船，可载 1000 吨`, audit_status: "REJECTED", audit_remark: "空船时间已开始，请按实际到港时间重新提交" },
  ];
  let serial = 0;
  for (const s of submissions) {
    await trx.insertInto("ship_info_submissions").values({ ...s, submission_no: `CB${s.created_at.slice(0, 10).replace(/-/g, "")}${String(950_000 + ++serial)}`, submitter_name: org.name, availability_id: null, applied_at: null }).execute();
  }

  const talks = [
    { ship: ships[0]!, contact: "周船东", mobile: "13900551000", channel: "PHONE", content: "询问下周蚌埠至芜湖小麦 1200 吨运输，船东报价 32 元/吨，待确认装货时间", result: "INTERESTED", next: 20, ago: 4 },
    { ship: ships[1]!, contact: "陶长林", mobile: "13900551001", channel: "WECHAT", content: "发送了芜湖港卸货要求与吃水限制，船东表示本月已有安排", result: "NO_NEED", next: null, ago: 26 },
    { ship: ships[0]!, contact: "周船东", mobile: "13900551000", channel: "PHONE", content: "电话未接通", result: "NO_ANSWER", next: 2, ago: 50 },
    { ship: ships[ships.length > 2 ? 2 : 1]!, contact: "江海涛", mobile: "13900551002", channel: "H5", content: "H5 找船页面提交联系意向：淮南至南京玉米 800 吨", result: "INTERESTED", next: 30, ago: 70 },
    { ship: ships[1]!, contact: "陶长林", mobile: "13900551001", channel: "VISIT", content: "蚌埠新港现场看船，确认舱容与苫盖条件，签订运输意向", result: "DEAL", next: null, ago: 120 },
  ];
  for (const t of talks) {
    await trx
      .insertInto("ship_communications")
      .values({ ...scoped(t.ago), owner_user_id: null, ship_id: t.ship.id, ship_name: t.ship.ship_name, mmsi: t.ship.mmsi, contact_name: t.contact, contact_mobile: t.mobile, channel: t.channel, availability_id: null, inquiry_id: null, content: t.content, result: t.result, next_follow_at: t.next == null ? null : new Date(Date.now() + t.next * HOUR).toISOString(), operator_name: t.channel === "H5" ? "H5 访客" : "李调度" })
      .execute();
  }

  const captains = new Map((await trx.selectFrom("freight_captains").select(["id", "name"]).where("org_id", "=", org.org_id).execute()).map((c) => [Number(c.id), c.name]));
  const fines = [
    { ship: a, reason: "DELAY", description: "芜湖港卸货延误 26 小时，影响下一航次装货", amount: 80_000, status: "PENDING", ago: 8, log: [["CREATE", "芜湖港卸货延误 26 小时"]] },
    { ship: b, reason: "CARGO_LOSS", description: "小麦到港亏吨 1.8 吨，超出合理损耗 0.3%", amount: 216_000, status: "CONFIRMED", ago: 60, log: [["CREATE", "亏吨 1.8 吨"], ["CONFIRM", null]] },
    { ship: a, reason: "SAFETY", description: "航行中未按规定开启 AIS 4 小时", amount: 50_000, status: "APPEALED", ago: 100, log: [["CREATE", "AIS 关闭 4 小时"], ["APPEAL", "船长称设备故障，已提供维修单"]] },
    { ship: b, reason: "OVERLOAD", description: "蚌埠新港装货超出核定载重 40 吨", amount: 300_000, status: "DEDUCTED", ago: 240, log: [["CREATE", "超载 40 吨"], ["CONFIRM", null], ["DEDUCT", "并入 11 月运费结算扣款"]] },
    { ship: a, reason: "OTHER", description: "舱盖未按要求苫盖", amount: 20_000, status: "WAIVED", ago: 300, log: [["CREATE", "舱盖未苫盖"], ["WAIVE", "首次违规，口头警告"]] },
  ];
  let fineSerial = 0;
  for (const fine of fines) {
    const base = scoped(fine.ago);
    const fineNo = `FK${base.created_at.slice(0, 10).replace(/-/g, "")}${String(900_000 + ++fineSerial)}`;
    const captainId = fine.ship.captain_id ?? null;
    await trx
      .insertInto("ship_fines")
      .values({ ...base, fine_no: fineNo, ship_id: fine.ship.id, captain_id: captainId, freight_no: null, reason_type: fine.reason, description: fine.description, amount: fine.amount, occurred_at: iso((fine.ago + 20) * HOUR), status: fine.status, handle_remark: fine.log.length > 1 ? fine.log[fine.log.length - 1]![1] : null })
      .execute();
    for (const [i, [action, remark]] of fine.log.entries()) {
      const step = scoped(fine.ago - i * 2);
      await trx.insertInto("ship_fine_logs").values({ ...step, fine_no: fineNo, ship_name: fine.ship.ship_name, captain_name: captainId == null ? null : (captains.get(Number(captainId)) ?? null), action: action!, amount: fine.amount, operator_name: "李调度", remark: remark ?? null }).execute();
    }
  }
}

/** Shared set-up of the freight integration tests: a platform, the demo accounts' tokens, fresh orders and waybills. */
import { expect } from "vitest";
import type { FreightDetail, FreightRecord, FreightStatus, FreightWay } from "../../contract/freight.js";
import type { PlatformConfig } from "../../platform/config.js";
import { sql } from "kysely";
import { exampleIdCard } from "../../contract/resources/driver.js";
import { LIVE_STATUSES } from "../../contract/freight-steps.js";
import { addDays, chinaDate } from "../../contract/units.js";
import { MANDATORY_CREDENTIALS, type SubjectType } from "../../contract/resources/credential.js";
import type { AuditState } from "../../contract/resources/vocabulary.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

export type Account = keyof typeof DEMO_ACCOUNTS;

export interface FreightTestPlatform {
  p: TestPlatform;
  tokens: Record<Account, string>;
  userIds: Record<Account, number>;
  /** The demo organisations in seed order: the ORG_USER's first. */
  orgIds: number[];
  close(): Promise<void>;
}

export async function startFreightPlatform(name: string, overrides: Partial<PlatformConfig> = {}): Promise<FreightTestPlatform> {
  const p = await startTestPlatform(name, overrides);
  const tokens = {} as Record<Account, string>;
  const userIds = {} as Record<Account, number>;
  for (const account of Object.keys(DEMO_ACCOUNTS) as Account[]) {
    tokens[account] = (await loginAs(p.baseUrl, DEMO_ACCOUNTS[account])).accessToken;
    const user = await p.db.kysely.selectFrom("users").select("id").where("mobile", "=", DEMO_ACCOUNTS[account]).executeTakeFirstOrThrow();
    userIds[account] = Number(user.id);
  }
  const orgs = await p.db.kysely.selectFrom("organisations").select("id").orderBy("id").execute();
  return { p, tokens, userIds, orgIds: orgs.map((o) => Number(o.id)), close: () => p.close() };
}

/** Calls the platform as a demo account. */
export function as<T = unknown>(f: FreightTestPlatform, account: Account, path: string, body?: unknown, method = "POST") {
  return call<T>(f.p.baseUrl, path, { token: f.tokens[account], body: method === "GET" ? undefined : (body ?? {}), method });
}

/** Expects a success envelope and returns its data. */
export async function okData<T>(promise: Promise<{ status: number; body: { code: number; data?: T; message?: string; errorMsg?: string } }>): Promise<T> {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

let orderSerial = 0;

/** A fresh order with plenty of weight left, so tests never compete for the seeded orders' remainder. */
export async function createOrder(f: FreightTestPlatform, options: { orgIndex?: number; way?: FreightWay; plannedWeight?: number } = {}): Promise<number> {
  const org = await f.p.db.kysely.selectFrom("organisations").selectAll().where("id", "=", f.orgIds[options.orgIndex ?? 0]!).executeTakeFirstOrThrow();
  const way = options.way ?? "ROAD";
  const row = await f.p.db.kysely
    .insertInto("freight_orders")
    .values({
      platform_id: org.platform_id,
      tenant_id: org.tenant_id,
      org_id: org.id,
      order_no: `DDTEST${process.pid}${String(++orderSerial).padStart(4, "0")}`,
      freight_way: way,
      status: "WAIT_DISPATCH",
      shipper_name: "测试托运人",
      cargo_category: "小麦",
      loading_place: way === "ROAD" ? "合肥北粮库" : "蚌埠港",
      loading_address: "测试装货地址",
      unloading_place: way === "ROAD" ? "芜湖港" : "南京港",
      unloading_address: "测试卸货地址",
      planned_weight: options.plannedWeight ?? 100_000_000,
      dispatched_weight: 0,
      unit_price: 8000,
      contract_no: `HTTEST${process.pid}${orderSerial}`,
      created_at: new Date(Date.now() - 3600_000).toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A seeded carrier of the organisation on no live waybill (one on a live waybill cannot be dispatched):
 * the INDIVIDUAL_USER's driver record when `individual`, else another driver (or a captain).
 */
export async function carrierOf(f: FreightTestPlatform, way: FreightWay, options: { orgIndex?: number; individual?: boolean } = {}) {
  const orgId = f.orgIds[options.orgIndex ?? 0]!;
  const db = f.p.db.kysely;
  const free = (column: "f.driver_id" | "f.vehicle_id" | "f.captain_id" | "f.ship_id", id: "d.id" | "v.id" | "c.id" | "s.id") =>
    sql<boolean>`not exists (select 1 from freights f where ${sql.ref(column)} = ${sql.ref(id)} and f.status in (${sql.join([...LIVE_STATUSES])}))`;
  if (way === "WATER") {
    const ship = await db
      .selectFrom("freight_ships as s")
      .innerJoin("freight_captains as c", "c.id", "s.captain_id")
      .select(["s.id", "s.captain_id"])
      .where("s.org_id", "=", orgId)
      .where(free("f.ship_id", "s.id"))
      .where(free("f.captain_id", "c.id"))
      .orderBy("s.id")
      .executeTakeFirstOrThrow();
    return { captainId: Number(ship.captain_id), shipId: Number(ship.id) };
  }
  let query = db
    .selectFrom("freight_vehicles as v")
    .innerJoin("freight_drivers as d", "d.id", "v.driver_id")
    .select(["v.id as vehicleId", "d.id as driverId"])
    .where("v.org_id", "=", orgId)
    .where(free("f.driver_id", "d.id"))
    .where(free("f.vehicle_id", "v.id"));
  query = options.individual ? query.where("d.user_id", "=", f.userIds.INDIVIDUAL_USER) : query.where("d.user_id", "is", null);
  const row = await query.orderBy("d.id").executeTakeFirstOrThrow();
  return { driverId: Number(row.driverId), vehicleId: Number(row.vehicleId) };
}

let carrierSerial = 0;

/**
 * The subject's mandatory credentials (五证齐全), approved and valid for `validTo` (300 days unless
 * told), or in `status`; written straight to the table as the seed does. Their image is a seeded demo
 * document of the platform.
 */
export async function grantCredentials(f: { p: TestPlatform }, type: SubjectType, subjectId: number, options: { status?: AuditState; validTo?: string; only?: string[] } = {}) {
  const mandatory = MANDATORY_CREDENTIALS[type] ?? [];
  if (mandatory.length === 0) return;
  const db = f.p.db.kysely;
  const image = await db.selectFrom("system_files").select("id").where("biz_type", "=", "SEED_DOCUMENT").orderBy("id").executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  // The credential belongs where its subject belongs (as the credential binding stamps it).
  const table = ({ DRIVER: "driver_profiles", VEHICLE: "freight_vehicles", CAPTAIN: "captain_profiles", SHIP: "freight_ships", ENTERPRISE: "enterprise_profiles" } as Record<string, string>)[type]!;
  const subject = (await db.selectFrom(table as "freight_vehicles").select(["tenant_id", "org_id"]).where("id", "=", subjectId).executeTakeFirstOrThrow()) as { tenant_id: number | null; org_id: number | null };
  for (const code of mandatory) {
    if (options.only && !options.only.includes(code)) continue;
    await db.updateTable("credentials").set({ deleted_at: at }).where("subject_type", "=", type).where("subject_id", "=", subjectId).where("cred_type", "=", code).where("deleted_at", "is", null).execute();
    await db
      .insertInto("credentials")
      .values({ platform_id: "A", tenant_id: subject.tenant_id, org_id: subject.org_id, subject_type: type, subject_id: subjectId, cred_type: code, cert_no: `${code}-${subjectId}`, holder_name: null, issuing_authority: null, valid_from: null, valid_to: options.validTo ?? addDays(chinaDate(), 300), long_term: 0, images: JSON.stringify([`/files/${Number(image.id)}`]), status: options.status ?? "APPROVED", reject_count: 0, reject_reason: null, created_at: at, updated_at: at })
      .execute();
  }
}

/** The organisation's scope columns, and a serial number of fresh carriers unique to this test process. */
async function freshScope(f: FreightTestPlatform, orgIndex = 0) {
  const org = await f.p.db.kysely.selectFrom("organisations").selectAll().where("id", "=", f.orgIds[orgIndex]!).executeTakeFirstOrThrow();
  return { org, scoped: { platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: org.id }, n: 20_000 + (process.pid % 1000) * 50 + ++carrierSerial, at: new Date().toISOString() };
}

/**
 * A fresh road carrier of the organisation that no waybill has taken yet (a carrier on a live waybill
 * cannot be dispatched again): an approved driver (the INDIVIDUAL_USER's login when `individual`) with
 * his own vehicle (49 t unless told).
 */
export async function freshCarrier(f: FreightTestPlatform, options: { orgIndex?: number; individual?: boolean; loadCapacity?: number } = {}) {
  const db = f.p.db.kysely;
  const { org, scoped, n, at } = await freshScope(f, options.orgIndex);
  const validTo = addDays(chinaDate(), 300);
  const individual = options.individual ? await db.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", f.userIds.INDIVIDUAL_USER).executeTakeFirstOrThrow() : null;
  const idCardNo = exampleIdCard(n);
  const name = individual?.name ?? `测试司机${n}`;
  const mobile = individual?.mobile ?? "13912345678";
  const profile = await db
    .insertInto("driver_profiles")
    .values({ ...scoped, owner_user_id: null, user_id: individual ? individual.id : null, registered_tenant_id: org.tenant_id, name, mobile, id_card_no: idCardNo, source: "ORG", driving_license_no: idCardNo, vehicle_class: "A2", license_valid_to: validTo, qualification_cert_no: idCardNo, qualification_valid_to: validTo, audit_status: "APPROVED", enabled: "ENABLED", created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const driver = await db
    .insertInto("freight_drivers")
    .values({ ...scoped, user_id: individual ? individual.id : null, name, mobile, license_no: idCardNo, created_at: at, profile_id: profile.id, id_card_no: idCardNo, profile_status: "APPROVED" })
    .returning("id")
    .executeTakeFirstOrThrow();
  // 皖T: a city letter the demo data never uses (platform/freight/demo-data.ts PLATE_CITIES), so no seeded plate collides.
  const plateNo = `皖T·${String(n % 100_000).padStart(5, "0")}`;
  const vehicle = await db
    .insertInto("freight_vehicles")
    .values({ ...scoped, plate_no: plateNo, vehicle_type: "重型半挂牵引车", load_capacity: options.loadCapacity ?? 49_000, driver_id: driver.id, license_valid_to: validTo, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  await grantCredentials(f, "DRIVER", Number(profile.id));
  await grantCredentials(f, "VEHICLE", Number(vehicle.id));
  return { driverId: Number(driver.id), vehicleId: Number(vehicle.id), profileId: Number(profile.id), name, plateNo };
}

/** A fresh captain of the organisation with his own ship, on no waybill yet. */
export async function freshWaterCarrier(f: FreightTestPlatform, options: { orgIndex?: number } = {}) {
  const db = f.p.db.kysely;
  const { scoped, n, at } = await freshScope(f, options.orgIndex);
  const name = `测试船长${n}`;
  const profile = await db
    .insertInto("captain_profiles")
    .values({ platform_id: scoped.platform_id, tenant_id: scoped.tenant_id, org_id: null, owner_user_id: null, user_id: null, name, mobile: "13912345678", id_card_no: exampleIdCard(n), gender: null, address: null, source: "ORG", crew_cert_no: `船员${n}`, crew_position: "CAPTAIN", nav_area: null, service_book_no: null, cert_valid_to: addDays(chinaDate(), 300), audit_status: "APPROVED", audit_remark: null, enabled: "ENABLED", remark: null, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const captain = await db.insertInto("freight_captains").values({ ...scoped, user_id: null, name, mobile: "13912345678", certificate_no: `船员${n}`, created_at: at, profile_id: profile.id }).returning("id").executeTakeFirstOrThrow();
  const shipName = `测试货${n}`;
  const ship = await db.insertInto("freight_ships").values({ ...scoped, ship_name: shipName, mmsi: `4130${n}`.slice(0, 9), load_capacity: 5_000_000, captain_id: captain.id, created_at: at }).returning("id").executeTakeFirstOrThrow();
  await grantCredentials(f, "CAPTAIN", Number(profile.id));
  await grantCredentials(f, "SHIP", Number(ship.id));
  return { captainId: Number(captain.id), shipId: Number(ship.id), name, shipName };
}

/** Dispatches fresh waybills (as ORG_USER on the first organisation unless told otherwise), each to a fresh carrier (a free seeded one when `seeded`), and returns their ids and numbers. */
export async function dispatchFresh(
  f: FreightTestPlatform,
  options: { way?: FreightWay; count?: number; plannedWeight?: number; individual?: boolean; orgIndex?: number; account?: Account; seeded?: boolean } = {},
): Promise<Array<{ id: number; freightNo: string }>> {
  const way = options.way ?? "ROAD";
  const orderId = await createOrder(f, { orgIndex: options.orgIndex, way });
  const plannedWeight = options.plannedWeight ?? (way === "ROAD" ? 40_000 : 1_500_000);
  const items = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    if (options.seeded) {
      // A seeded carrier that is free now (one item only: it is taken once dispatched).
      items.push({ ...(await carrierOf(f, way, { orgIndex: options.orgIndex, individual: options.individual })), plannedWeight });
    } else if (way === "WATER") {
      const { captainId, shipId } = await freshWaterCarrier(f, { orgIndex: options.orgIndex });
      items.push({ captainId, shipId, plannedWeight });
    } else {
      const { driverId, vehicleId } = await freshCarrier(f, { orgIndex: options.orgIndex, individual: options.individual });
      items.push({ driverId, vehicleId, plannedWeight });
    }
  }
  const data = await okData<{ freights: Array<{ id: number; freightNo: string }> }>(
    as(f, options.account ?? (options.orgIndex ? "TENANT_USER" : "ORG_USER"), "/tms-freight-dispatch/dispatch", { orderId, items }),
  );
  return data.freights;
}

export async function detailOf(f: FreightTestPlatform, freightNo: string, account: Account = "ORG_USER"): Promise<FreightDetail> {
  return okData<FreightDetail>(as(f, account, `/tms-freight/${freightNo}/detail`, undefined, "GET"));
}

const TICKET = "/files/weigh-tickets/test.jpg";

/** The legal step out of each status on the way to COMPLETED, with the account that takes it. */
const FORWARD: Partial<Record<FreightStatus, { account: Account; path: string; body: (id: number) => object }>> = {
  WAIT_LOADING: { account: "ORG_USER", path: "/tms-freight/loading", body: (id) => ({ id, loadedWeight: 40_000, weighTicketUrl: TICKET }) },
  IN_TRANSIT: { account: "ORG_USER", path: "/tms-freight/unLoading", body: (id) => ({ id, unloadedWeight: 39_950, weighTicketUrl: TICKET }) },
  UNLOADED: { account: "ORG_USER", path: "/tms-freight/sign", body: (id) => ({ id }) },
  SIGNED: { account: "ORG_USER", path: "/tms-freight/fleet-confirm", body: (id) => ({ id }) },
  CONFIRMED: { account: "ORG_USER", path: "/tms-freight/complete", body: (id) => ({ id }) },
};

const ORDER: FreightStatus[] = ["WAIT_LOADING", "IN_TRANSIT", "UNLOADED", "SIGNED", "CONFIRMED", "COMPLETED"];

/** Walks a waybill forward from its status to `target` (or cancels it for CANCELLED). */
export async function driveTo(f: FreightTestPlatform, id: number, target: FreightStatus): Promise<FreightRecord | null> {
  if (target === "CANCELLED") return okData<FreightRecord>(as(f, "ORG_USER", `/tms-freight/${id}/cancel`, { reason: "测试取消" }));
  const { status: from } = await f.p.db.kysely.selectFrom("freights").select("status").where("id", "=", id).executeTakeFirstOrThrow();
  let last: FreightRecord | null = null;
  for (const status of ORDER.slice(ORDER.indexOf(from), ORDER.indexOf(target))) {
    const step = FORWARD[status]!;
    last = await okData<FreightRecord>(as(f, step.account, step.path, step.body(id)));
  }
  return last;
}

/** Figures that change whenever any freight data changes; equal before and after means nothing changed. */
export async function fingerprint(f: FreightTestPlatform) {
  const db = f.p.db.kysely;
  const count = async (table: "freights" | "freight_events" | "freight_comments" | "freight_orders" | "notifications") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const latest = await db.selectFrom("freights").select((eb) => eb.fn.max("updated_at").as("t")).executeTakeFirstOrThrow();
  const devices = await db.selectFrom("gps_devices").select(["id", "vehicle_id"]).orderBy("id").execute();
  const orders = await db.selectFrom("freight_orders").select((eb) => eb.fn.sum<number>("dispatched_weight").as("w")).executeTakeFirstOrThrow();
  const replies = await db.selectFrom("freight_comments").select("reply_content").orderBy("id").execute();
  return {
    freights: await count("freights"),
    events: await count("freight_events"),
    comments: await count("freight_comments"),
    orders: await count("freight_orders"),
    notifications: await count("notifications"),
    latestUpdate: latest.t,
    dispatched: Number(orders.w),
    devices: JSON.stringify(devices.map((d) => [Number(d.id), d.vehicle_id == null ? null : Number(d.vehicle_id)])),
    replies: JSON.stringify(replies),
  };
}

/** One fresh waybill waiting to load. */
export async function dispatchOne(f: FreightTestPlatform, options: Parameters<typeof dispatchFresh>[1] = {}): Promise<{ id: number; freightNo: string }> {
  const [freight] = await dispatchFresh(f, { ...options, count: 1 });
  return freight!;
}

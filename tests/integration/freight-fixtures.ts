/** Shared set-up of the freight integration tests: a platform, the demo accounts' tokens, fresh orders and waybills. */
import { expect } from "vitest";
import type { FreightDetail, FreightRecord, FreightStatus, FreightWay } from "../../contract/freight.js";
import type { PlatformConfig } from "../../platform/config.js";
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

/** A carrier of the organisation: the INDIVIDUAL_USER's driver record when `individual`, else another driver (or a captain). */
export async function carrierOf(f: FreightTestPlatform, way: FreightWay, options: { orgIndex?: number; individual?: boolean } = {}) {
  const orgId = f.orgIds[options.orgIndex ?? 0]!;
  const db = f.p.db.kysely;
  if (way === "WATER") {
    const ship = await db.selectFrom("freight_ships").select(["id", "captain_id"]).where("org_id", "=", orgId).orderBy("id").executeTakeFirstOrThrow();
    return { captainId: Number(ship.captain_id), shipId: Number(ship.id) };
  }
  let query = db.selectFrom("freight_vehicles as v").innerJoin("freight_drivers as d", "d.id", "v.driver_id").select(["v.id as vehicleId", "d.id as driverId"]).where("v.org_id", "=", orgId);
  query = options.individual ? query.where("d.user_id", "=", f.userIds.INDIVIDUAL_USER) : query.where("d.user_id", "is", null);
  const row = await query.orderBy("d.id").executeTakeFirstOrThrow();
  return { driverId: Number(row.driverId), vehicleId: Number(row.vehicleId) };
}

/** Dispatches fresh waybills (as ORG_USER on the first organisation unless told otherwise) and returns their ids and numbers. */
export async function dispatchFresh(
  f: FreightTestPlatform,
  options: { way?: FreightWay; count?: number; plannedWeight?: number; individual?: boolean; orgIndex?: number; account?: Account } = {},
): Promise<Array<{ id: number; freightNo: string }>> {
  const way = options.way ?? "ROAD";
  const orderId = await createOrder(f, { orgIndex: options.orgIndex, way });
  const carrier = await carrierOf(f, way, { orgIndex: options.orgIndex, individual: options.individual });
  const plannedWeight = options.plannedWeight ?? (way === "ROAD" ? 40_000 : 1_500_000);
  const items = Array.from({ length: options.count ?? 1 }, () => ({ ...carrier, plannedWeight }));
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

/** Walks a fresh WAIT_LOADING waybill forward to `target` (or cancels it for CANCELLED). */
export async function driveTo(f: FreightTestPlatform, id: number, target: FreightStatus): Promise<FreightRecord | null> {
  if (target === "CANCELLED") return okData<FreightRecord>(as(f, "ORG_USER", `/tms-freight/${id}/cancel`, { reason: "测试取消" }));
  let last: FreightRecord | null = null;
  for (const status of ORDER.slice(0, ORDER.indexOf(target))) {
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

/**
 * Demo data of the freight service for every demo account: the ORG_USER's organisation has a few
 * hundred waybills in every status (road and water) over the last 30 days, some today; the
 * INDIVIDUAL_USER (13800000004) is one of its drivers, with a vehicle and waybills of his own, and the
 * demo captain (DEMO_CAPTAIN) one of its captains, with a ship and water waybills of his own; the other
 * organisations have their own, so scoping shows.
 */
import { settleBacklog } from "../ledger/settlements.js";
import { LIVE_STATUSES } from "../../contract/freight-steps.js";
import type { Insertable, Transaction } from "kysely";
import type { FreightWay } from "../../contract/freight.js";
import { nowIso, type Db } from "../db/index.js";
import type { Database } from "../db/schema.js";
import type { SeedIds } from "../db/seed.js";
import { orderContractTerms } from "./contracts.js";
import {
  cargo,
  idCardLike,
  loadWeight,
  mobileNo,
  personName,
  plateNo,
  Random,
  route,
  shipName,
  SHIPPERS,
  simulateWaybill,
  trackBetween,
  unitPrice,
  VEHICLE_TYPES,
  type Place,
  type SimulatedWaybill,
} from "./demo-data.js";
import { orderStatusFor } from "./rules.js";
import type { FreightsTable } from "./schema.js";
import type { NotificationsTable } from "../iam/notifications/schema.js";
import { joinTags } from "../iam/notifications/service.js";
import { chinaCompactDate, chinaDate, chinaDayStart } from "../../contract/units.js";
import { tonnesPlain, yuanWithUnit } from "../../contract/numbers.js";

type Trx = Transaction<Database>;

interface OrgPlan {
  drivers: number;
  captains: number;
  awaitingOrders: number;
  dispatchedOrders: number;
  waybills: number;
  waterShare: number;
  dispatcher: string;
}

/** In the order of SeedIds.orgIds: the ORG_USER's organisation first. */
const ORG_PLANS: OrgPlan[] = [
  { drivers: 24, captains: 6, awaitingOrders: 6, dispatchedOrders: 34, waybills: 320, waterShare: 0.22, dispatcher: "李调度" },
  { drivers: 8, captains: 8, awaitingOrders: 3, dispatchedOrders: 12, waybills: 90, waterShare: 0.5, dispatcher: "周调度" },
  { drivers: 12, captains: 2, awaitingOrders: 3, dispatchedOrders: 12, waybills: 80, waterShare: 0.1, dispatcher: "吴调度" },
];

const DAY = 24 * 3600_000;
const INDIVIDUAL_PLATE = "皖C·3K721";
/** Which of the first organisation's captains is the demo captain's roster row (not one of the two kept free for dispatch). */
const DEMO_CAPTAIN_INDEX = 2;

function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export interface Carrier {
  way: FreightWay;
  personId: number;
  conveyanceId: number;
  userId: number | null;
  name: string;
  mobile: string;
  conveyance: string;
}

export interface OrgContext {
  platformId: string;
  tenantId: number;
  orgId: number;
  orgName: string;
}

/** Drivers with a vehicle each (and a GPS device on most), captains with a ship each, and their contracts. */
async function seedCarriers(
  trx: Trx,
  r: Random,
  org: OrgContext,
  plan: OrgPlan,
  individual: { userId: number; name: string; mobile: string } | null,
  serial: { ship: number; device: number; plates: Set<string> },
  captainAccount: { userId: number; name: string; mobile: string } | null = null,
) {
  const scoped = { platform_id: org.platformId, tenant_id: org.tenantId, org_id: org.orgId };
  const at = nowIso();
  const carriers: Carrier[] = [];
  const plates = serial.plates;
  for (let i = 0; i < plan.drivers; i++) {
    const own = i === 0 && individual;
    const driver = await trx
      .insertInto("freight_drivers")
      .values({ ...scoped, user_id: own ? individual.userId : null, name: own ? individual.name : personName(r), mobile: own ? individual.mobile : mobileNo(r), license_no: idCardLike(r), created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    let plate = own ? INDIVIDUAL_PLATE : plateNo(r);
    while (plates.has(plate) || (plate === INDIVIDUAL_PLATE && !own)) plate = plateNo(r);
    plates.add(plate);
    const vehicle = await trx
      .insertInto("freight_vehicles")
      .values({ ...scoped, plate_no: plate, vehicle_type: r.pick(VEHICLE_TYPES), load_capacity: r.int(35, 49) * 1000, driver_id: driver.id, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (i < plan.drivers - 3) await insertDevice(trx, r, scoped, serial, vehicle.id);
    await trx
      .insertInto("freight_contracts")
      .values({
        ...scoped,
        contract_no: `HTSJ${String(driver.id).padStart(6, "0")}`,
        kind: "PERSON",
        order_id: null,
        driver_id: driver.id,
        captain_id: null,
        title: "司机承运框架协议",
        party_a: org.orgName,
        party_b: driver.name,
        terms: `承运人 ${driver.name}（${plate}）承接 ${org.orgName} 的公路粮食运输任务，按运单约定的运价结算，合理损耗 3‰。`,
        signed_at: at,
        valid_from: at,
        valid_to: new Date(Date.now() + 365 * DAY).toISOString(),
      })
      .execute();
    carriers.push({ way: "ROAD", personId: driver.id, conveyanceId: vehicle.id, userId: driver.user_id, name: driver.name, mobile: driver.mobile, conveyance: plate });
  }
  // A few spare devices in stock, not yet on a vehicle.
  for (let i = 0; i < 3; i++) await insertDevice(trx, r, scoped, serial, null);

  for (let i = 0; i < plan.captains; i++) {
    // The random name and number are drawn for the demo captain too, so the other carriers stay as they were.
    const [drawnName, drawnMobile] = [personName(r), mobileNo(r)];
    const own = i === DEMO_CAPTAIN_INDEX && captainAccount;
    const captain = await trx
      .insertInto("freight_captains")
      .values({ ...scoped, user_id: own ? captainAccount.userId : null, name: own ? captainAccount.name : drawnName, mobile: own ? captainAccount.mobile : drawnMobile, certificate_no: `船员${String(r.int(10_000_000, 99_999_999))}`, created_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    const name = shipName(r, serial.ship++);
    const ship = await trx
      .insertInto("freight_ships")
      .values({ ...scoped, ship_name: name, mmsi: `41304${String(r.int(1000, 9999))}`, load_capacity: r.int(30, 50) * 100_000, captain_id: captain.id, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("freight_contracts")
      .values({
        ...scoped,
        contract_no: `HTCZ${String(captain.id).padStart(6, "0")}`,
        kind: "PERSON",
        order_id: null,
        driver_id: null,
        captain_id: captain.id,
        title: "船舶承运框架协议",
        party_a: org.orgName,
        party_b: captain.name,
        terms: `船长 ${captain.name}（${name}）承接 ${org.orgName} 的水路粮食运输任务，按运单约定的运价结算，合理损耗 3‰。`,
        signed_at: at,
        valid_from: at,
        valid_to: new Date(Date.now() + 365 * DAY).toISOString(),
      })
      .execute();
    carriers.push({ way: "WATER", personId: captain.id, conveyanceId: ship.id, userId: captain.user_id, name: captain.name, mobile: captain.mobile, conveyance: name });
  }
  return carriers;
}

async function insertDevice(trx: Trx, r: Random, scoped: { platform_id: string; tenant_id: number; org_id: number }, serial: { device: number }, vehicleId: number | null) {
  const at = nowIso();
  await trx
    .insertInto("gps_devices")
    .values({
      ...scoped,
      device_no: `BD${String(860_000 + serial.device++)}`,
      model: r.pick(["JT808-A1", "JT808-G4", "BD-T30"]),
      sim_no: `1440${String(r.int(10_000_000, 99_999_999))}`,
      online: r.chance(0.8) ? 1 : 0,
      vehicle_id: vehicleId,
      bound_at: vehicleId === null ? null : at,
      created_at: at,
    })
    .execute();
}

export interface OrderDraft {
  way: FreightWay;
  orderNo: string;
  shipper: string;
  cargo: string;
  from: Place;
  to: Place;
  unitPrice: number;
  createdAt: number;
  dispatched: number;
  extra: number;
  id?: number;
}

/** A new order of `way` with a random route, shipper, cargo and unit price (the demo seed's and the bulk generator's). */
export function orderDraft(r: Random, way: FreightWay, createdAt: number, orderNo: string): OrderDraft {
  const [from, to] = route(r, way);
  return { way, orderNo, shipper: r.pick(SHIPPERS), cargo: cargo(r), from, to, unitPrice: unitPrice(r, way), createdAt, dispatched: 0, extra: 0 };
}

export interface WaybillDraft {
  order: OrderDraft;
  carrier: Carrier;
  freightNo: string;
  createdAt: number;
  planned: number;
  life: SimulatedWaybill;
}

export async function seedFreight(db: Db, ids: SeedIds): Promise<void> {
  const r = new Random(20_260_115);
  const now = Date.now();
  const todayStart = Date.parse(chinaDayStart(chinaDate(now)));
  const serial = { ship: 0, device: 0, order: 0, plates: new Set<string>() };
  const freightNos = new Set<string>();

  await db.kysely.transaction().execute(async (trx) => {
    const orgs = await trx.selectFrom("organisations").select(["id", "name", "platform_id", "tenant_id"]).where("id", "in", ids.orgIds).execute();
    const users = await trx.selectFrom("users").select(["id", "name", "mobile", "type"]).where("id", "in", Object.values(ids.userIds)).execute();
    const userOf = (type: string) => users.find((u) => u.type === type)!;
    const individual = userOf("INDIVIDUAL_USER");
    const captainUser = await trx.selectFrom("users").select(["id", "name", "mobile"]).where("id", "=", ids.captainUserId).executeTakeFirstOrThrow();

    for (const [index, orgId] of ids.orgIds.entries()) {
      const plan = ORG_PLANS[index % ORG_PLANS.length]!;
      const orgRow = orgs.find((o) => Number(o.id) === orgId)!;
      const org: OrgContext = { platformId: orgRow.platform_id, tenantId: Number(orgRow.tenant_id), orgId, orgName: orgRow.name };
      const own = index === 0 ? { userId: Number(individual.id), name: individual.name, mobile: individual.mobile } : null;
      const ownCaptain = index === 0 ? { userId: Number(captainUser.id), name: captainUser.name, mobile: captainUser.mobile } : null;
      const carriers = await seedCarriers(trx, r, org, plan, own, serial, ownCaptain);
      const dispatcher = index === 0 ? { userId: Number(userOf("ORG_USER").id), name: userOf("ORG_USER").name } : { userId: null, name: plan.dispatcher };
      const reviewer = { userId: Number(userOf("TENANT_USER").id), name: userOf("TENANT_USER").name };

      // Orders: dispatched ones over the last month, a few recent ones still awaiting dispatch.
      const newOrder = (way: FreightWay, createdAt: number) => orderDraft(r, way, createdAt, `DD${chinaCompactDate(createdAt)}${String(++serial.order).padStart(4, "0")}`);
      const orders: OrderDraft[] = [];
      for (let i = 0; i < plan.dispatchedOrders; i++) orders.push(newOrder(i < Math.max(1, Math.round(plan.dispatchedOrders * plan.waterShare)) ? "WATER" : "ROAD", now - r.between(1, 32) * DAY));
      const awaiting: OrderDraft[] = [];
      for (let i = 0; i < plan.awaitingOrders; i++) {
        const order = newOrder(i === 0 && plan.waterShare > 0 ? "WATER" : "ROAD", now - r.between(0.1, 3) * DAY);
        order.extra = loadWeight(r, order.way) * r.int(2, 6);
        awaiting.push(order);
      }

      const drafts: WaybillDraft[] = [];
      // A carrier on a live waybill cannot take another (docs/design/operational-rules.md): each live
      // waybill gets a carrier of its own, never the first two and the last road carriers nor the first
      // two water ones, which stay free for dispatch (张师傅 and the carriers the demo and tests dispatch;
      // two captains with their ships, so a dispatch that is retried still finds one); a waybill that
      // finds no carrier left runs to its end instead.
      const road = carriers.filter((c) => c.way === "ROAD");
      const water = carriers.filter((c) => c.way === "WATER");
      // The demo captain takes no random live waybill: his current one is written below.
      const demoCaptain = water.find((c) => c.userId !== null) ?? null;
      const reserved = new Set([road[0], road[1], road[road.length - 1], ...water.slice(0, 2), ...(demoCaptain ? [demoCaptain] : [])]);
      const busy = new Set<Carrier>();
      for (let i = 0; i < plan.waybills; i++) {
        const way: FreightWay = r.chance(plan.waterShare) && carriers.some((c) => c.way === "WATER") ? "WATER" : "ROAD";
        let createdAt = i % 25 === 0 ? r.between(todayStart, now - 60_000) : now - r.between(0, 30) * DAY;
        const candidates = orders.filter((o) => o.way === way && o.createdAt < createdAt - 3600_000);
        const order = candidates.length ? r.pick(candidates) : orders.filter((o) => o.way === way).sort((a, b) => a.createdAt - b.createdAt)[0]!;
        // No order of this way existed yet at that time: spread it over the time since the earliest one.
        if (!candidates.length) createdAt = Math.min(now - 60_000, order.createdAt + r.between(3600_000, Math.max(3600_000, now - order.createdAt)));
        // One road waybill in ten of the first organisation goes to the INDIVIDUAL_USER's driver.
        const pool = carriers.filter((c) => c.way === way);
        const carrier = own && way === "ROAD" && r.chance(0.1) ? carriers[0]! : r.pick(pool);
        const planned = loadWeight(r, way);
        let freightNo: string;
        do freightNo = `YD${chinaCompactDate(createdAt)}${String(r.int(0, 89_999_999)).padStart(8, "0")}`;
        while (freightNos.has(freightNo));
        freightNos.add(freightNo);
        const simulate = (ending?: "FINISHED" | "CANCELLED") => simulateWaybill(r, { way, createdAt, plannedWeight: planned, unitPrice: order.unitPrice, now, ending });
        let life = simulate();
        let taker = carrier;
        const free = pool.filter((c) => !reserved.has(c) && !busy.has(c));
        // No carrier left for another live waybill: this one ran to its end (or was cancelled, when too recent to end).
        if (LIVE_STATUSES.includes(life.status) && !free.length) life = simulate("FINISHED");
        if (LIVE_STATUSES.includes(life.status) && !free.length) life = simulate("CANCELLED");
        if (LIVE_STATUSES.includes(life.status)) {
          if (!free.length) continue;
          taker = free.includes(carrier) ? carrier : r.pick(free);
          busy.add(taker);
        }
        if (life.status !== "CANCELLED") order.dispatched += planned;
        drafts.push({ order, carrier: taker, freightNo, createdAt, planned, life });
      }
      if (demoCaptain) drafts.push(...demoCaptainDrafts(demoCaptain, orders, now, freightNos));
      // Some orders still have weight to dispatch; an order with nothing dispatched always has.
      for (const order of orders) if (r.chance(0.35) || order.dispatched === 0) order.extra = loadWeight(r, order.way) * r.int(1, 4);

      for (const order of [...orders, ...awaiting]) {
        const planned = order.dispatched + order.extra;
        const created = new Date(order.createdAt).toISOString();
        const row = await trx
          .insertInto("freight_orders")
          .values({
            platform_id: org.platformId,
            tenant_id: org.tenantId,
            org_id: org.orgId,
            order_no: order.orderNo,
            freight_way: order.way,
            status: orderStatusFor(planned, order.dispatched),
            shipper_name: order.shipper,
            cargo_category: order.cargo,
            loading_place: order.from.name,
            loading_address: order.from.address,
            unloading_place: order.to.name,
            unloading_address: order.to.address,
            planned_weight: planned,
            dispatched_weight: order.dispatched,
            unit_price: order.unitPrice,
            contract_no: `HT${order.orderNo}`,
            created_at: created,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        order.id = Number(row.id);
        await trx
          .insertInto("freight_contracts")
          .values({
            platform_id: org.platformId,
            tenant_id: org.tenantId,
            org_id: org.orgId,
            contract_no: `HT${order.orderNo}`,
            kind: "ORDER",
            order_id: order.id,
            driver_id: null,
            captain_id: null,
            title: order.way === "ROAD" ? "公路运输服务合同" : "水路运输服务合同",
            party_a: order.shipper,
            party_b: org.orgName,
            terms: orderContractTerms({ orderNo: order.orderNo, cargo: order.cargo, plannedKg: planned, unitPriceFen: order.unitPrice, from: order.from.name, to: order.to.name }),
            signed_at: created,
            valid_from: created,
            valid_to: new Date(order.createdAt + 90 * DAY).toISOString(),
          })
          .execute();
      }

      const rows = drafts.map((d) => waybillRow(org, d, dispatcher.userId, dispatcher.name, now));
      for (const chunk of chunks(rows, 150)) await trx.insertInto("freights").values(chunk).execute();
      const idRows = await trx.selectFrom("freights").select(["id", "freight_no"]).where("org_id", "=", orgId).execute();
      const idOf = new Map(idRows.map((row) => [row.freight_no, Number(row.id)]));

      const events = drafts.flatMap((d) =>
        d.life.steps.map((s) => {
          const operator =
            s.action === "LOADING" || s.action === "UNLOADING" ? { userId: d.carrier.userId, name: d.carrier.name } : s.action === "REVIEW" ? reviewer : dispatcher;
          return {
            freight_id: idOf.get(d.freightNo)!,
            action: s.action,
            from_status: s.from,
            to_status: s.to,
            operator_user_id: operator.userId,
            operator_name: operator.name,
            remark: s.remark ?? (s.action === "DISPATCH" ? `计划重量 ${tonnesPlain(d.planned)} 吨` : null),
            created_at: s.at,
          };
        }),
      );
      for (const chunk of chunks(events, 300)) await trx.insertInto("freight_events").values(chunk).execute();

      if (index === 0) {
        const points = drafts
          .filter((d) => d.life.loadingTime)
          .flatMap((d) =>
            trackBetween(r, d.order.from, d.order.to, Date.parse(d.life.loadingTime!), d.life.unloadingTime ? Date.parse(d.life.unloadingTime) : now, 40).map((p) => ({
              freight_id: idOf.get(d.freightNo)!,
              lat: p.lat,
              lng: p.lng,
              speed: p.speed,
              recorded_at: p.at,
            })),
          );
        for (const chunk of chunks(points, 500)) await trx.insertInto("freight_track_points").values(chunk).execute();
        await keepOneTruckWithoutDevice(trx, drafts);
      }

      if (own) await seedComments(trx, r, drafts, idOf, own, { userId: Number(userOf("SYSTEM_USER").id), name: userOf("SYSTEM_USER").name });
      if (demoCaptain) await captainMessages(trx, drafts.filter((d) => d.carrier === demoCaptain), idOf, demoCaptain.userId!);
    }
    // Completed waybills are payable: their settlements, as the 完成 step writes them.
    await settleBacklog(trx);
  });
}

/**
 * The demo captain's own water waybills, whatever the random ones gave him: two completed ones (paid
 * and payable money in his wallet) and a current one dispatched 40 minutes ago, waiting for him to load.
 * Drawn from a random stream of their own, so the rest of the demo data stays as it was.
 */
function demoCaptainDrafts(captain: Carrier, orders: OrderDraft[], now: number, freightNos: Set<string>): WaybillDraft[] {
  const r = new Random(20_261_129);
  return [16, 9, 40 / 60 / 24].map((daysAgo, i) => {
    const createdAt = now - daysAgo * DAY;
    const order = orders.filter((o) => o.way === "WATER" && o.createdAt < createdAt - 3600_000).sort((a, b) => a.createdAt - b.createdAt)[0] ?? orders.find((o) => o.way === "WATER")!;
    const planned = loadWeight(r, "WATER");
    let freightNo: string;
    do freightNo = `YD${chinaCompactDate(createdAt)}${String(90_000_000 + i * 1_000 + r.int(0, 999))}`;
    while (freightNos.has(freightNo));
    freightNos.add(freightNo);
    // FINISHED runs as far as time allows: the current one is too fresh to have been loaded.
    const life = simulateWaybill(r, { way: "WATER", createdAt, plannedWeight: planned, unitPrice: order.unitPrice, now, ending: "FINISHED" });
    order.dispatched += planned;
    return { order, carrier: captain, freightNo, createdAt, planned, life };
  });
}

/** The messages the demo captain was sent about his own waybills (派单, 完成), the newest unread. */
async function captainMessages(trx: Trx, mine: WaybillDraft[], idOf: Map<string, number>, userId: number): Promise<void> {
  const rows = mine.flatMap((d): Array<Insertable<NotificationsTable>> => {
    const route = `${d.order.from.name} → ${d.order.to.name}`;
    const dispatched: Insertable<NotificationsTable> = {
      user_id: userId,
      created_time: d.life.steps[0]!.at,
      content: `新运单 ${d.freightNo}：${route}，${d.order.cargo} ${tonnesPlain(d.planned)} 吨，请按时到装货港装货。`,
      status: d.life.status === "WAIT_LOADING" ? "PENDING" : "READ",
      target_type: "FREIGHT",
      target_id: String(idOf.get(d.freightNo)!),
      tags: joinTags("freight"),
      freight_no: d.freightNo,
      freight_way: "WATER",
    };
    if (!d.life.completeTime) return [dispatched];
    return [dispatched, { ...dispatched, created_time: d.life.completeTime, content: `运单 ${d.freightNo} 已完成，运费 ${yuanWithUnit(d.life.freightAmount)} 等待企业支付，到账后可在钱包提现。`, target_type: "MYWALLET", tags: joinTags("wallet") }];
  });
  if (rows.length) await trx.insertInto("notifications").values(rows).execute();
}

/**
 * 查看监控 shows a truck on the road without a GPS device (and offers to bind one), so the demo
 * organisation keeps one. Which carriers are on the road depends on the hour the seed runs (after
 * midnight China time today's waybills are minutes old), so when every in-transit truck has a device,
 * the newest one's goes back to stock; the older ones keep theirs and their tracks.
 */
async function keepOneTruckWithoutDevice(trx: Trx, drafts: WaybillDraft[]): Promise<void> {
  const onRoad = drafts.filter((d) => d.carrier.way === "ROAD" && d.life.status === "IN_TRANSIT").sort((a, b) => b.createdAt - a.createdAt);
  if (onRoad.length < 2) return;
  const vehicleIds = onRoad.map((d) => d.carrier.conveyanceId);
  const equipped = await trx.selectFrom("gps_devices").select("vehicle_id").where("vehicle_id", "in", vehicleIds).execute();
  if (equipped.length < vehicleIds.length) return;
  await trx.updateTable("gps_devices").set({ vehicle_id: null, bound_at: null }).where("vehicle_id", "=", vehicleIds[0]!).execute();
}

/** The freights row of a simulated waybill. */
export function waybillRow(org: OrgContext, d: WaybillDraft, dispatcherId: number | null, dispatcherName: string, now: number): Insertable<FreightsTable> {
  const { life, carrier, order } = d;
  const road = carrier.way === "ROAD";
  const lastStep = life.steps[life.steps.length - 1]!;
  return {
    platform_id: org.platformId,
    tenant_id: org.tenantId,
    org_id: org.orgId,
    freight_no: d.freightNo,
    freight_way: carrier.way,
    status: life.status,
    order_id: order.id!,
    order_no: order.orderNo,
    shipper_name: order.shipper,
    cargo_category: order.cargo,
    driver_id: road ? carrier.personId : null,
    vehicle_id: road ? carrier.conveyanceId : null,
    captain_id: road ? null : carrier.personId,
    ship_id: road ? null : carrier.conveyanceId,
    carrier_user_id: carrier.userId,
    carrier_name: carrier.name,
    carrier_mobile: carrier.mobile,
    conveyance_name: carrier.conveyance,
    loading_place: order.from.name,
    loading_address: order.from.address,
    unloading_place: order.to.name,
    unloading_address: order.to.address,
    planned_weight: d.planned,
    loaded_weight: life.loadedWeight,
    pickup_weight: life.pickupWeight,
    unloaded_weight: life.unloadedWeight,
    unit_price: order.unitPrice,
    freight_amount: life.freightAmount,
    loading_ticket_url: life.loadingTime ? `/files/weigh-tickets/${d.freightNo}-load.jpg` : null,
    unloading_ticket_url: life.unloadingTime ? `/files/weigh-tickets/${d.freightNo}-unload.jpg` : null,
    abnormal: life.abnormalReason ? 1 : 0,
    abnormal_reason: life.abnormalReason,
    contract_no: `HT${d.freightNo.slice(2)}`,
    dispatcher_user_id: dispatcherId,
    dispatcher_name: dispatcherName,
    created_at: new Date(d.createdAt).toISOString(),
    loading_time: life.loadingTime,
    unloading_time: life.unloadingTime,
    sign_time: life.signTime,
    confirm_time: life.confirmTime,
    complete_time: life.completeTime,
    cancel_time: life.cancelTime,
    cancel_reason: life.cancelReason,
    updated_at: lastStep.at > new Date(now).toISOString() ? new Date(now).toISOString() : lastStep.at,
  };
}

const COMMENTS: Array<[number, string]> = [
  [5, "装卸货都很顺利，库点排队时间短，运费结算及时。"],
  [4, "卸货等了两个多小时，希望库点能提前安排。"],
  [5, "调度安排合理，路线清楚。"],
  [3, "磅单上传后审核有点慢，希望加快。"],
  [4, "整体不错，港区进出手续简单。"],
  [2, "装货地址和实际库点不一致，多跑了十几公里。"],
];

const REPLIES = ["感谢您的反馈，我们已督促库点改进排队安排。", "已转交调度核实装货地址，给您带来不便深表歉意。", "感谢认可，祝您一路平安！"];

/** The INDIVIDUAL_USER's comments on some of his unloaded waybills; the platform answered half of them. */
async function seedComments(trx: Trx, r: Random, drafts: WaybillDraft[], idOf: Map<string, number>, driver: { userId: number; name: string }, platform: { userId: number; name: string }) {
  const mine = drafts.filter((d) => d.carrier.userId === driver.userId && d.life.unloadingTime && d.life.status !== "CANCELLED").slice(0, COMMENTS.length);
  for (const [i, d] of mine.entries()) {
    const created = Date.parse(d.life.unloadingTime!) + 3600_000;
    const replied = i % 2 === 0;
    await trx
      .insertInto("freight_comments")
      .values({
        freight_id: idOf.get(d.freightNo)!,
        author_user_id: driver.userId,
        author_name: driver.name,
        score: COMMENTS[i]![0],
        content: COMMENTS[i]![1],
        reply_content: replied ? r.pick(REPLIES) : null,
        reply_user_id: replied ? platform.userId : null,
        reply_name: replied ? platform.name : null,
        replied_at: replied ? new Date(Math.min(Date.now(), created + 5 * 3600_000)).toISOString() : null,
        created_at: new Date(Math.min(Date.now(), created)).toISOString(),
      })
      .execute();
  }
}

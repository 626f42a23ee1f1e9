/**
 * Realistic demo material shared by the demo seed (seed.ts) and the bulk generator (demo/bulk.ts):
 * a seeded random source, Anhui/Jiangsu grain places, names, plates and ships, and the simulated
 * life of a waybill up to "now".
 */
import { CARGO_CATEGORIES, FREIGHT_LIMITS, type FreightAction, type FreightStatus, type FreightWay } from "../../contract/freight.js";
import { freightAmount, lossAbnormality, settledWeight } from "./rules.js";
import { tonnesPlain } from "../../contract/numbers.js";

/** A small, fast, seedable PRNG (mulberry32), so demo data is the same on every run. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

export interface Place {
  name: string;
  address: string;
  lat: number;
  lng: number;
  /** A port: water waybills run between ports. */
  port: boolean;
}

export const PLACES: readonly Place[] = [
  { name: "蚌埠港", address: "安徽省蚌埠市蚌山区淮河路港区3号泊位", lat: 32.9396, lng: 117.3889, port: true },
  { name: "芜湖港", address: "安徽省芜湖市镜湖区朱家桥外贸码头", lat: 31.3526, lng: 118.3528, port: true },
  { name: "南京港", address: "江苏省南京市鼓楼区龙江港区粮食码头", lat: 32.0822, lng: 118.7296, port: true },
  { name: "马鞍山港", address: "安徽省马鞍山市雨山区郑蒲港区", lat: 31.6996, lng: 118.4942, port: true },
  { name: "安庆港", address: "安徽省安庆市迎江区长风港区", lat: 30.5186, lng: 117.0614, port: true },
  { name: "淮南港", address: "安徽省淮南市田家庵区淮河码头", lat: 32.6536, lng: 117.0007, port: true },
  { name: "镇江港", address: "江苏省镇江市京口区大港港区", lat: 32.2123, lng: 119.6973, port: true },
  { name: "合肥北粮库", address: "安徽省合肥市庐阳区北城粮食储备库", lat: 31.9512, lng: 117.2713, port: false },
  { name: "阜阳中心粮库", address: "安徽省阜阳市颍州区中心粮库", lat: 32.8903, lng: 115.8142, port: false },
  { name: "宿州粮库", address: "安徽省宿州市埇桥区汴河路粮库", lat: 33.6461, lng: 116.9641, port: false },
  { name: "亳州粮库", address: "安徽省亳州市谯城区魏武大道粮库", lat: 33.8446, lng: 115.7786, port: false },
  { name: "六安粮库", address: "安徽省六安市金安区皋城路粮库", lat: 31.7348, lng: 116.5078, port: false },
  { name: "滁州粮库", address: "安徽省滁州市南谯区粮食物流园", lat: 32.3016, lng: 118.3162, port: false },
  { name: "怀远粮站", address: "安徽省蚌埠市怀远县城关镇粮站", lat: 32.9701, lng: 117.2054, port: false },
  { name: "凤阳粮库", address: "安徽省滁州市凤阳县府城镇粮库", lat: 32.8652, lng: 117.5626, port: false },
];

export const PORTS = PLACES.filter((p) => p.port);

export const SHIPPERS = [
  "中储粮蚌埠直属库有限公司",
  "安徽省粮食集团有限责任公司",
  "益海嘉里（蚌埠）粮油工业有限公司",
  "中粮米业（巢湖）有限公司",
  "五得利面粉集团阜阳有限公司",
  "安徽丰原生物化学股份有限公司",
  "江苏农垦米业集团有限公司",
  "中储粮芜湖直属库有限公司",
] as const;

const SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方邹熊孟秦白江阎薛尹段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤";
const GIVEN = ["建国", "卫东", "志强", "海涛", "德华", "永红", "小军", "国庆", "立新", "春生", "宏伟", "长江", "明亮", "家宝", "金山", "保国", "文杰", "俊峰", "大勇", "子龙", "胜利", "学军", "红兵", "振华", "庆丰", "玉林", "永福", "兴旺"];

export function personName(r: Random): string {
  return r.pick([...SURNAMES]) + r.pick(GIVEN);
}

/** An 11-digit mobile that MOBILE_PATTERN accepts. */
export function mobileNo(r: Random): string {
  return r.pick(["139", "138", "137", "135", "150", "151", "152", "158", "159", "186", "187", "188", "177", "181", "199"]) + String(r.int(0, 99_999_999)).padStart(8, "0");
}

/** Anhui plate letters by city. */
const PLATE_CITIES = "ABCDEFGHJKLMNPRS";
const PLATE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ";

/** A plate like 皖A·3K721. */
export function plateNo(r: Random): string {
  const chars = Array.from({ length: 5 }, () => String(r.int(0, 9)));
  const letterAt = r.int(0, 4);
  if (r.chance(0.7)) chars[letterAt] = r.pick([...PLATE_LETTERS]);
  return `皖${r.pick([...PLATE_CITIES])}·${chars.join("")}`;
}

const SHIP_PORTS = ["皖蚌埠货", "皖芜湖货", "皖合肥货", "皖马鞍山货", "皖淮南货", "皖安庆货", "苏南京货"];

/** A ship name like 皖蚌埠货1234; `serial` keeps names unique. */
export function shipName(r: Random, serial: number): string {
  return `${r.pick(SHIP_PORTS)}${String(1000 + serial)}`;
}

export const VEHICLE_TYPES = ["重型半挂牵引车", "重型仓栅式货车", "重型厢式货车", "重型自卸货车"] as const;

export function idCardLike(r: Random): string {
  const region = r.pick(["340302", "340104", "341202", "341302", "341122", "340202"]);
  const birth = `${r.int(1968, 1995)}${String(r.int(1, 12)).padStart(2, "0")}${String(r.int(1, 28)).padStart(2, "0")}`;
  return `${region}${birth}${String(r.int(0, 999)).padStart(3, "0")}${r.pick(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X"])}`;
}

export function cargo(r: Random): string {
  return r.pick(CARGO_CATEGORIES.slice(0, 4));
}

/** A route: any two distinct places by road, two distinct ports by water. */
export function route(r: Random, way: FreightWay): [Place, Place] {
  const pool = way === "WATER" ? PORTS : PLACES;
  const from = r.pick(pool);
  let to = r.pick(pool);
  while (to === from) to = r.pick(pool);
  return [from, to];
}

/** Fen per tonne, to the nearest yuan: 45–120 元/吨 by road, 25–60 元/吨 by water. */
export function unitPrice(r: Random, way: FreightWay): number {
  return way === "ROAD" ? r.int(45, 120) * 100 : r.int(25, 60) * 100;
}

/** Planned kilograms of one load: 30–49 t per truck, 800–3,000 t per barge. */
export function loadWeight(r: Random, way: FreightWay): number {
  return way === "ROAD" ? r.int(300, 490) * 100 : r.int(80, 300) * 10_000;
}

export interface SimulatedStep {
  action: FreightAction;
  from: FreightStatus | null;
  to: FreightStatus;
  at: string;
  remark: string | null;
}

/** A waybill as it stands "now": the status it reached, its weights, the time of each step. */
export interface SimulatedWaybill {
  status: FreightStatus;
  loadedWeight: number | null;
  pickupWeight: number | null;
  unloadedWeight: number | null;
  freightAmount: number;
  abnormalReason: string | null;
  loadingTime: string | null;
  unloadingTime: string | null;
  signTime: string | null;
  confirmTime: string | null;
  completeTime: string | null;
  cancelTime: string | null;
  cancelReason: string | null;
  steps: SimulatedStep[];
}

const HOUR = 3600_000;
const CANCEL_REASONS = ["货主临时调整计划", "车辆故障无法按时装货", "司机个人原因取消", "装货库点暂停出库", "天气原因停航"];

/**
 * Plays a waybill's life from its creation until `now`: most run to completion, some stop earlier,
 * a few are cancelled before loading; steps whose time has not come yet have not happened.
 */
export function simulateWaybill(
  r: Random,
  input: { way: FreightWay; createdAt: number; plannedWeight: number; unitPrice: number; now: number; ending?: "NATURAL" | "FINISHED" | "CANCELLED" },
): SimulatedWaybill {
  const { way, createdAt, plannedWeight, now } = input;
  // FINISHED: runs to completion as far as time allows; CANCELLED: cancelled before loading.
  const ending = input.ending ?? "NATURAL";
  const iso = (t: number) => new Date(t).toISOString();
  const out: SimulatedWaybill = {
    status: "WAIT_LOADING",
    loadedWeight: null,
    pickupWeight: null,
    unloadedWeight: null,
    freightAmount: freightAmount(plannedWeight, input.unitPrice),
    abnormalReason: null,
    loadingTime: null,
    unloadingTime: null,
    signTime: null,
    confirmTime: null,
    completeTime: null,
    cancelTime: null,
    cancelReason: null,
    steps: [{ action: "DISPATCH", from: null, to: "WAIT_LOADING", at: iso(createdAt), remark: null }],
  };
  const step = (action: FreightAction, to: FreightStatus, at: number, remark: string | null = null) => {
    out.steps.push({ action, from: out.status, to, at: iso(at), remark });
    out.status = to;
  };

  if (ending === "CANCELLED" || (ending === "NATURAL" && r.chance(0.04))) {
    const at = createdAt + r.between(0.5, 6) * HOUR;
    if (at <= now) {
      out.cancelReason = r.pick(CANCEL_REASONS);
      out.cancelTime = iso(at);
      step("CANCEL", "CANCELLED", at, out.cancelReason);
    }
    return out;
  }
  // Recent ones may still be waiting to load.
  if (ending === "NATURAL" && now - createdAt < 3 * 24 * HOUR && r.chance(0.3)) return out;
  // How far this one goes at most: most are completed, some wait on a later step.
  const roll = ending === "FINISHED" ? 0 : r.next();
  const lastStage = roll < 0.84 ? 5 : roll < 0.89 ? 4 : roll < 0.94 ? 3 : roll < 0.97 ? 2 : 1;

  const loadingAt = createdAt + r.between(1, 8) * HOUR;
  if (loadingAt > now) return out;
  const maxLoad = way === "ROAD" ? FREIGHT_LIMITS.maxRoadLoadKg : FREIGHT_LIMITS.maxWaterLoadKg;
  const loaded = Math.min(maxLoad, Math.round(plannedWeight * r.between(0.97, 1.02)));
  out.loadedWeight = loaded;
  out.pickupWeight = Math.min(maxLoad, loaded + r.int(-50, 50) * (way === "ROAD" ? 1 : 10));
  out.loadingTime = iso(loadingAt);
  out.freightAmount = freightAmount(settledWeight(plannedWeight, loaded, null), input.unitPrice);
  step("LOADING", "IN_TRANSIT", loadingAt, `装货重量 ${tonnesPlain(loaded)} 吨`);
  if (lastStage < 2) return out;

  const unloadingAt = loadingAt + (way === "ROAD" ? r.between(4, 30) : r.between(36, 120)) * HOUR;
  if (unloadingAt > now) return out;
  const lossy = r.chance(0.06);
  const unloaded = Math.round(loaded * (lossy ? r.between(0.985, 0.996) : r.between(0.9975, 1.003)));
  out.unloadedWeight = unloaded;
  out.unloadingTime = iso(unloadingAt);
  out.abnormalReason = lossAbnormality(loaded, unloaded);
  out.freightAmount = freightAmount(settledWeight(plannedWeight, loaded, unloaded), input.unitPrice);
  step("UNLOADING", "UNLOADED", unloadingAt, `卸货重量 ${tonnesPlain(unloaded)} 吨${out.abnormalReason ? `；${out.abnormalReason}` : ""}`);
  if (lastStage < 3) return out;

  const signAt = unloadingAt + r.between(0.5, 4) * HOUR;
  if (signAt > now) return out;
  out.signTime = iso(signAt);
  step("SIGN", "SIGNED", signAt);
  if (lastStage < 4) return out;

  const confirmAt = signAt + r.between(2, 36) * HOUR;
  if (confirmAt > now) return out;
  out.confirmTime = iso(confirmAt);
  step(r.chance(0.5) ? "FLEET_CONFIRM" : "REVIEW", "CONFIRMED", confirmAt);
  if (lastStage < 5) return out;

  const completeAt = confirmAt + r.between(2, 72) * HOUR;
  if (completeAt > now) return out;
  out.completeTime = iso(completeAt);
  step("COMPLETE", "COMPLETED", completeAt);
  return out;
}

/** Track points from `from` to `to` between two instants: one per 15 minutes, at most `maxPoints`, with a little wander. */
export function trackBetween(r: Random, from: Place, to: Place, start: number, end: number, maxPoints: number) {
  const count = Math.max(2, Math.min(maxPoints, Math.floor((end - start) / (15 * 60_000))));
  return Array.from({ length: count }, (_, i) => {
    const f = i / (count - 1);
    const wander = i === 0 || i === count - 1 ? 0 : 0.01;
    return {
      lat: Number((from.lat + (to.lat - from.lat) * f + r.between(-wander, wander)).toFixed(6)),
      lng: Number((from.lng + (to.lng - from.lng) * f + r.between(-wander, wander)).toFixed(6)),
      speed: i === 0 || i === count - 1 ? 0 : r.int(35, 80),
      at: new Date(start + (end - start) * f).toISOString(),
    };
  });
}

import type { Insertable } from "kysely";
import type { FreightWay, NotificationTargetType } from "../../../contract/notification.js";
import { USER_TYPES } from "../../../contract/platforms.js";
import type { Db } from "../../db/index.js";
import type { SeedIds } from "../../db/seed.js";
import type { NotificationsTable } from "./schema.js";
import { joinTags } from "./service.js";
import { tonnesPlain } from "../../../contract/numbers.js";

const PER_ACCOUNT = 300;
const SPAN_DAYS = 90;
const BATCH = 200;

const CITIES = ["合肥", "蚌埠", "阜阳", "芜湖", "安庆", "六安", "宿州", "滁州", "亳州", "淮南"];
const PORTS = ["芜湖港", "安庆港", "马鞍山港", "南京港", "池州港", "铜陵港"];
const GOODS = ["小麦", "玉米", "稻谷", "大豆", "油菜籽", "高粱"];
const DRIVERS = ["张建国", "李卫东", "王志强", "刘海涛", "陈国华", "赵永刚", "孙立新", "周明"];
const SHIPS = ["皖江货3086", "皖芜湖货1127", "苏宁货6603", "皖安庆货2218"];
const WAREHOUSES = ["合肥北粮库", "蚌埠中心粮库", "阜阳国家粮食储备库", "芜湖港口中转库"];

/** Deterministic pseudo-random numbers (mulberry32) so every seed produces the same messages. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof randomSource>;

interface Draft {
  content: string;
  targetType: NotificationTargetType;
  targetId: string;
  tags: string[];
  freightNo?: string;
  freightWay?: FreightWay;
}

const compactDate = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, "");
const tonnes = (r: Random) => tonnesPlain(r.int(2000, 4500) * 10);
const plate = (r: Random) => `皖${r.pick(["A", "C", "K", "B", "N"])}·${r.int(10000, 99999)}`;

function freightDraft(r: Random, when: Date): Draft {
  const way: FreightWay = r.next() < 0.25 ? "WATER" : "ROAD";
  const freightNo = `HY${compactDate(when)}${String(r.int(0, 9999)).padStart(4, "0")}`;
  const goods = r.pick(GOODS);
  const road = [
    `运单 ${freightNo} 已装货，${goods} ${tonnes(r)} 吨，请及时跟踪在途情况。`,
    `运单 ${freightNo} 已卸货，卸货重量 ${tonnes(r)} 吨，请尽快确认回单。`,
    `运单 ${freightNo} 已派车，司机 ${r.pick(DRIVERS)}（${plate(r)}）正在前往装货地 ${r.pick(CITIES)}。`,
    `运单 ${freightNo} 轨迹异常：车辆在途停留超过 2 小时，请联系司机核实。`,
    `运单 ${freightNo} 已签收，运费待结算。`,
  ];
  const water = [
    `水运运单 ${freightNo} 已装船，船舶 ${r.pick(SHIPS)} 载 ${goods} ${tonnes(r)} 吨驶离 ${r.pick(PORTS)}。`,
    `水运运单 ${freightNo} 船舶 ${r.pick(SHIPS)} 已靠泊 ${r.pick(PORTS)}，等待卸货。`,
    `水运运单 ${freightNo} 已卸货完成，请核对卸货磅单。`,
  ];
  return {
    content: r.pick(way === "ROAD" ? road : water),
    targetType: "FREIGHT",
    targetId: String(r.int(1, 5000)),
    tags: ["freight"],
    freightNo,
    freightWay: way,
  };
}

function orderDraft(r: Random, when: Date): Draft {
  const orderNo = `DD${compactDate(when)}${String(r.int(0, 9999)).padStart(4, "0")}`;
  const from = r.pick(CITIES);
  const to = r.pick(CITIES.filter((c) => c !== from));
  const content = r.pick([
    `新订单 ${orderNo}：${from} → ${to}，${r.pick(GOODS)} ${r.int(100, 3000)} 吨，请及时安排派车。`,
    `订单 ${orderNo} 已完成，共 ${r.int(3, 60)} 车次，请核对结算数据。`,
    `订单 ${orderNo} 已被货主取消，相关未装货运单已关闭。`,
    `订单 ${orderNo} 的运价已调整为 ${r.int(40, 180)}.00 元/吨，请确认。`,
  ]);
  return { content, targetType: "ORDER", targetId: String(r.int(1, 3000)), tags: ["order"] };
}

function supplyDraft(r: Random): Draft {
  const from = r.pick(CITIES);
  const to = r.pick(CITIES.filter((c) => c !== from));
  const goods = r.pick(GOODS);
  const content = r.pick([
    `货源 ${goods} ${r.int(200, 5000)} 吨（${from} → ${to}）已发布，运价 ${r.int(40, 160)}.00 元/吨。`,
    `您关注的货源 ${goods}（${from} → ${to}）将于今日 18:00 截止报名。`,
    `货源 ${goods} ${r.int(200, 5000)} 吨已被抢单 ${r.int(50, 95)}%，剩余运力需求请尽快响应。`,
  ]);
  return { content, targetType: "SOURCE_GOODS_LIST", targetId: String(r.int(1, 2000)), tags: ["supply"] };
}

function walletDraft(r: Random): Draft {
  const amount = `${r.int(800, 60000)}.${String(r.int(0, 99)).padStart(2, "0")}`;
  const content = r.pick([
    `钱包到账：运费 ${amount} 元已入账，请在钱包明细中查看。`,
    `钱包提现 ${amount} 元已到账至尾号 ${r.int(1000, 9999)} 的银行卡。`,
    `钱包提现申请 ${amount} 元已提交，预计 1 个工作日内到账。`,
    `钱包余额不足 ${amount} 元，部分运单运费将延迟支付，请及时充值。`,
  ]);
  return { content, targetType: "MYWALLET", targetId: String(r.int(1, 9000)), tags: ["wallet"] };
}

function accountDraft(r: Random, when: Date): Draft {
  const maintenance = new Date(when.getTime() + 3 * 86_400_000).toISOString().slice(0, 10);
  const content = r.pick([
    "您的登录密码将在 7 天后过期，请及时在个人中心修改密码。",
    "您的企业认证资料已审核通过。",
    `系统将于 ${maintenance} 凌晨 02:00–04:00 升级维护，期间部分功能暂不可用。`,
    "您的账号在新设备上登录，如非本人操作请立即修改密码。",
  ]);
  return { content, targetType: "MY", targetId: String(r.int(1, 100)), tags: ["system"] };
}

function deliverDraft(r: Random, when: Date): Draft {
  const no = `FH${compactDate(when)}${String(r.int(0, 9999)).padStart(4, "0")}`;
  return {
    content: `发货单 ${no} 已出库：${r.pick(GOODS)} ${tonnes(r)} 吨，承运车辆 ${plate(r)}，发货库点 ${r.pick(WAREHOUSES)}。`,
    targetType: "DELIVER",
    targetId: String(r.int(1, 4000)),
    tags: ["freight", "deliver"],
  };
}

function pickDraft(r: Random, when: Date): Draft {
  const no = `TH${compactDate(when)}${String(r.int(0, 9999)).padStart(4, "0")}`;
  const deadline = new Date(when.getTime() + r.int(1, 5) * 86_400_000).toISOString().slice(0, 10);
  return {
    content: `提货单 ${no} 已生成，请于 ${deadline} 前到 ${r.pick(WAREHOUSES)} 提货。`,
    targetType: "PICK",
    targetId: String(r.int(1, 4000)),
    tags: ["freight", "pick"],
  };
}

/** Weighted mix: waybill messages dominate, as in a working dispatch office. */
const DRAFTERS: Array<[number, (r: Random, when: Date) => Draft]> = [
  [35, freightDraft],
  [20, orderDraft],
  [12, supplyDraft],
  [10, walletDraft],
  [8, accountDraft],
  [8, deliverDraft],
  [7, pickDraft],
];
const TOTAL_WEIGHT = DRAFTERS.reduce((sum, [weight]) => sum + weight, 0);

function draft(r: Random, when: Date): Draft {
  let roll = r.next() * TOTAL_WEIGHT;
  for (const [weight, make] of DRAFTERS) {
    roll -= weight;
    if (roll < 0) return make(r, when);
  }
  return freightDraft(r, when);
}

/** A few hundred messages over the last 90 days for each demo account; the newest are mostly unread. */
export function demoNotifications(userId: number, now: Date, seed: number): Array<Insertable<NotificationsTable>> {
  const r = randomSource(seed);
  const rows: Array<Insertable<NotificationsTable>> = [];
  for (let i = 0; i < PER_ACCOUNT; i++) {
    // i = 0 is the newest; ages are spread evenly over the span, with jitter.
    const ageMs = Math.floor(((i + r.next()) / PER_ACCOUNT) * SPAN_DAYS * 86_400_000);
    const when = new Date(now.getTime() - ageMs);
    const unreadChance = i < 30 ? 0.8 : i < 120 ? 0.35 : 0.1;
    const d = draft(r, when);
    rows.push({
      user_id: userId,
      created_time: when.toISOString(),
      content: d.content,
      status: r.next() < unreadChance ? "PENDING" : "READ",
      target_type: d.targetType,
      target_id: d.targetId,
      tags: joinTags(d.tags),
      freight_no: d.freightNo ?? null,
      freight_way: d.freightWay ?? null,
    });
  }
  return rows;
}

export async function seedNotifications(db: Db, ids: SeedIds): Promise<void> {
  const now = new Date();
  await db.kysely.transaction().execute(async (trx) => {
    for (const [index, type] of USER_TYPES.entries()) {
      const rows = demoNotifications(ids.userIds[type], now, 20261120 + index);
      for (let start = 0; start < rows.length; start += BATCH) {
        await trx.insertInto("notifications").values(rows.slice(start, start + BATCH)).execute();
      }
    }
  });
}

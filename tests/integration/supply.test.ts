/**
 * The rules the supply bindings add to the engine (domain 4): who sees which supply, publish → audit with
 * its SOURCE_GOODS_LIST notifications, the price-change history and its ±30 % confirmation, what an edit
 * of a published supply may change, an order's remaining tonnage, stowage and time-window consistency,
 * delete only as a draft, and a dispute's states with its handler and compensation. Generic engine
 * behaviour (bad input per field, scope matrix, transitions, paging, export) is in the generated tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supply } from "../../contract/resources/supply.js";
import { as, createOrder, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; version: number; actions: string[] };
let f: FreightTestPlatform;
let n = 0;
const refs: Record<string, number> = {};

const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  expect((res.body as { code: number }).code, JSON.stringify(res.body)).toBe(code);
  return String((res.body as { message?: string }).message);
};

const body = (extra: Record<string, unknown> = {}) => ({ ...supply.example!.body(++n, refs), ...extra });
const create = (extra: Record<string, unknown> = {}) => okData<Rec>(as(f, "ORG_USER", "/tms-supply", body(extra)));
const run = (who: Account, id: number, key: string, input: Record<string, unknown> = {}) => as<Rec>(f, who, `/tms-supply/${id}/${key}`, input);
const get = (who: Account, id: number) => as<Rec>(f, who, `/tms-supply/${id}`, undefined, "GET");

/** A supply of the ORG_USER, published and approved. */
async function published(extra: Record<string, unknown> = {}): Promise<Rec> {
  const draft = await create(extra);
  await okData(run("ORG_USER", draft.id, "publish"));
  return okData<Rec>(run("SYSTEM_USER", draft.id, "approve"));
}

async function notificationsOf(account: Account, supplyId: number) {
  return f.p.db.kysely.selectFrom("notifications").selectAll().where("user_id", "=", f.userIds[account]).where("target_type", "=", "SOURCE_GOODS_LIST").where("target_id", "=", String(supplyId)).execute();
}

beforeAll(async () => {
  f = await startFreightPlatform("supply");
  for (const [key, api] of [["shipper", "tms-shipper"], ["cargo", "tms-cargo"]] as const) {
    const options = await okData<Array<{ id: number }>>(as(f, "ORG_USER", `/${api}/options`, {}));
    refs[key] = options[0]!.id;
  }
});
afterAll(async () => {
  await f?.close();
});

describe("货源 publish and audit", () => {
  it("publishes a draft for audit, tells the auditors, and tells the organisation the result", async () => {
    const draft = await create();
    expect(draft.status).toBe("DRAFT");
    expect(String(draft.supplyNo)).toMatch(/^HY\d{14}$/);
    expect(draft.cargoName).toBeTruthy();
    const pending = await okData<Rec>(run("ORG_USER", draft.id, "publish"));
    expect(pending.status).toBe("PENDING_AUDIT");
    await expect.poll(async () => (await notificationsOf("SYSTEM_USER", draft.id)).length).toBe(1);
    expect((await notificationsOf("SYSTEM_USER", draft.id))[0]!.content).toContain(String(draft.supplyNo));
    expect(await refusal(run("ORG_USER", draft.id, "approve"), 4003)).toContain("货源通过");
    expect(await refusal(run("SYSTEM_USER", draft.id, "reject"), 400)).toBeTruthy();
    const approved = await okData<Rec>(run("SYSTEM_USER", draft.id, "approve"));
    expect(approved.status).toBe("PUBLISHED");
    expect(approved.publishedTime).toBeTruthy();
    await expect.poll(async () => (await notificationsOf("ORG_USER", draft.id)).map((row) => row.content).join()).toContain("审核通过");
  });

  it("deletes only drafts", async () => {
    const draft = await create();
    expect(draft.actions).toContain("delete");
    const live = await published();
    expect(live.actions).not.toContain("delete");
    expect(await refusal(as(f, "ORG_USER", `/tms-supply/${live.id}`, undefined, "DELETE"), 4009)).toContain("不能删除");
    await okData(as(f, "ORG_USER", `/tms-supply/${draft.id}`, undefined, "DELETE"));
  });
});

describe("改价 and its history", () => {
  it("writes the old and new prices with the reason, and notifies the organisation", async () => {
    const live = await published({ carrierUnitPrice: 8_000 });
    const repriced = await okData<Rec>(run("SYSTEM_USER", live.id, "reprice", { newCarrierPrice: 8_800, priceReason: "油价上调" }));
    expect(repriced.carrierUnitPrice).toBe(8_800);
    expect(repriced.status).toBe("PUBLISHED");
    const history = await okData<{ records: Rec[] }>(as(f, "ORG_USER", "/tms-supply-price-change/search", { supplyId: live.id }));
    expect(history.records).toHaveLength(1);
    expect(history.records[0]).toMatchObject({ oldCarrierPrice: 8_000, newCarrierPrice: 8_800, reason: "油价上调" });
    await expect.poll(async () => (await notificationsOf("ORG_USER", live.id)).map((row) => row.content).join()).toContain("80.00 元/吨调整为 88.00 元/吨");
  });

  it("asks to confirm a change of more than 30 % and needs a reason", async () => {
    const live = await published({ carrierUnitPrice: 8_000 });
    expect(await refusal(run("ORG_USER", live.id, "reprice", { newCarrierPrice: 12_000, priceReason: "旺季" }), 4000)).toContain("超过 30%");
    expect((await get("ORG_USER", live.id)).body.data!.carrierUnitPrice).toBe(8_000);
    expect((await run("ORG_USER", live.id, "reprice", { newCarrierPrice: 8_100 })).status).toBe(400);
    await okData(run("ORG_USER", live.id, "reprice", { newCarrierPrice: 12_000, priceReason: "旺季", confirmLarge: true }));
    const rows = await f.p.db.kysely.selectFrom("supply_price_changes").selectAll().where("supply_id", "=", live.id).execute();
    expect(rows.map((r) => [r.old_carrier_price, r.new_carrier_price])).toEqual([[8_000, 12_000]]);
  });

  it("keeps a full supply full and refuses repricing a draft", async () => {
    const live = await published();
    await f.p.db.kysely.updateTable("supplies").set({ status: "FULL", taken_weight: Number(live.totalWeight) }).where("id", "=", live.id).execute();
    const repriced = await okData<Rec>(run("ORG_USER", live.id, "reprice", { newCarrierPrice: 8_600, priceReason: "补贴" }));
    expect(repriced.status).toBe("FULL");
    const draft = await create();
    expect(await refusal(run("ORG_USER", draft.id, "reprice", { newCarrierPrice: 8_600, priceReason: "补贴" }), 4009)).toContain("草稿");
  });
});

describe("editing a published supply", () => {
  it("refuses price changes, keeps non-key edits published and sends key-field edits back to audit", async () => {
    const live = await published();
    expect(await refusal(as(f, "ORG_USER", `/tms-supply/${live.id}`, { carrierUnitPrice: 9_900, version: live.version }, "PUT"), 4009)).toContain("改价");
    const remarked = await okData<Rec>(as(f, "ORG_USER", `/tms-supply/${live.id}`, { remark: "请带篷布", version: live.version }, "PUT"));
    expect(remarked.status).toBe("PUBLISHED");
    const moved = await okData<Rec>(as(f, "ORG_USER", `/tms-supply/${live.id}`, { unloadingPlace: "马鞍山港郑蒲港区", version: remarked.version }, "PUT"));
    expect(moved.status).toBe("PENDING_AUDIT");
  });

  it("keeps the places once a driver has taken some of it", async () => {
    const live = await published();
    await f.p.db.kysely.updateTable("supplies").set({ taken_weight: 33_000, taken_vehicles: 1 }).where("id", "=", live.id).execute();
    expect(await refusal(as(f, "ORG_USER", `/tms-supply/${live.id}`, { loadingPlace: "合肥北粮库" }, "PUT"), 4009)).toContain("已有司机接单");
  });
});

describe("consistency rules", () => {
  it("needs the quantity of its stowage mode, a shipper price when self-operated, and a sane time window", async () => {
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", body({ stowageMode: "BY_VEHICLE", totalWeight: null })), 4000)).toBe("按车数配载时请填写需车数和单车约载");
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", body({ businessMode: "SELF_OPERATED" })), 4000)).toBe("自营业务请填写托运单价");
    const b = body();
    const late = new Date(Date.parse(String(b.loadingTo)) + 4 * 86_400_000).toISOString();
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", { ...b, validUntil: late }), 4000)).toBe("有效期至不能晚于装货截止后 3 天");
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", body({ publishScope: "ASSIGNED" })), 4000)).toContain("指定接单人");
  });

  it("keeps an order's open supplies within its remaining tonnage", async () => {
    const orderId = await createOrder(f, { plannedWeight: 1_000_000 });
    const order = await f.p.db.kysely.selectFrom("freight_orders").select("order_no").where("id", "=", orderId).executeTakeFirstOrThrow();
    const first = await create({ orderNo: order.order_no, totalWeight: 800_000 });
    await okData(run("ORG_USER", first.id, "publish"));
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", body({ orderNo: order.order_no, totalWeight: 300_000 })), 4000)).toContain("剩余量 200 吨");
    await okData(as(f, "ORG_USER", "/tms-supply", body({ orderNo: order.order_no, totalWeight: 200_000 })));
    expect(await refusal(as(f, "ORG_USER", "/tms-supply", body({ orderNo: "DD-NOT-THERE" })), 4000)).toContain("不存在");
  });

  it("takes the shipper and cargo only from the supply's organisation", async () => {
    const other = await f.p.db.kysely.selectFrom("shippers").select("id").where("org_id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    const res = await as(f, "SYSTEM_USER", "/tms-supply", body({ orgId: f.orgIds[0], shipperId: Number(other.id) }));
    expect((res.body as { code: number }).code, JSON.stringify(res.body)).not.toBe(200);
  });
});

describe("who sees which supply", () => {
  it("shows an organisation its own, staff their platform's, and no one else's", async () => {
    const foreign = await f.p.db.kysely.selectFrom("supplies").select("id").where("org_id", "=", f.orgIds[1]!).executeTakeFirstOrThrow();
    expect((await get("ORG_USER", Number(foreign.id))).status).toBe(404);
    await okData(get("SYSTEM_USER", Number(foreign.id)));
    const mine = await okData<{ records: Rec[]; total: number }>(as(f, "ORG_USER", "/tms-supply/search", { size: 200 }));
    expect(mine.total).toBeGreaterThan(0);
    expect(new Set(mine.records.map((r) => r.orgId))).toEqual(new Set([f.orgIds[0]]));
    expect(await refusal(as(f, "INDIVIDUAL_USER", "/tms-supply/search", {}), 4003)).toBeTruthy();
    expect(await refusal(as(f, "ORG_USER", "/tms-supply-dispute/search", {}), 4003)).toBeTruthy();
  });

  it("seeds supplies in every state and SOURCE_GOODS_LIST notifications that open real, visible supplies", async () => {
    const states = await f.p.db.kysely.selectFrom("supplies").select("status").distinct().where("org_id", "=", f.orgIds[0]!).execute();
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(["DRAFT", "PENDING_AUDIT", "REJECTED", "PUBLISHED", "FULL", "OFF_SHELF", "EXPIRED", "CLOSED"]));
    for (const account of ["ORG_USER", "SYSTEM_USER"] as const) {
      const rows = await f.p.db.kysely.selectFrom("notifications").select("target_id").where("user_id", "=", f.userIds[account]).where("target_type", "=", "SOURCE_GOODS_LIST").execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const id of new Set(rows.map((r) => Number(r.target_id)))) expect((await get(account, id)).status).toBe(200);
    }
  });
});

describe("纠纷", () => {
  async function freshDispute(extra: Record<string, unknown> = {}): Promise<number> {
    const seeded = await f.p.db.kysely.selectFrom("supply_disputes").selectAll().where("status", "=", "PENDING").executeTakeFirstOrThrow();
    const { id: _id, ...copy } = seeded;
    const row = await f.p.db.kysely
      .insertInto("supply_disputes")
      .values({ ...copy, dispute_no: `JFTEST${++n}`, claim_amount: 50_000, handler_user_id: null, handler_name: null, ...extra })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }
  const act = (id: number, key: string, input: Record<string, unknown> = {}) => as<Rec>(f, "SYSTEM_USER", `/tms-supply-dispute/${id}/${key}`, input);

  it("is accepted with a handler, resolved with a compensation within the claim, then closed", async () => {
    const id = await freshDispute();
    expect(await refusal(act(id, "resolve", { resolution: "协商一致" }), 4009)).toContain("待处理");
    const accepted = await okData<Rec>(act(id, "accept"));
    expect(accepted).toMatchObject({ status: "PROCESSING", handlerName: "平台管理员" });
    expect(await refusal(act(id, "resolve", { resolution: "协商一致", compensationAmount: 60_000, compensationPayer: "ORG" }), 4000)).toContain("不能超过诉求金额");
    expect(await refusal(act(id, "resolve", { resolution: "协商一致", compensationAmount: 20_000 }), 4000)).toBe("有补偿金额时请选择补偿方");
    const resolved = await okData<Rec>(act(id, "resolve", { resolution: "协商一致，企业补偿放空费", compensationAmount: 20_000, compensationPayer: "ORG" }));
    expect(resolved).toMatchObject({ status: "RESOLVED", compensationAmount: 20_000, compensationPayer: "ORG" });
    expect(resolved.resolvedTime).toBeTruthy();
    const closed = await okData<Rec>(act(id, "close"));
    expect(closed.status).toBe("CLOSED");
    expect(closed.closedTime).toBeTruthy();
  });

  it("is refused only while pending and with a reason", async () => {
    const id = await freshDispute();
    expect((await act(id, "reject", {})).status).toBe(400);
    const rejected = await okData<Rec>(act(id, "reject", { resolution: "证据不足，不予受理" }));
    expect(rejected).toMatchObject({ status: "REJECTED", resolution: "证据不足，不予受理" });
    expect(await refusal(act(id, "accept"), 4009)).toBeTruthy();
  });
});

describe("the form's blanks", () => {
  it("saves an optional yes/no left blank as 否", async () => {
    const saved = await create({ scanToAccept: null, projectId: null, prepayType: null });
    expect(saved.scanToAccept).toBe(false);
    const edited = await okData<Rec>(as(f, "ORG_USER", `/tms-supply/${saved.id}`, { scanToAccept: null, version: saved.version }, "PUT"));
    expect(edited.scanToAccept).toBe(false);
  });
});

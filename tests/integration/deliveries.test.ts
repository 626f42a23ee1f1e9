/**
 * The deliveries of /orderManage (domain 3.6–3.9) over HTTP: delivery notes and dispatch against them,
 * re-delivery of cancelled waybills, transport tasks with their weight reservation and who may see and
 * answer them, containers with their deadline and demurrage, and the demo rows each account sees.
 * The engine's generic behaviour (bad input per field, scope matrix, transitions, export) is in the
 * generated tests of resources.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerCheckDigit } from "../../contract/resources/container.js";
import { markOverdueContainers } from "../../platform/orders/deliveries.resource.js";
import { as, createOrder, freshCarrier, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number; version: number; actions: string[] };
let f: FreightTestPlatform;
const DAY = 86_400_000;

const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  expect((res.body as { code: number }).code, JSON.stringify(res.body)).toBe(code);
  return String((res.body as { message?: string; errorMsg?: string }).message ?? (res.body as { errorMsg?: string }).errorMsg);
};
const badInput = async (promise: ReturnType<typeof as>) => {
  const res = await promise;
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return String((res.body as { errorMsg?: string }).errorMsg);
};
const get = (who: Account, api: string, id: number) => okData<Rec>(as(f, who, `/${api}/${id}`, undefined, "GET"));
const run = (who: Account, api: string, id: number, key: string, input: Record<string, unknown> = {}) => as<Rec>(f, who, `/${api}/${id}/${key}`, input);
const search = (who: Account, api: string, filter: Record<string, unknown> = {}) => okData<{ records: Rec[]; total: number }>(as(f, who, `/${api}/search`, { size: 200, ...filter }));

const window = { loadingFrom: new Date(Date.now() - DAY).toISOString(), loadingTo: new Date(Date.now() + 5 * DAY).toISOString() };
const newDelivery = (orderId: number, plannedWeight: number, who: Account = "ORG_USER") => as<Rec>(f, who, "/tms-delivery", { orderId, plannedWeight, pickupNo: "CK0001", ...window });

async function dispatch(orderId: number, weights: number[], links: Record<string, number> = {}, who: Account = "ORG_USER") {
  const items = [];
  for (const plannedWeight of weights) {
    const { driverId, vehicleId } = await freshCarrier(f);
    items.push({ driverId, vehicleId, plannedWeight });
  }
  return as<{ freights: Array<{ id: number; freightNo: string }> }>(f, who, "/tms-freight-dispatch/dispatch", { orderId, items, ...links });
}
const cancelWaybill = (id: number) => okData(as(f, "ORG_USER", `/tms-freight/${id}/cancel`, { reason: "司机车辆故障" }));

beforeAll(async () => {
  f = await startFreightPlatform("deliveries");
});
afterAll(async () => {
  await f?.close();
});

describe("demo data", () => {
  it("gives every account that may open the pages rows of its own", async () => {
    for (const who of ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const) {
      expect((await search(who, "tms-delivery", { freightWay: "ROAD" })).total, `${who} deliveries`).toBeGreaterThan(0);
      expect((await search(who, "tms-transport-task")).total, `${who} tasks`).toBeGreaterThan(0);
      expect((await search(who, "tms-container")).total, `${who} containers`).toBeGreaterThan(0);
    }
    for (const who of ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const) {
      expect((await search(who, "tms-delivery", { freightWay: "WATER" })).total, `${who} water deliveries`).toBeGreaterThan(0);
      expect((await search(who, "tms-redelivery", { freightWay: "ROAD" })).total, `${who} re-deliveries`).toBeGreaterThan(0);
    }
    // The driver sees his own load that was cancelled before loading, and may not decide about it.
    const own = (await search("INDIVIDUAL_USER", "tms-redelivery", { freightWay: "ROAD" })).records;
    expect(own.length).toBeGreaterThan(0);
    expect(own.flatMap((r) => r.actions).filter((a) => a === "redispatch" || a === "ignore")).toEqual([]);
    // The organisation receives a task another organisation of its tenant assigned to it, and may answer it.
    const incoming = (await search("ORG_USER", "tms-transport-task")).records.filter((t) => t.assigneeType === "CARRIER_ORG" && Number(t.carrierOrgId) === f.orgIds[0] && t.orgId !== f.orgIds[0]);
    expect(incoming.some((t) => t.status === "PENDING" && t.actions.includes("accept"))).toBe(true);
    // A delivery note's 已派 is the planned weight of its non-cancelled waybills.
    for (const d of (await search("SYSTEM_USER", "tms-delivery")).records) {
      const rows = await f.p.db.kysely.selectFrom("freights").select(["planned_weight"]).where("delivery_id", "=", d.id).where("status", "<>", "CANCELLED").execute();
      expect(Number(d.dispatchedWeight), String(d.deliveryNo)).toBe(rows.reduce((sum, r) => sum + Number(r.planned_weight), 0));
    }
  });
});

describe("发货单", () => {
  it("takes weight from an open order up to what the order and other delivery notes leave", async () => {
    const orderId = await createOrder(f, { plannedWeight: 100_000 });
    const first = await okData<Rec>(newDelivery(orderId, 60_000));
    expect(first).toMatchObject({ status: "WAIT_DISPATCH", freightWay: "ROAD", dispatchedWeight: 0 });
    expect(String(first.deliveryNo)).toMatch(/^FH\d{14}$/);
    expect(await refusal(newDelivery(orderId, 50_000), 4000)).toContain("剩余重量 40.00 吨");
    await okData(newDelivery(orderId, 40_000));
    const closed = await createOrder(f);
    await f.p.db.kysely.updateTable("freight_orders").set({ status: "CLOSED" }).where("id", "=", closed).execute();
    expect(await badInput(newDelivery(closed, 1_000))).toContain("订单不存在或不可选");
    // Windows in order; another organisation's order is not the caller's to pick.
    expect(await refusal(as(f, "ORG_USER", "/tms-delivery", { orderId, plannedWeight: 1_000, loadingFrom: window.loadingTo, loadingTo: window.loadingFrom }), 4000)).toContain("发货截止不能早于发货开始");
    const foreign = await createOrder(f, { orgIndex: 1 });
    expect(await badInput(newDelivery(foreign, 1_000))).toContain("订单");
  });

  it("moves with the waybills dispatched against it, gives back a cancelled one's weight, and closes", async () => {
    const orderId = await createOrder(f);
    const delivery = await okData<Rec>(newDelivery(orderId, 100_000));
    expect(await badInput(dispatch(orderId, [40_000, 40_000, 40_000], { deliveryId: delivery.id }))).toContain("超过发货单");
    const { freights } = await okData(dispatch(orderId, [40_000, 40_000], { deliveryId: delivery.id }));
    let after = await get("ORG_USER", "tms-delivery", delivery.id);
    expect(after).toMatchObject({ status: "DISPATCHING", dispatchedWeight: 80_000 });
    expect(after.actions).toContain("dispatch");
    const linked = await search("ORG_USER", "tms-linked-waybill", { deliveryId: delivery.id });
    expect(linked.records.map((r) => r.freightNo).sort()).toEqual(freights.map((w) => w.freightNo).sort());
    await okData(dispatch(orderId, [20_000], { deliveryId: delivery.id }));
    expect(await get("ORG_USER", "tms-delivery", delivery.id)).toMatchObject({ status: "DISPATCHED", dispatchedWeight: 100_000 });
    await cancelWaybill(freights[0]!.id);
    after = await get("ORG_USER", "tms-delivery", delivery.id);
    expect(after).toMatchObject({ status: "DISPATCHING", dispatchedWeight: 60_000 });
    expect(await refusal(as(f, "ORG_USER", `/tms-delivery/${delivery.id}`, undefined, "DELETE"), 4009)).toContain("不能删除");
    // Back to 待派车 after its only waybill was cancelled, it still keeps that waybill's history: close, not delete.
    const second = await okData<Rec>(newDelivery(orderId, 10_000));
    const { freights: one } = await okData(dispatch(orderId, [10_000], { deliveryId: second.id }));
    await cancelWaybill(one[0]!.id);
    expect(await get("ORG_USER", "tms-delivery", second.id)).toMatchObject({ status: "WAIT_DISPATCH", dispatchedWeight: 0 });
    expect(await refusal(as(f, "ORG_USER", `/tms-delivery/${second.id}`, undefined, "DELETE"), 4009)).toContain("已有运单");
    const unused = await okData<Rec>(newDelivery(orderId, 1_000));
    expect((await okData<{ title: string }>(as(f, "ORG_USER", `/tms-delivery/${unused.id}`, undefined, "DELETE"))).title).toContain(String(unused.deliveryNo));
    expect(await badInput(run("ORG_USER", "tms-delivery", delivery.id, "close"))).toContain("关闭原因");
    await okData(run("ORG_USER", "tms-delivery", delivery.id, "close", { closeReason: "库点封仓" }));
    expect(await refusal(dispatch(orderId, [10_000], { deliveryId: delivery.id }), 4009)).toContain("已派完或已关闭");
    // Another organisation neither sees it nor dispatches against it.
    expect((await as(f, "TENANT_USER", `/tms-delivery/${delivery.id}`, undefined, "GET")).status).toBe(200);
    const otherOrder = await createOrder(f, { orgIndex: 1 });
    expect(await badInput(dispatch(orderId, [1_000], { deliveryId: (await okData<Rec>(newDelivery(otherOrder, 1_000, "TENANT_USER"))).id }))).toContain("不属于该订单");
  });
});

describe("重新发货", () => {
  it("lists cancelled waybills of open orders and replaces one with one waybill of at most its weight", async () => {
    const orderId = await createOrder(f);
    const { freights } = await okData(dispatch(orderId, [40_000, 30_000]));
    await cancelWaybill(freights[0]!.id);
    await cancelWaybill(freights[1]!.id);
    const waiting = await search("ORG_USER", "tms-redelivery", { keyword: freights[0]!.freightNo });
    expect(waiting.records).toHaveLength(1);
    expect(waiting.records[0]).toMatchObject({ redeliveryStatus: "WAITING", plannedWeight: 40_000, cancelReason: "司机车辆故障" });
    expect(waiting.records[0]!.actions).toEqual(expect.arrayContaining(["redispatch", "ignore"]));
    const original = freights[0]!.id;
    expect(await badInput(dispatch(orderId, [41_000], { redispatchOfId: original }))).toContain("不能超过原运单的 40.00 吨");
    expect(await badInput(dispatch(orderId, [20_000, 20_000], { redispatchOfId: original }))).toContain("只能派一条");
    const { freights: replaced } = await okData(dispatch(orderId, [38_000], { redispatchOfId: original }));
    const done = await get("ORG_USER", "tms-redelivery", original);
    expect(done).toMatchObject({ redeliveryStatus: "REDISPATCHED", redeliveryFreightNo: replaced[0]!.freightNo });
    expect(done.actions).not.toContain("redispatch");
    const replacement = await f.p.db.kysely.selectFrom("freights").select("redispatch_of_id").where("id", "=", replaced[0]!.id).executeTakeFirstOrThrow();
    expect(Number(replacement.redispatch_of_id)).toBe(original);
    expect(await refusal(dispatch(orderId, [10_000], { redispatchOfId: original }), 4009)).toContain("不是待重新发货");
    // 忽略 needs a reason; the driver may look but not decide.
    expect(await badInput(run("ORG_USER", "tms-redelivery", freights[1]!.id, "ignore"))).toContain("处理说明");
    expect(await refusal(run("INDIVIDUAL_USER", "tms-redelivery", freights[1]!.id, "ignore", { redeliveryRemark: "x" }), 4003)).toBeTruthy();
    const ignored = await okData<Rec>(run("ORG_USER", "tms-redelivery", freights[1]!.id, "ignore", { redeliveryRemark: "货主减少发运量" }));
    expect(ignored).toMatchObject({ redeliveryStatus: "IGNORED", redeliveryRemark: "货主减少发运量" });
    expect(ignored.redispatchedAt).toBeTruthy();
  });
});

describe("运输任务", () => {
  const task = (orderId: number, extra: Record<string, unknown> = {}, who: Account = "ORG_USER") =>
    as<Rec>(f, who, "/tms-transport-task", { orderId, assigneeType: "CARRIER_ORG", carrierOrgId: f.orgIds[0], plannedWeight: 60_000, unitPrice: 7_000, periodFrom: "2026-11-20", periodTo: "2026-12-20", ...extra });

  it("reserves its undispatched weight: dispatch outside it and other tasks may not spend it", async () => {
    const orderId = await createOrder(f, { plannedWeight: 100_000 });
    const created = await okData<Rec>(task(orderId));
    expect(created).toMatchObject({ status: "PENDING", assigneeName: expect.any(String), orderNo: expect.stringMatching(/^DD/) });
    expect(await refusal(task(orderId, { plannedWeight: 50_000 }), 4000)).toContain("剩余重量 40.00 吨");
    expect(await refusal(task(orderId, { plannedWeight: 10_000, unitPrice: 9_000 }), 4000)).toContain("不能高于订单的承运单价");
    expect(await refusal(task(orderId, { assigneeType: "SHIPOWNER", carrierOrgId: undefined }), 4000)).toContain("公路订单不能指派给船东");
    expect(await refusal(task(orderId, { assigneeType: "FLEET_LEADER" }), 4000)).toContain("请选择车队长");
    expect(await badInput(dispatch(orderId, [40_000, 10_000]))).toContain("已分配给运输任务");
    expect(await refusal(dispatch(orderId, [10_000], { taskId: created.id }), 4009)).toContain("不在执行中");
    await okData(run("ORG_USER", "tms-transport-task", created.id, "accept"));
    const { freights } = await okData(dispatch(orderId, [40_000, 20_000], { taskId: created.id }));
    expect(await get("ORG_USER", "tms-transport-task", created.id)).toMatchObject({ status: "ACCEPTED", dispatchedWeight: 60_000 });
    await okData(dispatch(orderId, [40_000]));
    expect(await refusal(run("ORG_USER", "tms-transport-task", created.id, "cancel", { cancelReason: "计划调整" }), 4009)).toContain("在途运单");
    await cancelWaybill(freights[1]!.id);
    expect(await get("ORG_USER", "tms-transport-task", created.id)).toMatchObject({ dispatchedWeight: 40_000 });
    // The returned 20 t is the task's again: outside dispatch still cannot take it.
    expect(await badInput(dispatch(orderId, [10_000]))).toContain("已分配给运输任务");
    await okData(run("ORG_USER", "tms-transport-task", created.id, "complete"));
    await okData(dispatch(orderId, [20_000]));
  });

  it("is seen and answered by the carrier enterprise it is assigned to, and by nobody else", async () => {
    const orderId = await createOrder(f, { orgIndex: 1 });
    const created = await okData<Rec>(task(orderId, {}, "TENANT_USER"));
    const seen = await get("ORG_USER", "tms-transport-task", created.id);
    expect(seen.actions).toEqual(expect.arrayContaining(["accept", "reject"]));
    expect(seen.actions).not.toContain("dispatch");
    expect(await badInput(run("ORG_USER", "tms-transport-task", created.id, "reject"))).toContain("拒绝原因");
    expect(await okData<Rec>(run("ORG_USER", "tms-transport-task", created.id, "reject", { rejectReason: "车辆已排满" }))).toMatchObject({ status: "REJECTED" });
    expect((await as(f, "INDIVIDUAL_USER", `/tms-transport-task/${created.id}`, undefined, "GET")).status).toBe(404);
    // Rejected: its weight is free again.
    expect(await okData<Rec>(task(orderId, { plannedWeight: 10_000_000 }, "TENANT_USER"))).toMatchObject({ status: "PENDING" });
  });
});

describe("还箱动态", () => {
  let serial = 0;
  const boxNo = () => {
    const prefix = `ORT${"UJZ"[serial % 3]}${String(100_000 + (process.pid % 800_000) + serial++).padStart(6, "0")}`;
    return `${prefix}${containerCheckDigit(prefix)}`;
  };
  const pickUp = (orderId: number, extra: Record<string, unknown> = {}) =>
    as<Rec>(f, "ORG_USER", "/tms-container", { containerNo: boxNo(), sizeType: "40HQ", orderId, pickupYard: "芜湖港堆场", pickedAt: new Date(Date.now() - 10 * DAY).toISOString(), freeDays: 7, returnYard: "芜湖港堆场", demurragePerDay: 20_000, ...extra });

  it("checks the box number, refuses a box still out, and charges demurrage per started day late", async () => {
    const orderId = await createOrder(f);
    expect(await badInput(pickUp(orderId, { containerNo: "CSQU3054384" }))).toContain("校验位");
    const box = await okData<Rec>(pickUp(orderId));
    expect(box).toMatchObject({ status: "OVERDUE", lastEvent: "PICKUP" });
    expect(await refusal(pickUp(orderId, { containerNo: box.containerNo }), 4009)).toContain("尚未还箱");
    expect(await okData<Rec>(run("ORG_USER", "tms-container", box.id, "gateIn", { lastEventPlace: "芜湖港", lastEventAt: new Date(Date.now() - 5 * DAY).toISOString() }))).toMatchObject({ status: "OVERDUE", lastEvent: "GATE_IN", lastEventPlace: "芜湖港" });
    expect(await refusal(run("ORG_USER", "tms-container", box.id, "giveBack", { returnYard: "芜湖港堆场", returnedAt: new Date(Date.now() - 11 * DAY).toISOString() }), 4000)).toContain("不能早于提箱时间");
    const returned = await okData<Rec>(run("ORG_USER", "tms-container", box.id, "giveBack", { returnYard: "芜湖港堆场", returnedAt: new Date(Date.now() - 1.5 * DAY).toISOString() }));
    expect(returned).toMatchObject({ status: "RETURNED", overdueDays: 2, demurrageAmount: 40_000, lastEvent: "RETURN" });
    const events = (await okData<{ events: Array<{ action: string; remark: string | null }> }>(as(f, "ORG_USER", `/tms-container/${box.id}`, undefined, "GET"))).events;
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(["CREATE", "GATEIN", "GIVEBACK"]));
    // A box back in the yard may be picked up again.
    await okData(pickUp(orderId, { containerNo: box.containerNo, pickedAt: new Date(Date.now() - DAY).toISOString() }));
  });

  it("turns boxes still out past their deadline 已超期", async () => {
    const orderId = await createOrder(f);
    const box = await okData<Rec>(pickUp(orderId, { pickedAt: new Date(Date.now() - DAY).toISOString(), freeDays: 3 }));
    expect(box.status).toBe("IN_USE");
    await f.p.db.kysely.updateTable("containers").set({ return_deadline: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", box.id).execute();
    expect(await markOverdueContainers(f.p.db.kysely)).toBeGreaterThan(0);
    expect((await get("ORG_USER", "tms-container", box.id)).status).toBe("OVERDUE");
  });
});

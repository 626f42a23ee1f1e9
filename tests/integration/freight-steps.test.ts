import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREIGHT_STATUS_LABELS, type FreightRecord, type FreightStatus } from "../../contract/freight.js";
import { as, createOrder, detailOf, dispatchFresh, dispatchOne, driveTo, fingerprint, freshCarrier, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("freight_steps");
});
afterAll(async () => {
  await f?.close();
});

const TICKET = "/files/weigh-tickets/t.jpg";

/** Every step a caller can ask for, with a body that is valid whatever the status. */
const STEPS: Array<{ name: string; label: string; account: Account; path: (id: number) => string; body: (id: number) => object; legalFrom: FreightStatus[] }> = [
  { name: "loading", label: "装货", account: "ORG_USER", path: () => "/tms-freight/loading", body: (id) => ({ id, loadedWeight: 40_000, weighTicketUrl: TICKET }), legalFrom: ["WAIT_LOADING"] },
  { name: "unLoading", label: "卸货", account: "ORG_USER", path: () => "/tms-freight/unLoading", body: (id) => ({ id, unloadedWeight: 100, weighTicketUrl: TICKET }), legalFrom: ["IN_TRANSIT"] },
  { name: "sign", label: "签收", account: "ORG_USER", path: () => "/tms-freight/sign", body: (id) => ({ id }), legalFrom: ["UNLOADED"] },
  { name: "review", label: "审核", account: "TENANT_USER", path: () => "/tms-freight/review", body: (id) => ({ id }), legalFrom: ["SIGNED"] },
  { name: "fleet-confirm", label: "车队确认", account: "ORG_USER", path: () => "/tms-freight/fleet-confirm", body: (id) => ({ id }), legalFrom: ["SIGNED"] },
  { name: "complete", label: "完成", account: "ORG_USER", path: () => "/tms-freight/complete", body: (id) => ({ id }), legalFrom: ["CONFIRMED"] },
  { name: "cancel", label: "取消", account: "ORG_USER", path: (id) => `/tms-freight/${id}/cancel`, body: () => ({ reason: "测试" }), legalFrom: ["WAIT_LOADING"] },
  { name: "loadingUpdate", label: "修改装货信息", account: "ORG_USER", path: () => "/tms-freight/loadingUpdate", body: (id) => ({ id, weighTicketUrl: TICKET, reason: "更正磅单" }), legalFrom: ["IN_TRANSIT", "UNLOADED"] },
  {
    name: "updateTmsOrderDatailAddress",
    label: "修改装卸地址",
    account: "ORG_USER",
    path: () => "/tms-freight-dispatch/updateTmsOrderDatailAddress",
    body: (id) => ({ id, unloadingAddress: "芜湖港二号码头" }),
    legalFrom: ["WAIT_LOADING", "IN_TRANSIT"],
  },
];

const STATUSES: FreightStatus[] = ["WAIT_LOADING", "IN_TRANSIT", "UNLOADED", "SIGNED", "CONFIRMED", "COMPLETED", "CANCELLED"];

describe(`waybill status machine (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("walks a road waybill from 待装货 to 已完成, one event and one notification per step", async () => {
    const { id, freightNo } = await dispatchOne(f, { individual: true, plannedWeight: 40_000 });
    const loadingTime = new Date().toISOString();

    const loaded = await okData<FreightRecord>(
      as(f, "INDIVIDUAL_USER", "/tms-freight/loading", { id, loadedWeight: 40_500, pickupWeight: 40_480, loadingTime, weighTicketUrl: TICKET }),
    );
    expect(loaded).toMatchObject({ status: "IN_TRANSIT", loadedWeight: 40_500, pickupWeight: 40_480, loadingTime, freightAmount: 324_000 });

    const unloaded = await okData<FreightRecord>(as(f, "INDIVIDUAL_USER", "/tms-freight/unLoading", { id, unloadedWeight: 40_420, weighTicketUrl: TICKET }));
    // Settled on the smaller weight: 40.42 t × 80.00 元/吨.
    expect(unloaded).toMatchObject({ status: "UNLOADED", unloadedWeight: 40_420, freightAmount: 323_360, abnormal: false });

    expect(await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/sign", { id, remark: "回单齐全" }))).toMatchObject({ status: "SIGNED" });
    expect(await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/fleet-confirm", { id }))).toMatchObject({ status: "CONFIRMED" });
    const completed = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/complete", { id }));
    expect(completed.status).toBe("COMPLETED");
    for (const time of [completed.signTime, completed.confirmTime, completed.completeTime]) expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const detail = await detailOf(f, freightNo);
    expect(detail.events.map((e) => [e.action, e.fromStatus, e.toStatus])).toEqual([
      ["DISPATCH", null, "WAIT_LOADING"],
      ["LOADING", "WAIT_LOADING", "IN_TRANSIT"],
      ["UNLOADING", "IN_TRANSIT", "UNLOADED"],
      ["SIGN", "UNLOADED", "SIGNED"],
      ["FLEET_CONFIRM", "SIGNED", "CONFIRMED"],
      ["COMPLETE", "CONFIRMED", "COMPLETED"],
    ]);
    expect(detail.events[1]!.operatorName).toBe("张师傅");
    expect(detail.events[3]!.remark).toBe("回单齐全");
    expect(detail.loadingTicketUrl).toBe(TICKET);

    // The driver hears about every step he did not take himself; the organisation about those it did not take.
    const driverNotes = await f.p.db.kysely
      .selectFrom("notifications")
      .select(["content", "target_type", "freight_way"])
      .where("user_id", "=", f.userIds.INDIVIDUAL_USER)
      .where("freight_no", "=", freightNo)
      .orderBy("id")
      .execute();
    expect(driverNotes.map((n) => n.content)).toEqual([
      expect.stringContaining("已派单"),
      expect.stringContaining("已签收"),
      expect.stringContaining("已由车队确认"),
      expect.stringContaining("已完成，运费 3233.60 元"),
    ]);
    expect(driverNotes.every((n) => n.target_type === "FREIGHT" && n.freight_way === "ROAD")).toBe(true);
    const orgNotes = await f.p.db.kysely.selectFrom("notifications").select("content").where("user_id", "=", f.userIds.ORG_USER).where("freight_no", "=", freightNo).orderBy("id").execute();
    expect(orgNotes.map((n) => n.content)).toEqual([expect.stringContaining("已装货，装货重量 40.50 吨"), expect.stringContaining("已卸货，卸货重量 40.42 吨")]);
  });

  it("confirms by platform review as well as by fleet confirmation", async () => {
    const { id } = await dispatchOne(f);
    await driveTo(f, id, "SIGNED");
    const reviewed = await okData<FreightRecord>(as(f, "TENANT_USER", "/tms-freight/review", { id, remark: "单据合规" }));
    expect(reviewed.status).toBe("CONFIRMED");
  });

  it("refuses every illegal step with 4009 naming the current status, changing nothing", async () => {
    const waybills = await dispatchFresh(f, { count: STATUSES.length });
    const byStatus = new Map<FreightStatus, { id: number; freightNo: string }>();
    for (const [i, status] of STATUSES.entries()) {
      await driveTo(f, waybills[i]!.id, status);
      byStatus.set(status, waybills[i]!);
    }
    let refusals = 0;
    for (const [status, { id, freightNo }] of byStatus) {
      for (const step of STEPS.filter((s) => !s.legalFrom.includes(status))) {
        const before = await fingerprint(f);
        const res = await as(f, step.account, step.path(id), step.body(id));
        expect(res.status, `${step.name} from ${status}`).toBe(200);
        expect(res.body, `${step.name} from ${status}`).toMatchObject({ code: 4009, message: `运单当前状态为「${FREIGHT_STATUS_LABELS[status]}」，不能执行${step.label}` });
        expect(await fingerprint(f)).toEqual(before);
        expect((await detailOf(f, freightNo)).status).toBe(status);
        refusals++;
      }
    }
    expect(refusals).toBe(STATUSES.length * STEPS.length - STEPS.reduce((n, s) => n + s.legalFrom.length, 0));
  });

  it("takes each legal step from each status it is legal in", async () => {
    for (const step of STEPS) {
      for (const status of step.legalFrom) {
        const { id, freightNo } = await dispatchOne(f);
        await driveTo(f, id, status);
        const body = step.name === "unLoading" ? { id, unloadedWeight: 39_990, weighTicketUrl: TICKET } : step.body(id);
        await okData(as(f, step.account, step.path(id), body));
        const detail = await detailOf(f, freightNo);
        expect(detail.events.at(-1)!.fromStatus, `${step.name} from ${status}`).toBe(status);
      }
    }
  });

  it("lets only the right kind of account take review, fleet-confirm, sign and cancel (4003)", async () => {
    const { id } = await dispatchOne(f, { individual: true });
    const cases: Array<[Account, string, object]> = [
      ["INDIVIDUAL_USER", `/tms-freight/${id}/cancel`, { reason: "不想跑了" }],
      ["INDIVIDUAL_USER", "/tms-freight/sign", { id }],
      ["ORG_USER", "/tms-freight/review", { id }],
      ["TENANT_USER", "/tms-freight/fleet-confirm", { id }],
    ];
    for (const [account, path, body] of cases) {
      const before = await fingerprint(f);
      const res = await as(f, account, path, body);
      expect(res.body.code, `${account} ${path}`).toBe(4003);
      expect(res.body.message).toMatch(/不能执行/);
      expect(await fingerprint(f)).toEqual(before);
    }
    // ...while the driver may load his own waybill.
    expect((await okData<FreightRecord>(as(f, "INDIVIDUAL_USER", "/tms-freight/loading", { id, loadedWeight: 39_000, weighTicketUrl: TICKET }))).status).toBe("IN_TRANSIT");
  });
});

describe("weights, times and loss", () => {
  it("accepts only positive whole kilograms, at most 200 t for a truck", async () => {
    const { id } = await dispatchOne(f);
    for (const loadedWeight of [0, -5, 1.5, "40000", null, 200_001, 1e12]) {
      const before = await fingerprint(f);
      const res = await as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight, weighTicketUrl: TICKET });
      expect(res.status, String(loadedWeight)).toBe(400);
      expect(res.body.errorMsg).toMatch(/装货重量/);
      expect(await fingerprint(f)).toEqual(before);
    }
    const over = await as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 200_001, weighTicketUrl: TICKET });
    expect(over.body.errorMsg).toBe("装货重量为 200.00 吨，公路运输单车不能超过 200.00 吨");
    expect((await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 200_000, weighTicketUrl: TICKET }))).loadedWeight).toBe(200_000);
  });

  it("lets a barge load more than 200 t", async () => {
    const { id } = await dispatchOne(f, { way: "WATER" });
    const loaded = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 1_500_000, weighTicketUrl: TICKET }));
    expect(loaded).toMatchObject({ status: "IN_TRANSIT", freightWay: "WATER", loadedWeight: 1_500_000 });
  });

  it("accepts an unloaded weight up to loaded + 1 % and refuses more", async () => {
    const [a, b] = await dispatchFresh(f, { count: 2 });
    for (const w of [a!, b!]) await driveTo(f, w.id, "IN_TRANSIT"); // loaded 40,000 kg
    const before = await fingerprint(f);
    const over = await as(f, "ORG_USER", "/tms-freight/unLoading", { id: a!.id, unloadedWeight: 40_401, weighTicketUrl: TICKET });
    expect(over.status).toBe(400);
    expect(over.body.errorMsg).toBe("卸货重量 40.40 吨超过装货重量 40.00 吨的 1%，最多 40.40 吨");
    expect(await fingerprint(f)).toEqual(before);
    expect((await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id: a!.id, unloadedWeight: 40_400, weighTicketUrl: TICKET }))).status).toBe("UNLOADED");

    // A loss above 3 ‰ flags the waybill abnormal with the reason.
    const lossy = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id: b!.id, unloadedWeight: 39_870, weighTicketUrl: TICKET }));
    expect(lossy).toMatchObject({ abnormal: true, abnormalReason: "亏吨 0.13 吨，超过装货重量的 3‰" });
    const flagged = await okData<{ records: FreightRecord[] }>(as(f, "ORG_USER", "/tms-freight/search", { abnormal: true, freightNo: b!.freightNo }));
    expect(flagged.records.map((r) => r.id)).toEqual([b!.id]);
  });

  it("refuses step times in the future or before the previous step", async () => {
    const { id } = await dispatchOne(f);
    const future = new Date(Date.now() + 3600_000).toISOString();
    const res = await as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 40_000, loadingTime: future, weighTicketUrl: TICKET });
    expect(res).toMatchObject({ status: 400, body: { errorMsg: "装货时间不能晚于当前时间" } });
    const early = await as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 40_000, loadingTime: "2020-01-01T00:00:00Z", weighTicketUrl: TICKET });
    expect(early).toMatchObject({ status: 400, body: { errorMsg: "装货时间不能早于派单时间" } });
    const noTicket = await as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight: 40_000 });
    expect(noTicket).toMatchObject({ status: 400, body: { errorMsg: "缺少必填字段 weighTicketUrl" } });
  });

  it("corrects loading data before signing, keeping the 1 % rule and recomputing freight", async () => {
    const { id, freightNo } = await dispatchOne(f);
    await driveTo(f, id, "UNLOADED"); // loaded 40,000, unloaded 39,950
    const tooLow = await as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id, loadedWeight: 39_000, reason: "磅单录错" });
    expect(tooLow.status).toBe(400);
    expect(tooLow.body.errorMsg).toMatch(/^卸货重量 39.95 吨超过装货重量 39.00 吨的 1%/);
    const noReason = await as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id, loadedWeight: 40_050 });
    expect(noReason.status).toBe(400);
    const nothing = await as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id, reason: "无" });
    expect(nothing).toMatchObject({ status: 400, body: { errorMsg: "请至少修改一项装货信息" } });

    const updated = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id, loadedWeight: 40_050, reason: "磅单录错" }));
    expect(updated).toMatchObject({ status: "UNLOADED", loadedWeight: 40_050, freightAmount: 319_600, abnormal: false });
    const lossy = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id, loadedWeight: 40_300, reason: "复磅" }));
    expect(lossy).toMatchObject({ abnormal: true, abnormalReason: "亏吨 0.35 吨，超过装货重量的 3‰" });
    const event = (await detailOf(f, freightNo)).events.at(-1)!;
    expect(event).toMatchObject({ action: "LOADING_UPDATE", fromStatus: "UNLOADED", toStatus: "UNLOADED", remark: "复磅（装货重量 40.05 → 40.30 吨）" });
  });
});

describe("cancel", () => {
  it("needs a reason, works only before 运输中, and gives the weight back to the order", async () => {
    const [a, b] = await dispatchFresh(f, { count: 2, plannedWeight: 30_000 });
    const order = async () =>
      f.p.db.kysely.selectFrom("freight_orders").innerJoin("freights", "freights.order_id", "freight_orders.id").select(["freight_orders.dispatched_weight", "freight_orders.status"]).where("freights.id", "=", a!.id).executeTakeFirstOrThrow();
    expect(Number((await order()).dispatched_weight)).toBe(60_000);

    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "原".repeat(201) }]) {
      const before = await fingerprint(f);
      const res = await as(f, "ORG_USER", `/tms-freight/${a!.id}/cancel`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMsg).toMatch(/取消原因|reason/);
      expect(await fingerprint(f)).toEqual(before);
    }
    const cancelled = await okData<FreightRecord>(as(f, "ORG_USER", `/tms-freight/${a!.id}/cancel`, { reason: "货主调整计划" }));
    expect(cancelled).toMatchObject({ status: "CANCELLED", cancelReason: "货主调整计划" });
    expect(Number((await order()).dispatched_weight)).toBe(30_000);

    await driveTo(f, b!.id, "IN_TRANSIT");
    const late = await as(f, "ORG_USER", `/tms-freight/${b!.id}/cancel`, { reason: "货主调整计划" });
    expect(late.body).toMatchObject({ code: 4009, message: "运单当前状态为「运输中」，不能执行取消" });
    const bad = await as(f, "ORG_USER", "/tms-freight/abc/cancel", { reason: "x" });
    expect(bad.status).toBe(400);
  });
});

describe("batchComplete", () => {
  it("completes all or none, naming the first waybill that cannot be completed", async () => {
    const waybills = await dispatchFresh(f, { count: 4 });
    for (const w of waybills.slice(0, 3)) await driveTo(f, w.id, "CONFIRMED");
    await driveTo(f, waybills[3]!.id, "IN_TRANSIT");
    const ids = waybills.map((w) => w.id);

    const before = await fingerprint(f);
    const refused = await as(f, "ORG_USER", "/tms-freight/batchComplete", { ids });
    expect(refused.body).toMatchObject({ code: 4009, message: `运单 ${waybills[3]!.freightNo} 当前状态为「运输中」，不能执行完成，本次未完成任何运单` });
    expect(await fingerprint(f)).toEqual(before);
    for (const w of waybills.slice(0, 3)) expect((await detailOf(f, w.freightNo)).status).toBe("CONFIRMED");

    const unknown = await as(f, "ORG_USER", "/tms-freight/batchComplete", { ids: [ids[0], 99_999_999] });
    expect(unknown.status).toBe(404);
    expect(await fingerprint(f)).toEqual(before);

    for (const body of [{ ids: [] }, { ids: [ids[0], ids[0]] }, { ids: "1,2" }, {}, { ids: Array.from({ length: 201 }, (_, i) => i + 1) }]) {
      const res = await as(f, "ORG_USER", "/tms-freight/batchComplete", body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }

    const done = await okData<FreightRecord[]>(as(f, "ORG_USER", "/tms-freight/batchComplete", { ids: ids.slice(0, 3) }));
    expect(done.map((r) => [r.id, r.status])).toEqual(ids.slice(0, 3).map((id) => [id, "COMPLETED"]));
  });

  it("treats another organisation's waybill as missing", async () => {
    const [mine] = await dispatchFresh(f);
    const [theirs] = await dispatchFresh(f, { orgIndex: 1 });
    await driveTo(f, mine!.id, "CONFIRMED");
    const before = await fingerprint(f);
    const res = await as(f, "ORG_USER", "/tms-freight/batchComplete", { ids: [mine!.id, theirs!.id] });
    expect(res.status).toBe(404);
    expect(await fingerprint(f)).toEqual(before);
  });
});

describe("address update", () => {
  it("changes the loading or unloading place until the goods are unloaded", async () => {
    const { id, freightNo } = await dispatchOne(f);
    const updated = await okData<FreightRecord>(
      as(f, "ORG_USER", "/tms-freight-dispatch/updateTmsOrderDatailAddress", { id, unloadingPlace: "南京港", unloadingAddress: "江苏省南京市龙江港区5号泊位" }),
    );
    expect(updated).toMatchObject({ unloadingPlace: "南京港", unloadingAddress: "江苏省南京市龙江港区5号泊位", loadingPlace: "合肥北粮库" });
    expect((await detailOf(f, freightNo)).events.at(-1)!.action).toBe("ADDRESS_UPDATE");
    // The corrected address brings its own 区划 (南京市, what 数据报送 reports); the loading end keeps its own.
    const codes = await f.p.db.kysely.selectFrom("freights").select(["loading_region_code", "unloading_region_code"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(codes.unloading_region_code).toBe("320100");
    expect(codes.loading_region_code).toBeNull();
    const empty = await as(f, "ORG_USER", "/tms-freight-dispatch/updateTmsOrderDatailAddress", { id });
    expect(empty).toMatchObject({ status: 400, body: { errorMsg: "请至少修改一项地址" } });
  });
});

describe("loading and unloading above the plan or the approved load (operational rules)", () => {
  const TICKET = "/files/weigh-tickets/test.jpg";
  /** A 35 t waybill on a fresh 47 t vehicle, waiting to load. */
  async function planned35() {
    const c = await freshCarrier(f, { loadCapacity: 47_000 });
    const data = await okData<{ freights: Array<{ id: number; freightNo: string }> }>(
      as(f, "ORG_USER", "/tms-freight-dispatch/dispatch", { orderId: await createOrder(f), items: [{ driverId: c.driverId, vehicleId: c.vehicleId, plannedWeight: 35_000 }] }),
    );
    return { ...data.freights[0]!, plateNo: c.plateNo };
  }
  const load = (id: number, loadedWeight: number) => okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/loading", { id, loadedWeight, weighTicketUrl: TICKET }));

  it("accepts 60 t on a 35 t plan and a 47 t vehicle but marks the waybill 异常 with both reasons, shown on the detail", async () => {
    const w = await planned35();
    await load(w.id, 60_000);
    const detail = await detailOf(f, w.freightNo);
    expect(detail.abnormal).toBeTruthy();
    expect(detail.abnormalReason).toBe(`装货重量 60.00 吨超过计划重量 35.00 吨的允许范围（超出不得多于 5%）；装货重量 60.00 吨超过车辆${w.plateNo}的核定载质量 47.00 吨`);
    expect(detail.events.at(-1)!.remark).toContain("超过计划重量");
    // A correction of the loaded weight clears what it fixes.
    await okData(as(f, "ORG_USER", "/tms-freight/loadingUpdate", { id: w.id, loadedWeight: 35_000, reason: "磅单录入错误" }));
    expect(await detailOf(f, w.freightNo)).toMatchObject({ abnormal: false, abnormalReason: null });
  });

  it("step-check tells what 装货/卸货 with these weights would mark 异常, by the step's own rule, and writes nothing", async () => {
    const w = await planned35();
    const check = (body: object, account: Account = "ORG_USER") => as<{ abnormalReasons: string[] }>(f, account, "/tms-freight/step-check", body);
    const before = await fingerprint(f);
    expect(await okData(check({ action: "LOADING", id: w.id, loadedWeight: 35_000 }))).toEqual({ abnormalReasons: [] });
    expect(await okData(check({ action: "LOADING", id: w.id, loadedWeight: 60_000 }))).toEqual({
      abnormalReasons: ["装货重量 60.00 吨超过计划重量 35.00 吨的允许范围（超出不得多于 5%）", `装货重量 60.00 吨超过车辆${w.plateNo}的核定载质量 47.00 吨`],
    });
    expect(await fingerprint(f)).toEqual(before);
    // Only from the status the step is taken from, and only on a waybill the caller sees.
    const early = await check({ action: "UNLOADING", id: w.id, unloadedWeight: 35_000 });
    expect(early.body).toMatchObject({ code: 4009, message: "运单当前状态为「待装货」，不能执行卸货" });
    const bad = await check({ action: "SIGN", id: w.id });
    expect(bad.status).toBe(400);
    expect((await check({ action: "LOADING", id: w.id, loadedWeight: 35_000 }, "INDIVIDUAL_USER")).status).toBe(404);

    await load(w.id, 35_000);
    const loss = await okData(check({ action: "UNLOADING", id: w.id, unloadedWeight: 34_800 }));
    expect(loss.abnormalReasons).toEqual(["亏吨 0.20 吨，超过装货重量的 3‰"]);
    const unloaded = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id: w.id, unloadedWeight: 34_800, weighTicketUrl: TICKET }));
    expect(unloaded.abnormalReason).toBe(loss.abnormalReasons.join("；"));
  });

  it("holds loading and unloading against the plan with the enterprise's tolerance (企业配置 超载容差)", async () => {
    const within = await planned35();
    expect(await load(within.id, 36_750)).toMatchObject({ abnormal: false });
    const above = await planned35();
    expect((await load(above.id, 36_800)).abnormalReason).toBe("装货重量 36.80 吨超过计划重量 35.00 吨的允许范围（超出不得多于 5%）");
    // Unloading above the plan: loaded 36.5 t is within, unloaded 36.85 t (within 1 % of loaded) is not.
    const unloading = await planned35();
    await load(unloading.id, 36_500);
    const unloaded = await okData<FreightRecord>(as(f, "ORG_USER", "/tms-freight/unLoading", { id: unloading.id, unloadedWeight: 36_850, weighTicketUrl: TICKET }));
    expect(unloaded.abnormalReason).toBe("卸货重量 36.85 吨超过计划重量 35.00 吨的允许范围（超出不得多于 5%）");

    await okData(as(f, "SYSTEM_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { overloadToleranceBp: 1000 }, "PUT"));
    try {
      const wider = await planned35();
      expect(await load(wider.id, 38_000)).toMatchObject({ abnormal: false, abnormalReason: null });
      const tooHigh = await as(f, "SYSTEM_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { overloadToleranceBp: 6000 }, "PUT");
      expect(tooHigh.status).toBe(400);
      expect(tooHigh.body.errorMsg).toContain("超载容差");
    } finally {
      await okData(as(f, "SYSTEM_USER", `/sys-enterprise-config/${f.orgIds[0]}`, { overloadToleranceBp: 500 }, "PUT"));
    }
  });
});

/**
 * 找车, 车源, 短信模板 (with the SMS gateway stand-in over HTTP), 轨迹定位 and the matchmaking reports
 * (domain 7.1–7.3), on the seeded data; figures checked against independent queries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import type { ContactResult, FindCarCard, InTransitWaybill } from "../../contract/find-car.js";
import type { ReportResult } from "../../contract/reports.js";
import { filePendingTemplates } from "../../platform/fleet/sms-template.resource.js";
import { as, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
// Migrating and seeding a PostgreSQL schema takes long on a loaded machine.
beforeAll(async () => {
  f = await startFreightPlatform("find-car");
});
afterAll(async () => {
  await f?.close();
});

type Rec = Record<string, unknown> & { id: number; actions: string[] };
const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  expect((res.body as { code: number }).code, JSON.stringify(res.body)).toBe(code);
  return String((res.body as { message?: string; errorMsg?: string }).message ?? (res.body as { errorMsg?: string }).errorMsg);
};
const standin = (path: string, body?: unknown) =>
  fetch(`${f.p.baseUrl}/dev/sms-standin/_control/${path}`, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ sent: Array<{ mobile: string; text: string }> }>);
const find = (who: Account, filter: Record<string, unknown> = {}) => okData<Paged<FindCarCard>>(as(f, who, "/tms-vehicle-availability/find", { size: 200, ...filter }));
const db = () => f.p.db.kysely;
const liveRows = async () => {
  const now = new Date().toISOString();
  return db().selectFrom("vehicle_availabilities").selectAll().where("platform_id", "=", "A").where("status", "=", "AVAILABLE").where("available_to", ">", now).where("deleted_at", "is", null).execute();
};

describe(`找车 (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("every user kind sees the platform's live 车源; plates and numbers masked except one's own", async () => {
    const live = await liveRows();
    expect(live.length).toBeGreaterThan(5);
    for (const who of ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const) {
      const page = await find(who);
      expect(page.total).toBe(live.length);
      expect(new Set(page.records.map((c) => c.id))).toEqual(new Set(live.map((r) => Number(r.id))));
    }
    const org = await find("ORG_USER");
    const own = org.records.filter((c) => c.own);
    const others = org.records.filter((c) => !c.own);
    expect(own.length).toBeGreaterThan(0);
    expect(others.length).toBeGreaterThan(0);
    for (const c of others) {
      expect(c.plateNo).toMatch(/^.{2}·.{2}\*{3,}$/);
      expect(c.contactMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
    for (const c of own) expect(c.contactMobile).toMatch(/^1\d{10}$/);
  });

  it("filters: region prefix, minimum load, length and idle match an independent selection; a bad filter is refused in Chinese", async () => {
    const live = await liveRows();
    const byRegion = await find("TENANT_USER", { regionCode: "3403" });
    expect(byRegion.total).toBe(live.filter((r) => r.current_region_code.startsWith("3403")).length);
    const heavy = await find("TENANT_USER", { minLoad: "35" });
    expect(heavy.total).toBe(live.filter((r) => Number(r.available_load) >= 35_000).length);
    const long = await find("TENANT_USER", { vehicleLength: "13" });
    expect(long.records.every((c) => c.vehicleLength === "13")).toBe(true);
    expect(long.total).toBe(live.filter((r) => r.vehicle_length === "13").length);
    const busy = await db().selectFrom("freights").select("vehicle_id").where("status", "=", "IN_TRANSIT").execute();
    const busyIds = new Set(busy.map((b) => Number(b.vehicle_id)));
    const idle = await find("TENANT_USER", { idleOnly: true });
    expect(idle.total).toBe(live.filter((r) => !busyIds.has(Number(r.vehicle_id))).length);
    const bad = await as(f, "ORG_USER", "/tms-vehicle-availability/find", { regionCode: "3" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("地区代码");
  });

  it("a 车源 whose window has passed is 已过期 and no longer found", async () => {
    const [row] = await liveRows();
    await db().updateTable("vehicle_availabilities").set({ available_to: new Date(Date.now() - 60_000).toISOString() }).where("id", "=", row!.id).execute();
    const page = await find("ORG_USER");
    expect(page.records.some((c) => c.id === Number(row!.id))).toBe(false);
    const after = await db().selectFrom("vehicle_availabilities").select("status").where("id", "=", row!.id).executeTakeFirstOrThrow();
    expect(after.status).toBe("EXPIRED");
  });

  it("联系 reveals the number to organisations and platform staff, counted once per 10 minutes; others are refused", async () => {
    const target = (await find("ORG_USER")).records.find((c) => !c.own)!;
    const row = await db().selectFrom("vehicle_availabilities").select(["contact_mobile", "contact_count", "plate_no"]).where("id", "=", target.id).executeTakeFirstOrThrow();
    const first = await okData<ContactResult>(as(f, "ORG_USER", `/tms-vehicle-availability/${target.id}/contact`));
    expect(first).toEqual({ plateNo: row.plate_no, contactMobile: row.contact_mobile, repeated: false });
    const again = await okData<ContactResult>(as(f, "ORG_USER", `/tms-vehicle-availability/${target.id}/contact`));
    expect(again.repeated).toBe(true);
    const counted = await db().selectFrom("vehicle_availabilities").select("contact_count").where("id", "=", target.id).executeTakeFirstOrThrow();
    expect(Number(counted.contact_count)).toBe(Number(row.contact_count) + 1);
    expect(await refusal(as(f, "INDIVIDUAL_USER", `/tms-vehicle-availability/${target.id}/contact`), 4003)).toContain("仅企业或平台账号");
    expect(await refusal(as(f, "TENANT_USER", `/tms-vehicle-availability/${target.id}/contact`), 4003)).toContain("联系方式");
    expect((await as(f, "ORG_USER", "/tms-vehicle-availability/999999/contact")).status).toBe(404);
  });

  it("邀请 sends the organisation's INVITE template through the gateway once per 10 minutes; a gateway failure is refused and logged", async () => {
    await standin("reset", {});
    const [a, b] = (await find("ORG_USER")).records.filter((c) => !c.own);
    const sent = await okData<{ sentTo: string }>(as(f, "ORG_USER", `/tms-vehicle-availability/${a!.id}/invite`, { route: "蚌埠 → 芜湖" }));
    const mobile = (await db().selectFrom("vehicle_availabilities").select("contact_mobile").where("id", "=", a!.id).executeTakeFirstOrThrow()).contact_mobile;
    expect(sent.sentTo).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    const { sent: received } = await standin("messages");
    expect(received).toHaveLength(1);
    expect(received[0]!.mobile).toBe(mobile);
    expect(received[0]!.text).toMatch(/^【蚌埠粮运】您好，蚌埠粮食运输有限公司有蚌埠 → 芜湖的粮食运输需求，诚邀.+承运，请致电13800000003。$/);
    expect(await refusal(as(f, "ORG_USER", `/tms-vehicle-availability/${a!.id}/invite`, { route: "蚌埠 → 芜湖" }), 4009)).toContain("10 分钟后再试");
    expect((await as(f, "ORG_USER", `/tms-vehicle-availability/${b!.id}/invite`, {})).status).toBe(400);
    await standin("fail", { count: 1, http: 503 });
    expect(await refusal(as(f, "ORG_USER", `/tms-vehicle-availability/${b!.id}/invite`, { route: "合肥 → 南京" }), 4009)).toContain("邀请短信发送失败");
    const failed = await db().selectFrom("sms_send_logs").selectAll().where("purpose", "=", "INVITE").where("status", "=", "FAILED").execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toContain("HTTP 503");
    // Not counted as a contact: it may be retried at once.
    await okData(as(f, "ORG_USER", `/tms-vehicle-availability/${b!.id}/invite`, { route: "合肥 → 南京" }));
    expect(await refusal(as(f, "INDIVIDUAL_USER", `/tms-vehicle-availability/${b!.id}/invite`, { route: "合肥 → 南京" }), 4003)).toContain("仅企业账号");
  });
});

describe("车源 (设置车辆信息)", () => {
  const approvedVehicle = async (orgId: number) =>
    db().selectFrom("freight_vehicles").select(["id", "load_capacity", "plate_no"]).where("org_id", "=", orgId).where("audit_status", "=", "APPROVED").where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
  const body = (vehicleId: number, extra: Record<string, unknown> = {}) => ({
    vehicleId, vehicleLength: "13", currentPlace: "蚌埠市禹会区", currentRegionCode: "340300", toPlaces: "芜湖",
    availableFrom: new Date(Date.now() + 3600_000).toISOString(), availableTo: new Date(Date.now() + 2 * 86_400_000).toISOString(), availableLoad: 20_000, contactMobile: "13912345678", ...extra,
  });

  it("publishes an approved own vehicle; the newer publication takes the older one offline; 下线 needs a reason; 重新上线", async () => {
    const v = await approvedVehicle(f.orgIds[0]!);
    const first = await okData<Rec>(as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(v.id))));
    expect(first).toMatchObject({ status: "AVAILABLE", plateNo: v.plate_no, vehicleLength: "13" });
    const second = await okData<Rec>(as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(v.id), { availableLoad: 15_000 })));
    const old = await okData<Rec>(as(f, "ORG_USER", `/tms-vehicle-availability/${first.id}`, undefined, "GET"));
    expect(old).toMatchObject({ status: "OFF", offReason: "已由新的车源信息替代" });
    expect((await as(f, "ORG_USER", `/tms-vehicle-availability/${second.id}/offline`, {})).status).toBe(400);
    expect(await okData<Rec>(as(f, "ORG_USER", `/tms-vehicle-availability/${second.id}/offline`, { offReason: "司机休假" }))).toMatchObject({ status: "OFF", offReason: "司机休假" });
    expect(await okData<Rec>(as(f, "ORG_USER", `/tms-vehicle-availability/${second.id}/relist`, {}))).toMatchObject({ status: "AVAILABLE", offReason: null });
    expect((await find("TENANT_USER")).records.some((c) => c.id === second.id)).toBe(true);
  });

  it("refuses a load over the vehicle's capacity, a window over 7 days or already past, and another organisation's vehicle", async () => {
    const v = await approvedVehicle(f.orgIds[0]!);
    const over = await as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(v.id), { availableLoad: Number(v.load_capacity) + 1000 }));
    expect(over.status).toBe(400);
    expect(JSON.stringify(over.body)).toContain("核定载质量");
    const long = await as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(v.id), { availableTo: new Date(Date.now() + 9 * 86_400_000).toISOString() }));
    expect(JSON.stringify(long.body)).toContain("不能超过 7 天");
    const past = await as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(v.id), { availableFrom: new Date(Date.now() - 7200_000).toISOString(), availableTo: new Date(Date.now() - 3600_000).toISOString() }));
    expect(JSON.stringify(past.body)).toContain("已过");
    const foreign = await approvedVehicle(f.orgIds[1]!);
    const theirs = await as(f, "ORG_USER", "/tms-vehicle-availability", body(Number(foreign.id)));
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs.body)).toContain("车辆不存在或不可选");
  });

  it("an individual lists only his own 车源; platform staff may not publish", async () => {
    const mine = await okData<{ records: Rec[] }>(as(f, "INDIVIDUAL_USER", "/tms-vehicle-availability/search", { size: 200 }));
    expect(mine.records.length).toBeGreaterThan(0);
    const owners = await db().selectFrom("vehicle_availabilities").select("owner_user_id").where("id", "in", mine.records.map((r) => r.id)).execute();
    expect(owners.every((o) => Number(o.owner_user_id) === f.userIds.INDIVIDUAL_USER)).toBe(true);
    expect(await refusal(as(f, "SYSTEM_USER", "/tms-vehicle-availability", body(1)), 4003)).toBeTruthy();
  });
});

describe("短信模板", () => {
  const create = (extra: Record<string, unknown> = {}) => as<Rec>(f, "ORG_USER", "/tms-sms-template", { code: "LOADING_REMIND", name: "装货提醒", signName: "蚌埠粮运", content: "运单${freightNo}请于${loadingTime}前装货。", ...extra });
  const get = (id: number) => okData<Rec>(as(f, "ORG_USER", `/tms-sms-template/${id}`, undefined, "GET"));

  it("refuses a placeholder the template type does not offer, naming the ones it does", async () => {
    const res = await create({ content: "金额${amount}已到账" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("${amount}");
    expect(JSON.stringify(res.body)).toContain("${freightNo}");
  });

  it("报备 through the gateway: approved with the gateway's id, or rejected with its reason; an edit goes back to 草稿", async () => {
    const draft = await okData<Rec>(create());
    expect(draft.status).toBe("DRAFT");
    await okData(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/submit`, {}));
    expect((await get(draft.id)).status).toBe("PENDING_PROVIDER");
    await filePendingTemplates(f.p.ctx);
    const approved = await get(draft.id);
    expect(approved).toMatchObject({ status: "APPROVED", rejectReason: null });
    expect(String(approved.providerTemplateId)).toMatch(/^SMS_\d+$/);
    const withLink = await okData<Rec>(create({ name: "带链接", content: "运单${freightNo}详情 http://x.cn" }));
    await okData(as(f, "ORG_USER", `/tms-sms-template/${withLink.id}/submit`, {}));
    await filePendingTemplates(f.p.ctx);
    expect(await get(withLink.id)).toMatchObject({ status: "REJECTED", rejectReason: "模板内容不能包含链接" });
    const edited = await okData<Rec>(as(f, "ORG_USER", `/tms-sms-template/${draft.id}`, { name: "装货提醒（新）", version: approved.version }, "PUT"));
    expect(edited).toMatchObject({ status: "DRAFT", providerTemplateId: null });
  });

  it("a gateway that cannot be reached leaves the template 报备中; the next run files it", async () => {
    const draft = await okData<Rec>(create({ name: "网关故障" }));
    await okData(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/submit`, {}));
    await standin("fail", { count: 1, http: 503 });
    await filePendingTemplates(f.p.ctx);
    const pending = await get(draft.id);
    expect(pending.status).toBe("PENDING_PROVIDER");
    expect(String(pending.rejectReason)).toContain("重新报备");
    const history = await f.p.db.kysely.selectFrom("resource_events").select(["action", "remark"]).where("resource", "=", "smsTemplate").where("record_id", "=", draft.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(history).toMatchObject({ action: "SUBMIT", remark: "短信网关返回 HTTP 503，仍为报备中" });
    await filePendingTemplates(f.p.ctx);
    expect((await get(draft.id)).status).toBe("APPROVED");
  });

  it("测试发送 sends the sample message to the user's own mobile and shows the result on the row", async () => {
    await standin("reset", {});
    const draft = await okData<Rec>(create({ name: "测试发送" }));
    await okData(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/submit`, {}));
    await filePendingTemplates(f.p.ctx);
    await okData(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/testSend`, {}));
    expect(String((await get(draft.id)).lastTestResult)).toContain("已发送至 138****0003");
    const { sent } = await standin("messages");
    expect(sent.at(-1)).toMatchObject({ mobile: "13800000003", text: "【蚌埠粮运】运单YD20261123000001请于11月24日 08:00前装货。" });
    await standin("fail", { count: 1, code: "MOBILE_INVALID" });
    await okData(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/testSend`, {}));
    expect(String((await get(draft.id)).lastTestResult)).toContain("发送失败：MOBILE_INVALID");
    expect(await refusal(as(f, "ORG_USER", `/tms-sms-template/${draft.id}/enable`, {}), 4009)).toContain("可用");
  });

  it("each owner sees only their own templates", async () => {
    const mine = await okData<{ records: Rec[] }>(as(f, "INDIVIDUAL_USER", "/tms-sms-template/search", { size: 200 }));
    expect(mine.records.map((r) => r.name)).toEqual(["装货提醒"]);
    const org = await okData<{ records: Rec[] }>(as(f, "ORG_USER", "/tms-sms-template/search", { size: 200 }));
    expect(org.records.some((r) => r.name === "平台找车邀请")).toBe(false);
    expect(org.records.some((r) => r.name === "找车邀请（蚌埠）")).toBe(true);
  });
});

describe("轨迹定位", () => {
  it("lists the organisation's waybills in transit with their latest point; other kinds are refused", async () => {
    const list = await okData<InTransitWaybill[]>(as(f, "ORG_USER", "/tms-freight-position/in-transit", {}));
    const expected = await db().selectFrom("freights").select(["id", "freight_no"]).where("org_id", "=", f.orgIds[0]!).where("status", "=", "IN_TRANSIT").execute();
    expect(new Set(list.map((w) => w.freightNo))).toEqual(new Set(expected.map((e) => e.freight_no)));
    expect(list.length).toBeGreaterThan(0);
    const located = list.find((w) => w.recordedAt)!;
    const last = await db().selectFrom("freight_track_points").select(["lat", "recorded_at"]).where("freight_id", "=", located.freightId).orderBy("recorded_at", "desc").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(located.recordedAt).toBe(last.recorded_at);
    const road = await okData<InTransitWaybill[]>(as(f, "ORG_USER", "/tms-freight-position/in-transit", { freightWay: "ROAD" }));
    expect(road.every((w) => w.freightWay === "ROAD")).toBe(true);
    expect(await refusal(as(f, "TENANT_USER", "/tms-freight-position/in-transit", {}), 4003)).toContain("企业账号");
    expect(await refusal(as(f, "INDIVIDUAL_USER", "/tms-freight-position/in-transit", {}), 4003)).toBeTruthy();
  });
});

describe("撮合报表", () => {
  const DAY = 86_400_000;
  const chinaDate = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
  const range = { dateFrom: chinaDate(Date.now() - 89 * DAY), dateTo: chinaDate(Date.now()) };
  const start = new Date(Date.parse(`${range.dateFrom}T00:00:00+08:00`)).toISOString();
  const end = new Date(Date.parse(`${range.dateTo}T00:00:00+08:00`) + DAY).toISOString();
  const run = (id: string, body: Record<string, unknown> = range, who: Account = "SYSTEM_USER") => okData<ReportResult>(as<ReportResult>(f, who, `/tms-report/${id}/search`, body));

  it("撮合运营分析: views, calls, grabs and deals equal the MATCHMAKING rows in range, with a funnel", async () => {
    const result = await run("shareStatistics");
    const views = await db().selectFrom("supply_views as v").innerJoin("supplies as s", "s.id", "v.supply_id").select((eb) => eb.fn.countAll().as("n")).where("s.platform_id", "=", "A").where("s.business_mode", "=", "MATCHMAKING").where("s.deleted_at", "is", null).where("v.viewed_at", ">=", start).where("v.viewed_at", "<", end).executeTakeFirstOrThrow();
    const calls = await db().selectFrom("supply_call_logs as c").innerJoin("supplies as s", "s.id", "c.supply_id").select(["c.grabbed"]).where("s.platform_id", "=", "A").where("s.business_mode", "=", "MATCHMAKING").where("s.deleted_at", "is", null).where("c.deleted_at", "is", null).where("c.started_at", ">=", start).where("c.started_at", "<", end).execute();
    const deals = await db()
      .selectFrom("freights as f")
      .innerJoin("freight_orders as o", "o.id", "f.order_id")
      .select(["f.id", "f.loading_time", "f.created_at"])
      .where("f.platform_id", "=", "A")
      .where("o.business_mode", "=", "MATCHMAKING")
      .where("f.status", "!=", "CANCELLED")
      .execute();
    const dealCount = deals.filter((d) => (d.loading_time ?? d.created_at) >= start && (d.loading_time ?? d.created_at) < end).length;
    expect(Number(views.n)).toBeGreaterThan(0);
    expect(dealCount).toBeGreaterThan(0);
    expect(result.totals).toMatchObject({ views: Number(views.n), calls: calls.length, grabs: calls.filter((c) => Number(c.grabbed) === 1).length, waybills: dealCount });
    expect(result.chart?.series[0]).toMatchObject({ type: "funnel", data: [{ name: "浏览", value: Number(views.n) }, { name: "通话", value: calls.length }, { name: "抢单" }, { name: "成交运单", value: dealCount }] });
    const byMonth = await run("shareStatistics", { ...range, period: "MONTH" });
    expect(byMonth.totals).toMatchObject({ views: Number(views.n), waybills: dealCount });
    expect(byMonth.rows.every((r) => /^\d{4}-\d{2}$/.test(String(r.period)))).toBe(true);
  });

  it("撮合统计: by shipper and by driver, waybills and freight equal the MATCHMAKING waybills'; service fee from their settlements", async () => {
    const deals = await db()
      .selectFrom("freights as f")
      .innerJoin("freight_orders as o", "o.id", "f.order_id")
      .leftJoin("waybill_settlements as ws", "ws.freight_id", "f.id")
      .select(["f.shipper_name", "f.carrier_name", "f.freight_amount", "f.loading_time", "f.created_at", "f.status", "ws.service_fee"])
      .where("f.platform_id", "=", "A")
      .where("o.business_mode", "=", "MATCHMAKING")
      .where("f.status", "!=", "CANCELLED")
      .execute();
    const inRange = deals.filter((d) => (d.loading_time ?? d.created_at) >= start && (d.loading_time ?? d.created_at) < end);
    const byShipper = await run("joinMetric");
    expect(byShipper.rows.length).toBe(new Set(inRange.map((d) => d.shipper_name)).size);
    for (const row of byShipper.rows) {
      const mine = inRange.filter((d) => d.shipper_name === row.name);
      expect(row.waybills).toBe(mine.length);
      expect(Math.abs(Number(row.freight) - mine.reduce((n, d) => n + Number(d.freight_amount), 0) / 100)).toBeLessThan(0.006);
    }
    // Completed waybills were settled on first read; the fee is the settlements'.
    const settled = await db().selectFrom("waybill_settlements as ws").innerJoin("freights as f", "f.id", "ws.freight_id").innerJoin("freight_orders as o", "o.id", "f.order_id").select(["ws.service_fee", "f.loading_time", "f.created_at"]).where("o.business_mode", "=", "MATCHMAKING").where("f.platform_id", "=", "A").execute();
    const fee = settled.filter((d) => (d.loading_time ?? d.created_at) >= start && (d.loading_time ?? d.created_at) < end).reduce((n, d) => n + Number(d.service_fee), 0) / 100;
    expect(fee).toBeGreaterThan(0);
    expect(Math.abs(Number(byShipper.totals!.service_fee) - fee)).toBeLessThan(0.006);
    const byDriver = await run("joinMetric", { ...range, dimension: "DRIVER" });
    expect(byDriver.totals!.waybills).toBe(inRange.length);
    expect(byDriver.rows.every((r) => /^1\d{10}$/.test(String(r.mobile)))).toBe(true);
    expect((await as(f, "SYSTEM_USER", "/tms-report/joinMetric/search", { ...range, dimension: "CARGO" })).status).toBe(400);
  });

  it("both need their permission code (only the platform account holds them in the demo)", async () => {
    for (const id of ["shareStatistics", "joinMetric"]) {
      const res = await as(f, "ORG_USER", `/tms-report/${id}/search`, range);
      expect(res.status).toBe(403);
    }
  });
});

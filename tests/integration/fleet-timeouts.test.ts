/**
 * 超时规则 over synthetic tracks (domain 7.2): a stop longer than the rule opens one alert however
 * many points of the same stop arrive; moving again closes it; a second stop is a second breach;
 * silence is caught by the detector once; alerts reach the organisation's users; 处理 needs a remark.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stopsOf, TRACK_ACCURACY_MAX_M } from "../../contract/fleet.js";
import { duration, evaluate, runTimeoutDetector, type TrackPoint } from "../../platform/fleet/timeouts.js";
import { as, dispatchOne, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("fleet-timeouts");
});
afterAll(async () => {
  await f?.close();
});

const MIN = 60_000;
const at = (t0: number, minutes: number) => new Date(t0 + minutes * MIN).toISOString();
const track = (t0: number, from: number, to: number, speed: number): TrackPoint[] =>
  Array.from({ length: Math.floor((to - from) / 5) + 1 }, (_, i) => ({ lat: 32.9 + (from + i * 5) * 0.001, lng: 117.3, speed, recordedAt: at(t0, from + i * 5) }));

describe("evaluate (pure)", () => {
  const rule = { loadingTimeoutH: 2, transitTimeoutH: null, stopTimeoutMin: 30, offlineTimeoutMin: 60 };
  const t0 = Date.parse("2026-11-20T00:00:00.000Z");
  const inTransit = { status: "IN_TRANSIT", createdAt: at(t0, -60), loadingTime: at(t0, 0) };

  it("finds a trailing stop from its first stationary point, only past the threshold", () => {
    const moving = track(t0, 0, 20, 60);
    expect(evaluate(rule, inTransit, [...moving, ...track(t0, 25, 50, 0)], t0 + 51 * MIN)).toEqual([]);
    const [stop] = evaluate(rule, inTransit, [...moving, ...track(t0, 25, 55, 0)], t0 + 56 * MIN);
    expect(stop).toMatchObject({ type: "STOP_TIMEOUT", startedAt: at(t0, 25), actual: "30 分钟", threshold: "30 分钟" });
  });

  it("sees loading not started within the hours of dispatch, and silence in transit", () => {
    const waiting = { status: "WAIT_LOADING", createdAt: at(t0, 0), loadingTime: null };
    expect(evaluate(rule, waiting, [], t0 + 119 * MIN)).toEqual([]);
    expect(evaluate(rule, waiting, [], t0 + 130 * MIN)[0]).toMatchObject({ type: "LOADING_TIMEOUT", actual: "2 小时 10 分" });
    expect(evaluate(rule, inTransit, track(t0, 0, 10, 60), t0 + 75 * MIN).map((b) => b.type)).toEqual(["OFFLINE"]);
    expect(duration(52 * 60 * MIN + 10 * MIN)).toBe("52 小时 10 分");
  });
});

describe("alerts over track points as they arrive", () => {
  it("records each breach once, closes it when the vehicle moves, and pushes it to the organisation", async () => {
    const db = f.p.db.kysely;
    const orgId = f.orgIds[0]!;
    await db.updateTable("timeout_configs").set({ enabled: "DISABLED" }).where("org_id", "=", orgId).execute();
    const now = Date.now();
    const t0 = now - 2 * 60 * MIN;
    const waybill = await dispatchOne(f, { plannedWeight: 20_000 });
    await driveTo(f, waybill.id, "IN_TRANSIT");
    const freight = await db.selectFrom("freights").selectAll().where("id", "=", waybill.id).executeTakeFirstOrThrow();
    await db.updateTable("freights").set({ loading_time: at(t0, 0), loading_address: "安徽省合肥市庐阳区北城粮食储备库", unloading_address: "安徽省六安市金安区皋城路粮库" }).where("id", "=", waybill.id).execute();
    await db
      .insertInto("timeout_configs")
      .values({ platform_id: freight.platform_id, tenant_id: freight.tenant_id, org_id: freight.org_id, owner_user_id: null, scope: "ROUTE", loading_region_code: "340100", unloading_region_code: "341500", loading_timeout_h: null, transit_timeout_h: null, stop_timeout_min: 30, offline_timeout_min: 180, notify_mobiles: null, enabled: "ENABLED", created_at: new Date().toISOString(), created_by: null, updated_by: null, updated_at: null, deleted_at: null })
      .execute();
    const report = (points: TrackPoint[]) => okData<{ freightId: number; opened: Array<{ type: string }> }>(as(f, "ORG_USER", "/tms-vehicle-position/report", { vehicleId: freight.vehicle_id, points }));
    const alerts = () => db.selectFrom("vehicle_alerts").selectAll().where("freight_id", "=", waybill.id).orderBy("id").execute();

    expect((await report(track(t0, 0, 20, 60))).opened).toEqual([]);
    expect((await report(track(t0, 25, 45, 0))).opened).toEqual([]);
    // The stop passes 30 minutes: one alert.
    expect((await report(track(t0, 50, 60, 0))).opened.map((o) => o.type)).toEqual(["STOP_TIMEOUT"]);
    // More points of the same stop: still one.
    expect((await report(track(t0, 65, 70, 0))).opened).toEqual([]);
    expect((await alerts()).filter((a) => a.alert_type === "STOP_TIMEOUT")).toHaveLength(1);
    // Moving again closes it.
    await report(track(t0, 75, 75, 50));
    expect((await alerts())[0]).toMatchObject({ alert_type: "STOP_TIMEOUT", status: "AUTO_CLOSED", started_at: at(t0, 25) });
    // A second stop is a second breach.
    expect((await report(track(t0, 80, 115, 0))).opened.map((o) => o.type)).toEqual(["STOP_TIMEOUT"]);
    const stops = (await alerts()).filter((a) => a.alert_type === "STOP_TIMEOUT");
    expect(stops.map((a) => a.status)).toEqual(["AUTO_CLOSED", "OPEN"]);

    // Silence: the detector opens OFFLINE once, however often it runs.
    await runTimeoutDetector(f.p.ctx, now + 240 * MIN);
    await runTimeoutDetector(f.p.ctx, now + 250 * MIN);
    expect((await alerts()).filter((a) => a.alert_type === "OFFLINE")).toHaveLength(1);
    // Read a waybill at a time (the job reads its live waybills in batches by id): still the one alert.
    await runTimeoutDetector(f.p.ctx, now + 260 * MIN, true, 1);
    expect((await alerts()).filter((a) => a.alert_type === "OFFLINE")).toHaveLength(1);

    const pushed = await db.selectFrom("notifications").select(["content", "user_id"]).where("freight_no", "=", waybill.freightNo).execute();
    expect(pushed.some((n) => n.content.startsWith("停车超时") && Number(n.user_id) === f.userIds.ORG_USER)).toBe(true);
    expect(pushed.filter((n) => n.content.startsWith("离线") && Number(n.user_id) === f.userIds.ORG_USER)).toHaveLength(1);

    // 处理 needs a remark; other organisations do not see the alert.
    const open = stops[1]!;
    const bare = await as(f, "ORG_USER", `/tms-vehicle-alert/${open.id}/handle`, {});
    expect(JSON.stringify(bare.body)).toContain("处理备注");
    await okData(as(f, "ORG_USER", `/tms-vehicle-alert/${open.id}/handle`, { handleRemark: "司机在服务区休息" }));
    expect((await db.selectFrom("vehicle_alerts").selectAll().where("id", "=", open.id).executeTakeFirstOrThrow())).toMatchObject({ status: "HANDLED", handled_by: f.userIds.ORG_USER });
    const driver = await as(f, "INDIVIDUAL_USER", `/tms-vehicle-alert/${stops[0]!.id}`, undefined, "GET");
    expect(driver.status === 404 || driver.body.code !== 200).toBe(Number(freight.carrier_user_id) !== f.userIds.INDIVIDUAL_USER);
  });

  it("轨迹查询 finds stops of 10 minutes or more and refuses ranges over 72 hours", async () => {
    const t0 = Date.parse("2026-11-20T00:00:00.000Z");
    const points = [...track(t0, 0, 10, 60), ...track(t0, 15, 20, 0), ...track(t0, 25, 30, 40), ...track(t0, 35, 50, 0)].map((p) => ({ ...p, freightNo: "YD1" }));
    expect(stopsOf(points)).toEqual([{ from: at(t0, 35), to: at(t0, 50), minutes: 15, lat: points.find((p) => p.recordedAt === at(t0, 35))!.lat, lng: 117.3 }]);
    const plate = (await f.p.db.kysely.selectFrom("freight_vehicles").select("plate_no").where("org_id", "=", f.orgIds[0]!).executeTakeFirstOrThrow()).plate_no;
    const long = await as(f, "ORG_USER", `/tms-vehicle-position/track?plateNo=${encodeURIComponent(plate)}&from=2026-01-01T00:00:00Z&to=2026-01-05T00:00:00Z`, undefined, "GET");
    expect(JSON.stringify(long.body)).toContain("查询时间范围不能超过 72 小时");
    const ok = await okData<{ plateNo: string; points: unknown[] }>(as(f, "ORG_USER", `/tms-vehicle-position/track?plateNo=${encodeURIComponent(plate)}&from=2026-01-01T00:00:00Z&to=2026-01-03T00:00:00Z`, undefined, "GET"));
    expect(ok.plateNo).toBe(plate);
  });

  it("keeps the points a phone states precise enough (accuracy) and says how many it dropped", async () => {
    const db = f.p.db.kysely;
    const waybill = await dispatchOne(f, { plannedWeight: 20_000 });
    await driveTo(f, waybill.id, "IN_TRANSIT");
    const freight = await db.selectFrom("freights").select("vehicle_id").where("id", "=", waybill.id).executeTakeFirstOrThrow();
    const now = Date.now();
    const point = (minutesAgo: number, accuracy?: number) => ({ lat: 31.86, lng: 117.28, speed: 40, recordedAt: new Date(now - minutesAgo * MIN).toISOString(), ...(accuracy === undefined ? {} : { accuracy }) });
    const result = await okData<{ freightId: number; stored: number; imprecise: number }>(
      as(f, "ORG_USER", "/tms-vehicle-position/report", { vehicleId: freight.vehicle_id, points: [point(3, 15), point(2, TRACK_ACCURACY_MAX_M + 1), point(1)] }),
    );
    expect(result).toMatchObject({ freightId: waybill.id, stored: 2, imprecise: 1 });
    const kept = await db.selectFrom("freight_track_points").select("recorded_at").where("freight_id", "=", waybill.id).execute();
    expect(kept).toHaveLength(2);
    const negative = await as(f, "ORG_USER", "/tms-vehicle-position/report", { vehicleId: freight.vehicle_id, points: [point(1, -1)] });
    expect(JSON.stringify(negative.body)).toContain("定位精度不能为负");
  });

  it("refuses bad points and foreign vehicles", async () => {
    const bad = await as(f, "ORG_USER", "/tms-vehicle-position/report", { vehicleId: 1, points: [{ lat: 95, lng: 117, speed: 10, recordedAt: new Date().toISOString() }] });
    expect(JSON.stringify(bad.body)).toContain("纬度应在 -90 到 90 之间");
    const driver = await as(f, "INDIVIDUAL_USER", "/tms-vehicle-position/report", { vehicleId: 1, points: [{ lat: 32, lng: 117, speed: 10, recordedAt: new Date().toISOString() }] });
    expect(driver.body.code).toBe(4003);
    expect(driver.body.message).toBe("没有您运输中的该车辆运单，不能上报定位");
  });
});

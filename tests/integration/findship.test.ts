/**
 * 找船 (domain 7.4–7.6) over HTTP: the seeded directory for every kind of account, the wharf audit
 * (staff entries approved at once, organisations' submissions pending, visible to others only once
 * approved), a 船舶信息 submission's rules and what approving it applies, the fines' state machine with
 * its log written in the same transaction, the map and in-transit endpoints, and the public H5 calls
 * (masked contacts, SMS-verified intent, the signed 选船 ticket). Generic engine behaviour is in the
 * generated resource tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";
import { call } from "../helpers/platform.js";

type Rec = Record<string, unknown> & { id: number; version: number; actions: string[] };
type Page = { records: Rec[]; total: number };
let f: FreightTestPlatform;

const search = (who: Account, api: string, filter: Record<string, unknown> = {}) => okData<Page>(as(f, who, `/${api}/search`, { ...filter, current: 1, size: 100 }));
const run = (who: Account, api: string, id: number, key: string, input: Record<string, unknown> = {}) => as<Rec>(f, who, `/${api}/${id}/${key}`, input);
const refusal = async (promise: ReturnType<typeof as>, code: number) => {
  const res = await promise;
  expect((res.body as { code: number }).code, JSON.stringify(res.body)).toBe(code);
  const b = res.body as { message?: string; errorMsg?: string };
  return String(b.message ?? b.errorMsg);
};
const publicCall = <T>(path: string, body?: unknown, method = body === undefined ? "GET" : "POST") => call<T>(f.p.baseUrl, path, { body, method });

beforeAll(async () => {
  f = await startFreightPlatform("findship");
});
afterAll(async () => {
  await f?.close();
});

describe("the seeded directory", () => {
  it("shows every account the published availabilities and approved wharves of its platform", async () => {
    for (const who of ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"] as const) {
      const open = await search(who, "tms-ship-availability", { status: "OPEN" });
      expect(open.total, who).toBeGreaterThan(3);
      expect(open.records.every((r) => r.status === "OPEN")).toBe(true);
      const wharves = await search(who, "tms-wharf", { auditStatus: "APPROVED" });
      expect(wharves.total, who).toBeGreaterThanOrEqual(9);
    }
  });

  it("gives the demo organisation submissions, conversations, fines and their log", async () => {
    expect((await search("ORG_USER", "tms-ship-info-submission", { auditStatus: "PENDING" })).total).toBeGreaterThanOrEqual(2);
    expect((await search("ORG_USER", "tms-ship-communication")).total).toBeGreaterThanOrEqual(5);
    const fines = await search("ORG_USER", "tms-ship-fine");
    expect(new Set(fines.records.map((r) => r.status))).toEqual(new Set(["PENDING", "CONFIRMED", "APPEALED", "DEDUCTED", "WAIVED"]));
    expect((await search("ORG_USER", "tms-ship-fine-log")).total).toBeGreaterThanOrEqual(9);
    expect((await search("SYSTEM_USER", "tms-ship-info-submission", { auditStatus: "PENDING" })).total).toBeGreaterThanOrEqual(2);
  });
});

describe("码头 and its audit", () => {
  it("approves staff entries at once and keeps an organisation's submission to itself until approved", async () => {
    const body = { name: "测试审核码头", portName: "淮南港", address: "安徽省淮南市凤台县", lng: "116.7101", lat: "32.7055" };
    const staff = await okData<Rec>(as(f, "SYSTEM_USER", "/tms-wharf", { ...body, name: "平台录入码头" }));
    expect(staff).toMatchObject({ auditStatus: "APPROVED", source: "PLATFORM" });
    const mine = await okData<Rec>(as(f, "ORG_USER", "/tms-wharf", body));
    expect(mine).toMatchObject({ auditStatus: "PENDING", source: "USER" });
    expect(mine.actions).not.toContain("edit");
    expect(await refusal(as(f, "ORG_USER", "/tms-wharf", body), 4009)).toContain("已有码头");
    expect((await search("INDIVIDUAL_USER", "tms-wharf", { name: "测试审核码头" })).total).toBe(0);
    expect(await refusal(run("ORG_USER", "tms-wharf", mine.id, "approve"), 4003)).toBeTruthy();
    expect((await run("SYSTEM_USER", "tms-wharf", mine.id, "reject", {})).body.code).toBe(400);
    await okData(run("TENANT_USER", "tms-wharf", mine.id, "approve", { auditRemark: "核实无误" }));
    expect((await search("INDIVIDUAL_USER", "tms-wharf", { name: "测试审核码头" })).total).toBe(1);
    expect(await refusal(as(f, "ORG_USER", "/tms-wharf", { ...body, lat: "95" }), 400)).toContain("纬度");
  });
});

describe("船舶信息审核", () => {
  const shipOf = async () => {
    const ships = await okData<Array<{ id: number }>>(as(f, "ORG_USER", "/tms-ship/options", {}));
    return ships[0]!.id;
  };

  it("refuses an availability beyond the deadweight or 30 days, and publishes one when approved", async () => {
    const shipId = await shipOf();
    const ship = await f.p.db.kysely.selectFrom("freight_ships").select(["load_capacity", "ship_name"]).where("id", "=", shipId).executeTakeFirstOrThrow();
    const base = { kind: "AVAILABILITY", shipId, emptyPort: "蚌埠港测试泊位", emptyFrom: "2026-12-01", emptyTo: "2026-12-08", availableLoad: 100_000, contactName: "李调度", contactMobile: "13800000003" };
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-info-submission", { ...base, availableLoad: Number(ship.load_capacity) + 1000 }), 4000)).toContain("载重吨");
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-info-submission", { ...base, emptyTo: "2027-02-01" }), 4000)).toContain("30 天");
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-info-submission", { ...base, contactName: undefined }), 4000)).toContain("联系人");
    const submitted = await okData<Rec>(as(f, "ORG_USER", "/tms-ship-info-submission", base));
    expect(submitted).toMatchObject({ auditStatus: "PENDING", submitterName: "李调度" });
    expect(String(submitted.submissionNo)).toMatch(/^CB\d{14}$/);
    expect((await search("ORG_USER", "tms-ship-availability", { emptyPort: "蚌埠港测试泊位" })).total).toBe(0);
    await okData(run("SYSTEM_USER", "tms-ship-info-submission", submitted.id, "approve", {}));
    const published = await search("INDIVIDUAL_USER", "tms-ship-availability", { emptyPort: "蚌埠港测试泊位" });
    expect(published.records[0]).toMatchObject({ shipName: ship.ship_name, status: "OPEN", availableLoad: 100_000 });
    expect(await refusal(run("SYSTEM_USER", "tms-ship-info-submission", submitted.id, "approve", {}), 4009)).toContain("不能通过");
  });

  it("shows a ship change as 当前 → 申请 and applies it on approval, sending a new deadweight back to audit", async () => {
    const shipId = await shipOf();
    const ship = await f.p.db.kysely.selectFrom("freight_ships").select(["load_capacity"]).where("id", "=", shipId).executeTakeFirstOrThrow();
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-info-submission", { kind: "UPDATE_SHIP", shipId }), 4000)).toContain("至少填写一项");
    const change = await okData<Rec>(as(f, "ORG_USER", "/tms-ship-info-submission", { kind: "UPDATE_SHIP", shipId, newRegistryPort: "淮南", newLoadCapacity: Number(ship.load_capacity) + 50_000 }));
    expect(String(change.changeSummary)).toMatch(/船籍港 .* → 淮南；载重吨 .* → .* 吨/);
    expect((await run("SYSTEM_USER", "tms-ship-info-submission", change.id, "reject", {})).body.code).toBe(400);
    await okData(run("SYSTEM_USER", "tms-ship-info-submission", change.id, "approve", { auditRemark: "证书已核对" }));
    const after = await f.p.db.kysely.selectFrom("freight_ships").select(["registry_port", "load_capacity", "audit_status"]).where("id", "=", shipId).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ registry_port: "淮南", load_capacity: Number(ship.load_capacity) + 50_000, audit_status: "PENDING" });
    await f.p.db.kysely.updateTable("freight_ships").set({ audit_status: "APPROVED", load_capacity: ship.load_capacity }).where("id", "=", shipId).execute();
  });
});

describe("自有船罚款", () => {
  it("logs every step in the fine's transaction and refuses ships that are not self-owned", async () => {
    const ships = await okData<Array<{ id: number }>>(as(f, "ORG_USER", "/tms-ship/options", {}));
    const shipId = ships[0]!.id;
    const fine = await okData<Rec>(as(f, "ORG_USER", "/tms-ship-fine", { shipId, reasonType: "DELAY", description: "测试延误罚款", amount: 12_345, occurredAt: "2026-11-20T02:00:00.000Z" }));
    expect(fine.status).toBe("PENDING");
    expect(String(fine.fineNo)).toMatch(/^FK\d{14}$/);
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-fine", { shipId, reasonType: "DELAY", description: "零元", amount: 0, occurredAt: "2026-11-20T02:00:00.000Z" }), 4000)).toContain("大于 0");
    await okData(run("ORG_USER", "tms-ship-fine", fine.id, "confirm"));
    expect((await run("ORG_USER", "tms-ship-fine", fine.id, "appeal", {})).body.code).toBe(400);
    await okData(run("ORG_USER", "tms-ship-fine", fine.id, "appeal", { handleRemark: "船长称因闸口排队" }));
    const back = await okData<Rec>(run("ORG_USER", "tms-ship-fine", fine.id, "appealReject", { handleRemark: "闸口记录不支持" }));
    expect(back.status).toBe("CONFIRMED");
    const done = await okData<Rec>(run("ORG_USER", "tms-ship-fine", fine.id, "deduct"));
    expect(done.status).toBe("DEDUCTED");
    expect(await refusal(run("ORG_USER", "tms-ship-fine", fine.id, "waive", { handleRemark: "x" }), 4009)).toContain("已扣款");
    const log = await search("ORG_USER", "tms-ship-fine-log", { fineNo: fine.fineNo });
    expect(log.records.map((r) => r.action).reverse()).toEqual(["CREATE", "CONFIRM", "APPEAL", "APPEAL_REJECT", "DEDUCT"]);
    expect(log.records.find((r) => r.action === "APPEAL")?.remark).toBe("船长称因闸口排队");
    await f.p.db.kysely.updateTable("freight_ships").set({ self_owned: 0 }).where("id", "=", shipId).execute();
    expect(await refusal(as(f, "ORG_USER", "/tms-ship-fine", { shipId, reasonType: "DELAY", description: "非自有", amount: 100, occurredAt: "2026-11-20T02:00:00.000Z" }), 4009)).toContain("不是自有船舶");
    await f.p.db.kysely.updateTable("freight_ships").set({ self_owned: 1 }).where("id", "=", shipId).execute();
    expect(await refusal(as(f, "TENANT_USER", "/tms-ship-fine/search", {}), 4003)).toBeTruthy();
    expect(await refusal(as(f, "INDIVIDUAL_USER", "/tms-ship-fine-log/search", {}), 4003)).toBeTruthy();
  });
});

describe("map, detail, in transit and the public H5 calls", () => {
  it("draws approved ships with their notices and opens a ship's detail with its track", async () => {
    const map = await okData<{ ships: Array<{ shipId: number; availability: unknown }>; wharves: unknown[] }>(as(f, "INDIVIDUAL_USER", "/tms-ship-position/map", undefined, "GET"));
    expect(map.ships.length).toBeGreaterThan(3);
    expect(map.wharves.length).toBeGreaterThanOrEqual(9);
    const empty = await okData<{ ships: Array<{ availability: unknown }> }>(as(f, "ORG_USER", "/tms-ship-position/map?empty=1", undefined, "GET"));
    expect(empty.ships.every((s) => s.availability !== null)).toBe(true);
    const detail = await okData<{ track: unknown[]; position: unknown }>(as(f, "ORG_USER", `/tms-find-ship/detail?shipId=${map.ships[0]!.shipId}`, undefined, "GET"));
    expect(detail.track.length).toBeGreaterThan(10);
    expect(detail.position).toBeTruthy();
    expect(await refusal(as(f, "INDIVIDUAL_USER", "/tms-ship-in-transit", undefined, "GET"), 4003)).toContain("水路");
    await okData(as(f, "ORG_USER", "/tms-ship-in-transit", undefined, "GET"));
  });

  it("masks contacts publicly and reveals them to a verified visitor, recording the intent", async () => {
    const list = await publicCall<Array<{ id: number; contactMobile: string }>>("/public/find-ship");
    const first = list.body.data![0]!;
    expect(first.contactMobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await publicCall(`/public/find-ship/${first.id}/contact`, { mobile: "13911112222", smsCode: "000000", name: "王老板" })).body.code).toBe(4000);
    await publicCall("/public/find-ship/sms", { mobile: "13911112222" });
    const sms = await f.p.db.kysely.selectFrom("sms_codes").select("id").where("mobile", "=", "13911112222").execute();
    expect(sms.length).toBe(1);
  });
});

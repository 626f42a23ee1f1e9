import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/platform.js";
import { as, dispatchFresh, driveTo, fingerprint, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
let waiting: { id: number; freightNo: string };
let confirmed: { id: number; freightNo: string };
beforeAll(async () => {
  f = await startFreightPlatform("freight_validation");
  [waiting, confirmed] = (await dispatchFresh(f, { count: 2 })) as [typeof waiting, typeof confirmed];
  await driveTo(f, confirmed.id, "CONFIRMED");
});
afterAll(async () => {
  await f?.close();
});

type Case = [method: "GET" | "POST", path: string, body: unknown];

/** For every call, bodies (or paths) it must refuse with 400 before touching anything. */
const badCases = (): Case[] => [
  ["POST", "/tms-freight/search", { size: 201 }],
  ["POST", "/tms-freight/search", { current: 0 }],
  ["POST", "/tms-freight/search", { status: "LOST" }],
  ["POST", "/tms-freight/search", { status: ["IN_TRANSIT", "LOST"] }],
  ["POST", "/tms-freight/search", { freightWay: "AIR" }],
  ["POST", "/tms-freight/search", { createdFrom: "2026-01-32" }],
  ["POST", "/tms-freight/search", { createdFrom: "2026-02-01", createdTo: "2026-01-01" }],
  ["POST", "/tms-freight/search", { abnormal: "yes" }],
  ["POST", "/tms-freight/search", { freightNo: "Y".repeat(33) }],
  ["POST", "/tms-freight/historyFreightSearch", { loadingFrom: "yesterday" }],
  ["POST", "/tms-freight/export", { status: ["IN_TRANSIT", "BAD"] }],
  ["POST", "/tms-freight/dashboard", { freightWay: "AIR" }],
  ["GET", "/tms-freight/%E8%BF%90%E5%8D%95/detail", undefined],
  ["GET", "/tms-freight/YD-1/track", undefined],
  ["GET", "/tms-freight-riskappeal-review/dispatch-info/0", undefined],
  ["GET", "/tms-freight-riskappeal-review/dispatch-info/abc", undefined],
  ["POST", "/tms-freight/findContract", {}],
  ["POST", "/tms-freight/findContract", { id: -1 }],
  ["POST", "/tms-order-contract/findPersonContract", {}],
  ["POST", "/tms-order-contract/findPersonContract", { driverId: 1, captainId: 1 }],
  ["POST", "/tms-order-contract/findOrderContract", { orderId: "1.5" }],
  ["POST", "/tms-freight/loading", { id: waiting.id }],
  ["POST", "/tms-freight/loading", { id: "abc", loadedWeight: 30_000, weighTicketUrl: "/files/x.jpg" }],
  ["POST", "/tms-freight/loading", { id: waiting.id, loadedWeight: 30_000, weighTicketUrl: "磅单.jpg" }],
  ["POST", "/tms-freight/loading", { id: waiting.id, loadedWeight: 30_000, weighTicketUrl: "/files/x.jpg", loadingTime: "昨天" }],
  ["POST", "/tms-freight/unLoading", { id: waiting.id, unloadedWeight: -1, weighTicketUrl: "/files/x.jpg" }],
  ["POST", "/tms-freight/sign", {}],
  ["POST", "/tms-freight/sign", { id: waiting.id, remark: "备".repeat(201) }],
  ["POST", "/tms-freight/review", { id: 0 }],
  ["POST", "/tms-freight/fleet-confirm", { id: null }],
  ["POST", "/tms-freight/complete", { id: [confirmed.id] }],
  ["POST", "/tms-freight/batchComplete", { ids: [] }],
  ["POST", "/tms-freight/batchComplete", { ids: [confirmed.id, "x"] }],
  ["POST", "/tms-freight/loadingUpdate", { id: waiting.id, loadedWeight: 30_000, reason: "" }],
  ["POST", `/tms-freight/${waiting.id}/cancel`, {}],
  ["POST", "/tms-freight/0/cancel", { reason: "测试" }],
  ["POST", "/tms-freight-dispatch/updateTmsOrderDatailAddress", { id: waiting.id, loadingPlace: "" }],
  ["POST", "/tms-order/search", { scope: "SOME" }],
  ["POST", "/tms-order/search", { size: 1000 }],
  ["POST", "/tms-freight-dispatch/dispatch", { orderId: 1 }],
  ["POST", "/tms-freight-dispatch/dispatch", { orderId: 1, items: "x" }],
  ["POST", "/tms-resource/drivers", { keyword: 123 }],
  ["POST", "/tms-resource/vehicles", { size: 0 }],
  ["POST", "/tms-resource/captains", { current: "first" }],
  ["POST", "/tms-resource/ships", { keyword: "船".repeat(40) }],
  ["POST", "/tms-freight-driver-comment", { freightId: confirmed.id, score: 3 }],
  ["POST", "/tms-freight-driver-comment/select", { replied: "no" }],
  ["POST", "/tms-freight-driver-comment/platformReply", { id: 1 }],
  ["POST", "/device-manage/selector", { bound: "yes" }],
  ["POST", "/device-manage/bind", { deviceId: "a", vehicleId: 1 }],
];

describe(`bad input (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("is refused on every call with 400 and a Chinese message, changing nothing", async () => {
    for (const [method, path, body] of badCases()) {
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`;
      const before = await fingerprint(f);
      // The system account may take every step, so only validation stands in the way.
      for (const account of ["SYSTEM_USER", "ORG_USER"] as const) {
        const res = await as(f, account, path, body, method);
        expect(res.status, label).toBe(400);
        expect(res.body.code, label).toBe(400);
        expect(res.body.errorMsg, label).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect(await fingerprint(f), label).toEqual(before);
    }
  });

  it("answers a body that is not JSON with 400", async () => {
    for (const path of ["/tms-freight/search", "/tms-freight/loading", "/tms-freight-dispatch/dispatch"]) {
      const res = await call(f.p.baseUrl, path, { token: f.tokens.ORG_USER, rawBody: "{not json" });
      expect(res.status, path).toBe(400);
      expect(res.body.errorMsg).toBe("请求体不是合法的 JSON");
    }
  });

  it("requires a login on every call", async () => {
    const paths = [...new Set(badCases().map(([method, path]) => `${method} ${path}`))];
    expect(paths.length).toBeGreaterThan(25);
    for (const entry of paths) {
      const [method, path] = entry.split(" ") as ["GET" | "POST", string];
      const res = await call(f.p.baseUrl, path, { method, body: method === "POST" ? {} : undefined });
      expect(res.status, entry).toBe(401);
    }
  });
});

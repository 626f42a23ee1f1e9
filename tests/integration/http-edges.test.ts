/**
 * Malformed requests get the envelope with a Chinese message and change
 * nothing, on SQLite and PostgreSQL.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform";

const CHINESE = /[\u4e00-\u9fa5]/;

/** A raw request, for what fetch will not send (bad percent-encoding, huge headers). */
function raw(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: "GET", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`malformed requests (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  let platform: TestPlatform;
  let token: string;
  beforeAll(async () => {
    platform = await startTestPlatform("http-edges");
    token = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  });
  afterAll(() => platform?.close());

  it("refuses a NUL character anywhere in a body, naming the field, and saves nothing", async () => {
    const before = await platform.db.kysely.selectFrom("freight_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const waybill = await platform.db.kysely.selectFrom("freights").select("id").where("status", "=", "WAIT_LOADING").executeTakeFirstOrThrow();
    const res = await call(platform.baseUrl, "/tms-freight-dispatch/updateTmsOrderDatailAddress", { token, body: { id: Number(waybill.id), loadingPlace: "合肥\u0000市" } });
    expect(res.status).toBe(400);
    expect(res.body.errorMsg).toMatch(/loadingPlace/);
    expect(res.body.errorMsg).toMatch(CHINESE);
    const after = await platform.db.kysely.selectFrom("freight_events").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const search = await call(platform.baseUrl, "/tms-freight/search", { token, body: { freightNo: "\u0000" } });
    expect(search.status).toBe(400);
  });

  it("refuses required text made only of invisible characters", async () => {
    const waybill = await platform.db.kysely.selectFrom("freights").select("id").where("status", "=", "WAIT_LOADING").executeTakeFirstOrThrow();
    const res = await call(platform.baseUrl, "/tms-freight-dispatch/updateTmsOrderDatailAddress", { token, body: { id: Number(waybill.id), loadingPlace: "\u200b\u200b" } });
    expect(res.status).toBe(400);
    expect(res.body.errorMsg).toMatch(/请填写装货地/);
  });

  it("saves an address update at the maximum lengths", async () => {
    const waybill = await platform.db.kysely.selectFrom("freights").select("id").where("status", "=", "WAIT_LOADING").executeTakeFirstOrThrow();
    const res = await call(platform.baseUrl, "/tms-freight-dispatch/updateTmsOrderDatailAddress", {
      token,
      body: { id: Number(waybill.id), loadingPlace: "装".repeat(64), loadingAddress: "址".repeat(200), unloadingPlace: "卸".repeat(64), unloadingAddress: "地".repeat(200) },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });

  it("answers bad percent-encoding, a very long path parameter and huge headers in the envelope, in Chinese", async () => {
    const badEncoding = await raw(platform.baseUrl, "/tms-freight/%E0%A4%A/detail", { Authorization: `Bearer ${token}` });
    expect(badEncoding.status).toBe(400);
    expect(JSON.parse(badEncoding.body)).toMatchObject({ code: 400, errorMsg: expect.stringMatching(CHINESE) });

    const longParam = await raw(platform.baseUrl, `/tms-freight/${"9".repeat(150)}/detail`, { Authorization: `Bearer ${token}` });
    expect([400, 404, 414]).toContain(longParam.status);
    expect(JSON.parse(longParam.body).errorMsg).toMatch(CHINESE);

    const hugeHeaders = await raw(platform.baseUrl, "/health", { "X-Padding": "x".repeat(17 * 1024) });
    expect(hugeHeaders.status).toBe(431);
    expect(JSON.parse(hugeHeaders.body)).toMatchObject({ code: 431, errorMsg: expect.stringMatching(CHINESE) });
  });

  it("accepts an empty body with a JSON content type where the contract's body is none (docs/architecture.md, Conventions)", async () => {
    const res = await call(platform.baseUrl, "/sys-notification/unread-count", { token, rawBody: "" });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
  });

  it("takes any page size from 1 to 200 and refuses nesting", async () => {
    const seven = await call<{ records: unknown[]; size: number }>(platform.baseUrl, "/tms-freight/search", { token, body: { current: 1, size: 7 } });
    expect(seven.body.code).toBe(200);
    expect(seven.body.data!.records.length).toBeLessThanOrEqual(7);
    for (const body of [{ size: 201 }, { size: 0 }, { current: [[2]] }, { size: [20] }]) {
      const res = await call(platform.baseUrl, "/tms-freight/search", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errorMsg).toMatch(CHINESE);
    }
  });
});

/**
 * Spec 5 on the platform: fields marked with the special-character filter are
 * stripped by the platform as the console's inputs are on blur, so a page without JavaScript and an API
 * client store the same text; a value that is nothing but special characters reads as blank and is
 * refused like one. Unmarked fields (detailed addresses, remarks) keep their punctuation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform";

describe(`special-character filter on the platform (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  let platform: TestPlatform;
  let org: string;
  let system: string;
  beforeAll(async () => {
    platform = await startTestPlatform("special-characters");
    org = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
    system = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  });
  afterAll(() => platform?.close());

  it("strips a resource's marked fields on create and leaves the others alone", async () => {
    const body = { kind: "LOADING", contactName: "王<b>五</b>!", contactMobile: "13900000077", place: "中储粮·蚌埠#直属库", regionCode: "340302", address: "禹会区（北门）, 3号", companyName: "蚌埠粮库 (北区)" };
    const created = await call<{ id: number }>(platform.baseUrl, "/tms-contact", { token: org, body });
    expect(created.body.code).toBe(200);
    const detail = await call<Record<string, unknown>>(platform.baseUrl, `/tms-contact/${created.body.data!.id}`, { token: org, method: "GET" });
    expect(detail.body.data).toMatchObject({ contactName: "王b五b", place: "中储粮·蚌埠直属库", companyName: "蚌埠粮库北区", address: "禹会区（北门）, 3号" });
  });

  it("refuses a required marked field made only of special characters, as blank", async () => {
    const res = await call(platform.baseUrl, "/tms-contact", { token: org, body: { kind: "LOADING", contactName: "张三", contactMobile: "13900000078", place: "#@!（）", regionCode: "340302", address: "禹会区" } });
    expect(res.status).toBe(400);
    expect(res.body.errorMsg).toBe("请填写地点名称");
  });

  it("strips the places of a waybill's address update and the waybill search's texts", async () => {
    const waybill = await platform.db.kysely.selectFrom("freights").select(["id", "freight_no"]).where("status", "=", "WAIT_LOADING").executeTakeFirstOrThrow();
    const res = await call(platform.baseUrl, "/tms-freight-dispatch/updateTmsOrderDatailAddress", { token: system, body: { id: Number(waybill.id), loadingPlace: "合肥<script>市", loadingAddress: "蜀山区（南门）" } });
    expect(res.body.code).toBe(200);
    const stored = await platform.db.kysely.selectFrom("freights").select(["loading_place", "loading_address"]).where("id", "=", waybill.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ loading_place: "合肥script市", loading_address: "蜀山区（南门）" });

    const noisy = waybill.freight_no.split("").join(" ");
    const search = await call<{ records: Array<{ freightNo: string }> }>(platform.baseUrl, "/tms-freight/search", { token: system, body: { freightNo: `#${noisy}!`, current: 1, size: 10 } });
    expect(search.body.code).toBe(200);
    expect(search.body.data!.records.map((r) => r.freightNo)).toEqual([waybill.freight_no]);
  });
});

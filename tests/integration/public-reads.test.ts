/**
 * Public reads of the H5 pages: 船舶详情 (/public/ship/:id) is read-limited per visitor address (the
 * trusted-proxy client address the console forwards), and 空船信息's 浏览次数 counts a visitor once per
 * notice per hour, not on every GET.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SEARCHES_PER_MINUTE } from "../../contract/findship.js";
import { call, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform("public-reads");
});
afterAll(() => platform?.close());

// The test reaches the platform from loopback, like the bundled console: its X-Forwarded-For is the visitor.
const from = (address: string) => ({ "X-Forwarded-For": address });

describe(`public H5 reads (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("limit 船舶详情 per visitor address", async () => {
    const ship = await platform.db.kysely.selectFrom("freight_ships").select("id").where("platform_id", "=", "A").where("audit_status", "=", "APPROVED").where("enabled", "=", "ENABLED").where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const codes: number[] = [];
    for (let i = 0; i <= PUBLIC_SEARCHES_PER_MINUTE; i++) codes.push((await call(platform.baseUrl, `/public/ship/${ship.id}`, { method: "GET", headers: from("198.51.100.21") })).body.code);
    expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
    const refused = await call(platform.baseUrl, `/public/ship/${ship.id}`, { method: "GET", headers: from("198.51.100.21") });
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.message ?? refused.body.errorMsg).toContain("访问过于频繁");
    // Another visitor is not affected.
    expect((await call(platform.baseUrl, `/public/ship/${ship.id}`, { method: "GET", headers: from("198.51.100.22") })).body.code).toBe(200);
  });

  it("count a notice's view once per visitor per hour", async () => {
    const [first] = (await call<Array<{ id: number }>>(platform.baseUrl, "/public/find-ship", { method: "GET", headers: from("198.51.100.30") })).body.data!;
    const views = async () => Number((await platform.db.kysely.selectFrom("ship_availabilities").select("view_count").where("id", "=", first!.id).executeTakeFirstOrThrow()).view_count);
    const before = await views();
    for (let i = 0; i < 5; i++) expect((await call(platform.baseUrl, `/public/find-ship/${first!.id}`, { method: "GET", headers: from("198.51.100.31") })).body.code).toBe(200);
    expect(await views()).toBe(before + 1);
    for (let i = 0; i < 3; i++) await call(platform.baseUrl, `/public/find-ship/${first!.id}`, { method: "GET", headers: from("198.51.100.32") });
    expect(await views()).toBe(before + 2);
  });
});

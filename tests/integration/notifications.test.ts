import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import type { MarkReadResult, Notification, UnreadCount } from "../../contract/notification.js";
import { notifyUsers } from "../../platform/iam/notifications/notify.js";
import { call, DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform.js";

let platform: TestPlatform;
let base: string;
let orgToken: string;
let tenantToken: string;
let individualToken: string;

beforeAll(async () => {
  platform = await startTestPlatform("notifications");
  base = platform.baseUrl;
  [orgToken, tenantToken, individualToken] = await Promise.all(
    [DEMO_ACCOUNTS.ORG_USER, DEMO_ACCOUNTS.TENANT_USER, DEMO_ACCOUNTS.INDIVIDUAL_USER].map(async (mobile) => (await loginAs(base, mobile)).accessToken),
  );
});

afterAll(async () => {
  await platform?.close();
});

async function search(token: string, body: Record<string, unknown> = {}) {
  const res = await call<Paged<Notification>>(base, "/sys-notification/self/search", { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(200);
  return res.body.data!;
}

async function unread(token: string): Promise<number> {
  const res = await call<UnreadCount>(base, "/sys-notification/unread-count", { token, body: {} });
  expect(res.body.code).toBe(200);
  return res.body.data!.msgNum;
}

async function pendingIds(token: string, count: number): Promise<string[]> {
  const page = await search(token, { status: "PENDING", size: 10 });
  expect(page.records.length).toBeGreaterThanOrEqual(count);
  return page.records.slice(0, count).map((n) => n.id);
}

async function statusOf(token: string, id: string): Promise<string | undefined> {
  const all = await search(token, { size: 200 });
  const pages = Math.ceil(all.total / 200);
  for (let current = 1; current <= pages; current++) {
    const page = current === 1 ? all : await search(token, { size: 200, current });
    const hit = page.records.find((n) => n.id === id);
    if (hit) return hit.status;
  }
  return undefined;
}

describe(`message centre (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("refuses every call without a valid token", async () => {
    for (const path of ["/sys-notification/self/search", "/sys-notification/mark-read", "/sys-notification/detail", "/sys-notification/unread-count"]) {
      const missing = await call(base, path, { body: {} });
      expect(missing.status, path).toBe(401);
      expect(missing.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
      const bogus = await call(base, path, { body: {}, token: "not-a-token" });
      expect(bogus.status, path).toBe(401);
    }
  });

  it("pages the caller's seeded notifications newest first with the default size of 20", async () => {
    const first = await search(orgToken);
    expect(first.current).toBe(1);
    expect(first.size).toBe(20);
    expect(first.records).toHaveLength(20);
    expect(first.total).toBeGreaterThanOrEqual(200);
    const times = first.records.map((n) => n.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    for (const n of first.records) {
      expect(["PENDING", "READ"]).toContain(n.status);
      expect(n.content).toMatch(/[\u4e00-\u9fa5]/);
    }

    const pageA = await search(orgToken, { current: 1, size: 10 });
    const pageB = await search(orgToken, { current: 2, size: 10 });
    expect(pageB.current).toBe(2);
    expect(pageB.size).toBe(10);
    expect(pageA.records.map((n) => n.id)).toEqual(first.records.slice(0, 10).map((n) => n.id));
    expect(pageB.records.map((n) => n.id)).toEqual(first.records.slice(10, 20).map((n) => n.id));
    expect(pageA.records.at(-1)!.createdTime >= pageB.records[0]!.createdTime).toBe(true);

    const beyond = await search(orgToken, { current: 1000, size: 200 });
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it("covers every target type, and freight messages say which waybill detail to open", async () => {
    const all = await search(orgToken, { size: 200 });
    const types = new Set(all.records.map((n) => n.targetType));
    for (const type of ["ORDER", "FREIGHT", "MY", "MYWALLET", "DELIVER", "PICK", "SOURCE_GOODS_LIST"]) expect(types).toContain(type);
    for (const n of all.records.filter((r) => r.targetType === "FREIGHT")) {
      // The seeded messages name real waybills (the orders seed points them at the recipient's own).
      expect(n.freightNo).toMatch(/^YD\d{16}$/);
      expect(["ROAD", "WATER"]).toContain(n.freightWay);
    }
  });

  it("filters by status and by tags (a string or an array)", async () => {
    const all = await search(orgToken);
    const pending = await search(orgToken, { status: "PENDING", size: 200 });
    const read = await search(orgToken, { status: "READ" });
    expect(pending.total).toBeGreaterThan(0);
    expect(read.total).toBeGreaterThan(0);
    expect(pending.total + read.total).toBe(all.total);
    expect(pending.records.every((n) => n.status === "PENDING")).toBe(true);
    expect(read.records.every((n) => n.status === "READ")).toBe(true);
    expect(await unread(orgToken)).toBe(pending.total);

    const orders = await search(orgToken, { tags: "order", size: 50 });
    expect(orders.total).toBeGreaterThan(0);
    expect(orders.total).toBeLessThan(all.total);
    expect(orders.records.every((n) => n.tags.includes("order"))).toBe(true);
    expect((await search(orgToken, { tags: ["order"] })).total).toBe(orders.total);

    const supply = await search(orgToken, { tags: "supply" });
    const either = await search(orgToken, { tags: ["order", "supply"], size: 100 });
    expect(either.total).toBe(orders.total + supply.total);
    expect(either.records.every((n) => n.tags.includes("order") || n.tags.includes("supply"))).toBe(true);

    const pendingOrders = await search(orgToken, { tags: "order", status: "PENDING", size: 100 });
    expect(pendingOrders.records.every((n) => n.status === "PENDING" && n.tags.includes("order"))).toBe(true);
    expect(pendingOrders.total).toBeLessThanOrEqual(orders.total);

    expect((await search(orgToken, { tags: "no-such-tag" })).total).toBe(0);
  });

  it("rejects bad input with 400 and a Chinese message, changing nothing", async () => {
    const before = await unread(orgToken);
    const [pendingId] = await pendingIds(orgToken, 1);
    const cases: Array<[string, unknown]> = [
      ["/sys-notification/mark-read", {}],
      ["/sys-notification/mark-read", { ids: [] }],
      ["/sys-notification/mark-read", { ids: pendingId }],
      ["/sys-notification/mark-read", { ids: [pendingId, "abc"] }],
      ["/sys-notification/mark-read", { ids: [pendingId, -3] }],
      ["/sys-notification/mark-read", { ids: [{ id: pendingId }] }],
      ["/sys-notification/mark-read", { readAll: "NO" }],
      ["/sys-notification/mark-read", { readAll: true }],
      ["/sys-notification/self/search", { status: "UNREAD" }],
      ["/sys-notification/self/search", { size: 500 }],
      ["/sys-notification/self/search", { size: "abc" }],
      ["/sys-notification/self/search", { current: 0 }],
      ["/sys-notification/self/search", { tags: 123 }],
      ["/sys-notification/self/search", { tags: ["order", "bad%tag"] }],
      ["/sys-notification/detail", {}],
      ["/sys-notification/detail", { id: "x" }],
      ["/sys-notification/detail", { id: 1.5 }],
    ];
    for (const [path, body] of cases) {
      const res = await call(base, path, { token: orgToken, body });
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.code).toBe(400);
      expect(res.body.errorMsg, `${path} ${JSON.stringify(body)}`).toMatch(/[\u4e00-\u9fa5]/);
    }
    const notJson = await call(base, "/sys-notification/mark-read", { token: orgToken, rawBody: "{ids:" });
    expect(notJson.status).toBe(400);
    expect(await unread(orgToken)).toBe(before);
    expect(await statusOf(orgToken, pendingId!)).toBe("PENDING");
  });

  it("marks the caller's own notifications read by ids", async () => {
    const before = await unread(orgToken);
    const ids = await pendingIds(orgToken, 3);
    const res = await call<MarkReadResult>(base, "/sys-notification/mark-read", { token: orgToken, body: { ids } });
    expect(res.body).toMatchObject({ code: 200, data: { count: 3 } });
    expect(await unread(orgToken)).toBe(before - 3);
    for (const id of ids) expect(await statusOf(orgToken, id)).toBe("READ");

    const again = await call<MarkReadResult>(base, "/sys-notification/mark-read", { token: orgToken, body: { ids: ids.map(Number) } });
    expect(again.body).toMatchObject({ code: 200, data: { count: 0 } });
    expect(await unread(orgToken)).toBe(before - 3);
  });

  it("refuses another user's ids and changes neither user's messages", async () => {
    const [own] = await pendingIds(orgToken, 1);
    const [theirs] = await pendingIds(tenantToken, 1);
    const orgBefore = await unread(orgToken);
    const tenantBefore = await unread(tenantToken);

    const res = await call(base, "/sys-notification/mark-read", { token: orgToken, body: { ids: [own, theirs] } });
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(200);
    expect(res.body.message).toMatch(/[\u4e00-\u9fa5]/);

    const missing = await call(base, "/sys-notification/mark-read", { token: orgToken, body: { ids: [own, "999999999"] } });
    expect(missing.body.code).not.toBe(200);

    expect(await unread(orgToken)).toBe(orgBefore);
    expect(await unread(tenantToken)).toBe(tenantBefore);
    expect(await statusOf(orgToken, own!)).toBe("PENDING");
    expect(await statusOf(tenantToken, theirs!)).toBe("PENDING");
  });

  it("opens one notification, marking it read; another user's is not found", async () => {
    const before = await unread(orgToken);
    const [id] = await pendingIds(orgToken, 1);
    const res = await call<Notification>(base, "/sys-notification/detail", { token: orgToken, body: { id } });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "READ" });
    expect(await statusOf(orgToken, id!)).toBe("READ");
    expect(await unread(orgToken)).toBe(before - 1);

    const reopened = await call<Notification>(base, "/sys-notification/detail", { token: orgToken, body: { id: Number(id) } });
    expect(reopened.body.data).toMatchObject({ id, status: "READ" });
    expect(await unread(orgToken)).toBe(before - 1);

    const [theirs] = await pendingIds(tenantToken, 1);
    const tenantBefore = await unread(tenantToken);
    const foreign = await call(base, "/sys-notification/detail", { token: orgToken, body: { id: theirs } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
    expect(await statusOf(tenantToken, theirs!)).toBe("PENDING");
    expect(await unread(tenantToken)).toBe(tenantBefore);
  });

  it("reads one without marking it with markRead NO (the console's GET), and refuses other values", async () => {
    const before = await unread(orgToken);
    const [id] = await pendingIds(orgToken, 1);
    const res = await call<Notification>(base, "/sys-notification/detail", { token: orgToken, body: { id, markRead: "NO" } });
    expect(res.body.data).toMatchObject({ id, status: "PENDING" });
    expect(await statusOf(orgToken, id!)).toBe("PENDING");
    expect(await unread(orgToken)).toBe(before);
    const bad = await call(base, "/sys-notification/detail", { token: orgToken, body: { id, markRead: true } });
    expect(bad.status).toBe(400);
    expect(await statusOf(orgToken, id!)).toBe("PENDING");
  });

  it("marks everything read with readAll YES, for the caller only", async () => {
    const before = await unread(individualToken);
    const tenantBefore = await unread(tenantToken);
    expect(before).toBeGreaterThan(0);
    const res = await call<MarkReadResult>(base, "/sys-notification/mark-read", { token: individualToken, body: { readAll: "YES" } });
    expect(res.body).toMatchObject({ code: 200, data: { count: before } });
    expect(await unread(individualToken)).toBe(0);
    expect((await search(individualToken, { status: "PENDING" })).total).toBe(0);
    expect(await unread(tenantToken)).toBe(tenantBefore);
  });

  it("notifyUsers creates an unread notification for each user, listed first", async () => {
    const users = await platform.db.kysely
      .selectFrom("users")
      .select(["id", "mobile"])
      .where("mobile", "in", [DEMO_ACCOUNTS.ORG_USER, DEMO_ACCOUNTS.INDIVIDUAL_USER])
      .execute();
    const before = await unread(individualToken);
    const created = await notifyUsers(
      platform.ctx,
      users.map((u) => u.id),
      { content: "运单 HY202611200042 已装货，小麦 32.50 吨", targetType: "FREIGHT", targetId: 42, tags: ["freight"], freightNo: "HY202611200042", freightWay: "WATER" },
    );
    expect(created).toHaveLength(2);
    for (const token of [orgToken, individualToken]) {
      const [newest] = (await search(token)).records;
      expect(newest).toMatchObject({
        content: "运单 HY202611200042 已装货，小麦 32.50 吨",
        status: "PENDING",
        targetType: "FREIGHT",
        targetId: "42",
        tags: ["freight"],
        freightNo: "HY202611200042",
        freightWay: "WATER",
      });
    }
    expect(await unread(individualToken)).toBe(before + 1);
  });

  it("the development notify call creates a notification for a mobile and validates its input", async () => {
    const res = await call<Notification>(base, "/api/v1/dev/notify", {
      body: { mobile: DEMO_ACCOUNTS.TENANT_USER, content: "新订单 DD202611200007 待派车", targetType: "ORDER", targetId: "7" },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ targetType: "ORDER", targetId: "7", status: "PENDING" });
    expect((await search(tenantToken)).records[0]!.id).toBe(res.body.data!.id);

    const unknown = await call(base, "/api/v1/dev/notify", { body: { mobile: "13999999999", content: "x", targetType: "MY", targetId: "1" } });
    expect(unknown.status).toBe(404);
    const freightWithoutNo = await call(base, "/api/v1/dev/notify", {
      body: { mobile: DEMO_ACCOUNTS.TENANT_USER, content: "x", targetType: "FREIGHT", targetId: "1" },
    });
    expect(freightWithoutNo.status).toBe(400);
    const badType = await call(base, "/api/v1/dev/notify", { body: { mobile: DEMO_ACCOUNTS.TENANT_USER, content: "x", targetType: "BOAT", targetId: "1" } });
    expect(badType.status).toBe(400);
  });
});

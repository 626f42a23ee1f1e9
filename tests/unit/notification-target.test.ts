import { readdirSync } from "node:fs";
import { engineRoutes } from "../../scripts/engine-routes.js";
import { describe, expect, it } from "vitest";
import { FALLBACK_PAGE, NOTIFICATION_TARGET_PATHS, OWNER_PAGES, ownerPagePath } from "../../contract/notification-targets.js";
import { PERMISSIONS } from "../../contract/permissions.js";
import { resolveAccess } from "../../app/navigation/access.js";
import { pageAt } from "../../app/pages/index.js";
import { deniedPages } from "../../app/services/page-access.server.js";
import type { Notification } from "../../contract/notification.js";
import { confirmLabel, notificationListHref, notificationListQuery, notificationTargetHref } from "../../app/lib/notification-target.js";

const message = (overrides: Partial<Notification>): Notification => ({
  id: "1",
  createdTime: "2026-01-01T00:00:00.000Z",
  content: "x",
  status: "PENDING",
  targetType: "MY",
  targetId: "42",
  tags: [],
  freightNo: null,
  freightWay: null,
  targetPath: null,
  ...overrides,
});

describe("notificationTargetHref (spec 2.3)", () => {
  it("opens the road or water waybill detail with freightNo, as the freight service reports the way", () => {
    const freight = message({ targetType: "FREIGHT", freightNo: "HY2026 01", freightWay: "ROAD" });
    expect(notificationTargetHref(freight)).toBe("/dispatchManage/wayillDetails/index?freightNo=HY2026+01");
    expect(notificationTargetHref(freight, "WATER")).toBe("/dispatchManage/wayillDetails/waterIndex?freightNo=HY2026+01");
    expect(notificationTargetHref({ ...freight, freightWay: "WATER" }, null)).toBe("/dispatchManage/wayillDetails/waterIndex?freightNo=HY2026+01");
  });

  it("opens the page the platform's catalogue names, and only a path of this console", () => {
    expect(notificationTargetHref(message({ targetType: "MYWALLET", targetPath: "/financialManage/paymentDetail?id=5" }))).toBe("/financialManage/paymentDetail?id=5");
    expect(notificationTargetHref(message({ targetType: "MY", targetPath: "//evil.example/x" }))).toBeNull();
    expect(notificationTargetHref(message({ targetType: "MY", targetPath: "https://evil.example/x" }))).toBeNull();
  });

  it("every path the catalogue may send is a page of the console", async () => {
    const routes = readdirSync(new URL("../../app/routes/", import.meta.url)).filter((f) => f.startsWith("_app.") && f.endsWith(".tsx"));
    const asPath = (file: string) => "/" + file.slice("_app.".length, -".tsx".length).split(".").map((seg) => (seg.startsWith("$") ? ":id" : seg)).join("/");
    const known = new Set([...routes.map(asPath), ...(await engineRoutes()).map((route) => route.path)]);
    for (const path of NOTIFICATION_TARGET_PATHS) expect(known, path).toContain(path);
  });

  it("each owner page opens, in the console's own guard, to the kinds the rule names, and shows the resource it names", () => {
    const codes = Object.keys(PERMISSIONS);
    for (const pages of Object.values(OWNER_PAGES)) {
      for (const page of pages) {
        if (page.def) expect(pageAt(page.path)?.def.key, page.path).toBe(page.def.key);
        for (const kind of page.kinds) {
          const viewer = { roles: [kind, ...codes], versionFunctions: ["CAPTAIN"], denied: deniedPages(kind, codes) };
          expect(resolveAccess(page.path.replace(":id", "1"), viewer).kind, `${page.path} for ${kind}`).toBe("ok");
        }
      }
    }
  });

  it("a decision leads each recipient to his own page of the subject, or to 个人信息 when he may open none", () => {
    const org = { type: "ORG_USER" as const, permissions: new Set(["TMS_RESOURCE_DRIVER", "TMS_VEHICLE_LIST", "TMS_RESOURCE_CAPTAIN"]) };
    expect(ownerPagePath({ key: "driverProfile", id: 5, rosterId: 17 }, org)).toBe("/resourceManager/driver/detail?id=17");
    expect(ownerPagePath({ key: "captainProfile", id: 5, rosterId: 9 }, org)).toBe("/resourceManager/captain/detail/9");
    expect(ownerPagePath({ key: "vehicle", id: 3 }, org)).toBe("/carAdministration/carDetail/3");
    expect(ownerPagePath({ key: "ship", id: 4 }, org)).toBe("/resourceManager/ship/detail/4");
    // No roster entry of his organisation, no codes for the page, a person's own 档案, an organisation's own 企业: 个人信息.
    expect(ownerPagePath({ key: "driverProfile", id: 5, rosterId: null }, org)).toBe(FALLBACK_PAGE);
    expect(ownerPagePath({ key: "vehicle", id: 3 }, { type: "ORG_USER", permissions: new Set() })).toBe(FALLBACK_PAGE);
    expect(ownerPagePath({ key: "driverProfile", id: 5 }, { type: "INDIVIDUAL_USER", permissions: new Set(["TMS_RESOURCE_DRIVER"]) })).toBe(FALLBACK_PAGE);
    expect(ownerPagePath({ key: "enterprise", id: 2 }, org)).toBe(FALLBACK_PAGE);
    expect(ownerPagePath({ key: "shipper", id: 12 }, { type: "ORG_USER", permissions: new Set(["TMS_RESOURCE_SHIPPER"]) })).toBe("/resourceManager/shipper/detail/12");
  });

  it("opens supply and order details with the target id", () => {
    expect(notificationTargetHref(message({ targetType: "SOURCE_GOODS_LIST", targetId: "7" }))).toBe("/supplyManage/supplyDetail?id=7");
    expect(notificationTargetHref(message({ targetType: "ORDER", targetId: "8" }))).toBe("/orderManage/orderDetail?id=8");
  });

  it("has no detail page for the other types, or without the key to open one", () => {
    for (const targetType of ["MY", "MYWALLET", "DELIVER", "PICK"] as const) expect(notificationTargetHref(message({ targetType }))).toBeNull();
    expect(notificationTargetHref(message({ targetType: "FREIGHT", freightNo: null }))).toBeNull();
    expect(notificationTargetHref(message({ targetType: "ORDER", targetId: "" }))).toBeNull();
  });

  it("labels the confirm button 查看详情 only when there is a page to open", () => {
    expect(confirmLabel("/orderManage/orderDetail?id=8")).toBe("查看详情");
    expect(confirmLabel(null)).toBe("确定");
  });
});

describe("the message centre's list query", () => {
  const query = (search: string) => notificationListQuery(new URL(`http://console/sysNotification${search}`));

  it("defaults to every message, page 1 of 20", () => {
    expect(query("")).toEqual({ current: 1, size: 20, status: null, tag: null });
  });

  it("reads status, tag and paging, ignoring values the platform would refuse", () => {
    expect(query("?status=READ&tag=freight&current=3&size=50")).toEqual({ current: 3, size: 50, status: "READ", tag: "freight" });
    expect(query("?status=DELETED&tag=a%25b&size=700")).toEqual({ current: 1, size: 20, status: null, tag: null });
  });

  it("builds the address back, without defaults, with the opened message last", () => {
    expect(notificationListHref({ current: 1, size: 20, status: null, tag: null })).toBe("/sysNotification");
    expect(notificationListHref({ current: 2, size: 50, status: "PENDING", tag: "wallet" }, "9")).toBe(
      "/sysNotification?status=PENDING&tag=wallet&current=2&size=50&open=9",
    );
    expect(notificationListHref(query("?status=READ&current=4"))).toBe("/sysNotification?status=READ&current=4");
  });
});

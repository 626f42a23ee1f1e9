import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PERMISSION_CODES } from "../../contract/permissions";
import { USER_TYPES } from "../../contract/platforms";
import {
  breadcrumb,
  filterRoutes,
  hasPermission,
  ICON_PATHS,
  isPublicPath,
  leafRoutes,
  matchRoute,
  pageTitle,
  PUBLIC_PATHS,
  resolveAccess,
  ROUTE_TREE,
  searchIndex,
  type RouteNode,
  type Viewer,
} from "~/navigation";
import { createRouteSearch } from "~/navigation/route-search";
import { builtPaths, parseWhoMayOpen, routesDocument, routeTable } from "../../scripts/route-table";
import { engineRoutes, moduleSource, routeFileCandidates } from "../../scripts/engine-routes";
import { PAGES } from "~/pages";

const BUILD = ["CAPTAIN", "DRIVER"];
const viewer = (roles: string[], versionFunctions: string[] = BUILD): Viewer => ({ roles, versionFunctions });

const SYSTEM = viewer([
  "SYSTEM_USER",
  "IAM_USER_MANAGEMENT",
  "IAM_ROLE_MANAGEMENT",
  "TMS_FREIGHT_WATER",
  "TMS_DRIVER_APPROVE",
  "TMS_INVOICE_MANAGEMENT_ADMIN",
  "TMS_SOURCE_LIST",
  "TMS_AUDIT_SOURCE",
  "TMS_STATISTICS_OF_lOADING_TRAFFIC",
  "SHUIKOU_BUSINESS_INDEX",
  "TMS_RISK_APPEAL_LIST",
  "TMS_RISK_APPEAL_AUDIT",
]);
const TENANT = viewer(["TENANT_USER", "IAM_USER_MANAGEMENT", "TMS_INVOICE_INFO", "TMS_FREIGHT_WATER"]);
const ORG = viewer([
  "ORG_USER",
  "TMS_ORDER_ADD",
  "TMS_FREIGHT_DISPATCH",
  "TMS_FREIGHT_WATER",
  "TMS_SOURCE_LIST",
  "TMS_NEW_SOURCE",
  "TMS_SELF_OWNED_SHIP",
  "TMS_INVOICE_INFO",
]);
const INDIVIDUAL = viewer(["INDIVIDUAL_USER", "TMS_ORDER_ADD", "TMS_SOURCE_LIST"]);

const topPaths = (tree: RouteNode[]) => tree.map((node) => node.path);
const childPaths = (tree: RouteNode[], groupPath: string) =>
  (tree.find((node) => node.path === groupPath)?.children ?? []).map((node) => node.path);
const allNodes = (tree: RouteNode[]): RouteNode[] => tree.flatMap((node) => [node, ...allNodes(node.children ?? [])]);

describe("route map", () => {
  const nodes = allNodes(ROUTE_TREE);
  const leaves = leafRoutes(ROUTE_TREE);

  it("declares every path once and every path absolute", () => {
    const paths = nodes.map((node) => node.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/[A-Za-z0-9/:_-]+[^/]$/);
  });

  it("has the spec's groups, in menu order, each with a drawable icon", () => {
    expect(topPaths(ROUTE_TREE)).toEqual([
      "/dashboard",
      "/system",
      "/submitData",
      "/dispatchManage",
      "/orderManage",
      "/resourceManager",
      "/sysNotification",
      "/trajectoryPosition",
      "/userInfoManage",
      "/financialManage",
      "/accountManage",
      "/carAdministration",
      "/findShipManage",
      "/carStatisticalReport",
      "/shuikouBusiness/index",
      "/joinMetric/index",
      "/supplier/report",
      "/supplyManage",
      "/selfOwnedShipFineManagement/selfOwnedShipLog",
      "/personalCenter",
    ]);
    for (const node of ROUTE_TREE) {
      expect(node.icon, node.path).toBeDefined();
      expect(ICON_PATHS[node.icon!]).toMatch(/^M[\d\s.,a-zA-Z-]+$/);
    }
  });

  it("contains every page the spec names, with its spelling", () => {
    const named = [
      "/system/enterpriseConfigEdit",
      "/system/safetyNotice",
      "/submitData/anhuiDetail",
      "/wurunPushManage/roadTransport",
      "/wurunPushManage/waterTransport",
      "/dispatchManage/wayillDetails/index",
      "/dispatchManage/wayillDetails/waterIndex",
      "/dispatchManage/trackPlaybackWater",
      "/dispatchManage/checkTheMonitor",
      "/dispatchManage/appealAudit",
      "/orderManage/anewdeliveryList",
      "/orderManage/waterAnewdeliveryList",
      "/orderManage/reimburse",
      "/resourceManager/driver/driverEdit",
      "/resourceManager/captain/detail/:id",
      "/resourceManager/shipowner/edit/:id",
      "/resourceManager/unitOfAccount",
      "/userInfoManage/addEnterprise",
      "/userInfoManage/enterpriseUpdate/:id",
      "/userInfoManage/enterprise/:id/audit",
      "/userInfoManage/driverMaster/audit/:id",
      "/userInfoManage/relationsShipList",
      "/userInfoManage/registrationInvitationList",
      "/accountManage/expendDetail",
      "/carAdministration/trajectoryPosition/locu",
      "/carAdministration/findCar/setCarInfo",
      "/findShipManage/communicateLog",
      "/carStatisticalReport/orderTrendReport",
      "/supplyManage/updataSource",
      "/supplyManage/updataSupply",
      "/personalCenter/invoiceInfo",
    ];
    const paths = new Set(nodes.map((node) => node.path));
    for (const path of named) expect(paths.has(path), path).toBe(true);
  });

  it("makes hidden pages highlight a visible list and groups default to a visible page of their own", () => {
    const visibleLeaves = new Set(leaves.filter((leaf) => !leaf.hidden).map((leaf) => leaf.path));
    for (const leaf of leaves.filter((l) => l.hidden)) {
      expect(visibleLeaves.has(leaf.activeMenu ?? ""), `${leaf.path} → ${leaf.activeMenu}`).toBe(true);
    }
    for (const group of nodes.filter((node) => node.children)) {
      const own = leafRoutes([group]).filter((leaf) => !leaf.hidden).map((leaf) => leaf.path);
      expect(own, group.path).toContain(group.redirect);
    }
  });

  it("only requires user kinds and catalogued permission codes", () => {
    const known = new Set<string>([...USER_TYPES, ...PERMISSION_CODES]);
    for (const node of nodes) for (const role of node.roles ?? []) expect(known.has(role), `${node.path}: ${role}`).toBe(true);
  });

  it("pins only the home page, which needs no role", () => {
    expect(nodes.filter((node) => node.affix).map((node) => node.path)).toEqual(["/dashboard"]);
    expect(ROUTE_TREE[0]).toMatchObject({ title: "首页", path: "/dashboard" });
    expect(ROUTE_TREE[0].roles).toBeUndefined();
  });

  it("lists the public pages of spec 2.1 outside the menu", () => {
    expect(PUBLIC_PATHS).toEqual(
      expect.arrayContaining(["/login", "/auth-redirect", "/download", "/h5findShip", "/h5selectShip", "/shipDetail", "/WXbinding", "/404", "/401", "/redirect"]),
    );
    for (const path of PUBLIC_PATHS) expect(matchRoute(ROUTE_TREE, path)).toBeNull();
    expect(isPublicPath("/login/")).toBe(true);
    expect(isPublicPath("/redirect/dispatchManage/waybillList")).toBe(true);
    expect(isPublicPath("/dashboard")).toBe(false);
    expect(isPublicPath("/loginx")).toBe(false);
  });
});

describe("hasPermission", () => {
  it("passes when the viewer holds any of the roles", () => {
    expect(hasPermission(["ORG_USER", "TMS_ORDER_ADD"], ["SYSTEM_USER", "TMS_ORDER_ADD"])).toBe(true);
    expect(hasPermission(["ORG_USER"], ["SYSTEM_USER", "TENANT_USER"])).toBe(false);
  });

  it("throws the roles-needed error when not given a roles array", () => {
    for (const bad of [undefined, null, "SYSTEM_USER", { roles: ["SYSTEM_USER"] }, []]) {
      expect(() => hasPermission(["SYSTEM_USER"], bad)).toThrow("需要指定角色数组 roles，例如 roles={['SYSTEM_USER']}");
    }
  });
});

describe("filterRoutes", () => {
  it("shows a platform user the administration groups but not the own-resource ones", () => {
    const tree = filterRoutes(ROUTE_TREE, SYSTEM);
    expect(topPaths(tree)).toEqual([
      "/dashboard",
      "/system",
      "/submitData",
      "/dispatchManage",
      "/orderManage",
      "/sysNotification",
      "/userInfoManage",
      "/financialManage",
      "/carAdministration",
      "/findShipManage",
      "/carStatisticalReport",
      "/shuikouBusiness/index",
      "/supplyManage",
      "/personalCenter",
    ]);
    // The group has no roles, but only findCar/index is open to a platform user.
    expect(childPaths(tree, "/carAdministration")).toEqual(["/carAdministration/findCar/index"]);
    expect(childPaths(tree, "/personalCenter")).toEqual(["/personalCenter/userInfo"]);
    expect(childPaths(tree, "/dispatchManage")).toContain("/dispatchManage/appealAudit");
    expect(childPaths(tree, "/dispatchManage")).not.toContain("/dispatchManage/appealSubmit");
  });

  it("shows a tenant user the groups of its kind", () => {
    expect(topPaths(filterRoutes(ROUTE_TREE, TENANT))).toEqual([
      "/dashboard",
      "/system",
      "/dispatchManage",
      "/orderManage",
      "/sysNotification",
      "/userInfoManage",
      "/financialManage",
      "/carAdministration",
      "/findShipManage",
      "/personalCenter",
    ]);
    expect(childPaths(filterRoutes(ROUTE_TREE, TENANT), "/personalCenter")).toEqual([
      "/personalCenter/userInfo",
      "/personalCenter/invoiceInfo",
    ]);
  });

  it("shows an organisation user its resources, accounts, vehicles and coded entries", () => {
    const tree = filterRoutes(ROUTE_TREE, ORG);
    expect(topPaths(tree)).toEqual([
      "/dashboard",
      "/system",
      "/dispatchManage",
      "/orderManage",
      "/resourceManager",
      "/sysNotification",
      "/trajectoryPosition",
      "/financialManage",
      "/accountManage",
      "/carAdministration",
      "/findShipManage",
      "/supplyManage",
      "/selfOwnedShipFineManagement/selfOwnedShipLog",
      "/personalCenter",
    ]);
    expect(childPaths(tree, "/carAdministration")).toHaveLength(10);
    expect(childPaths(tree, "/dispatchManage")).not.toContain("/dispatchManage/appealList/index");
  });

  it("shows an individual user only the groups open to individuals", () => {
    // TMS_SOURCE_LIST alone does not open the supply group, which is for platform and organisation users.
    expect(topPaths(filterRoutes(ROUTE_TREE, INDIVIDUAL))).toEqual([
      "/dashboard",
      "/dispatchManage",
      "/orderManage",
      "/resourceManager",
      "/sysNotification",
      "/accountManage",
      "/carAdministration",
      "/personalCenter",
    ]);
  });

  it("shows water-transport entries only to accounts that see water transport (TMS_FREIGHT_WATER, with CAPTAIN)", () => {
    const paths = (v: Viewer) => new Set(allNodes(filterRoutes(ROUTE_TREE, v)).map((node) => node.path));
    const driver = paths(INDIVIDUAL);
    for (const path of ["/findShipManage", "/dispatchManage/waterloading", "/resourceManager/captainList"]) expect(driver.has(path), path).toBe(false);
    const waterDriver = paths(viewer([...INDIVIDUAL.roles, "TMS_FREIGHT_WATER"]));
    expect(waterDriver.has("/dispatchManage/waterloading")).toBe(true);
  });

  it("requires a code's catalogue kinds as well as the code, and the page's own kinds", () => {
    // An organisation granted 角色管理 and 系统文件 by a role: the platform serves it the first (staff) but not the second (platform only).
    const org = filterRoutes(ROUTE_TREE, viewer(["ORG_USER", "IAM_ROLE_MANAGEMENT", "SYSTEM_USER_FILE", "IAM_USER_MANAGEMENT"]));
    expect(childPaths(org, "/system")).toContain("/system/role");
    expect(childPaths(org, "/system")).not.toContain("/system/SystemFile");
    expect(childPaths(org, "/system")).not.toContain("/system/platformUserList");
    expect(hasPermission(["ORG_USER", "TMS_RED_ENVELOPE"], ["TMS_RED_ENVELOPE"])).toBe(false);
    expect(hasPermission(["SYSTEM_USER", "TMS_RED_ENVELOPE"], ["TMS_RED_ENVELOPE"])).toBe(true);
  });

  it("leaves out the pages the server denied (the resource a page shows)", () => {
    const denied = { ...ORG, denied: ["/resourceManager/cargoList"] };
    expect(childPaths(filterRoutes(ROUTE_TREE, denied), "/resourceManager")).not.toContain("/resourceManager/cargoList");
    expect(resolveAccess("/resourceManager/cargoList", denied).kind).toBe("forbidden");
  });

  it("shows each report only to holders of its code", () => {
    const tree = filterRoutes(ROUTE_TREE, viewer(["ORG_USER", "TMS_WAYRILLRISK_ANALYSE"]));
    expect(childPaths(tree, "/carStatisticalReport")).toEqual(["/carStatisticalReport/waybillRiskAnalyse"]);
    expect(tree.find((node) => node.path === "/carStatisticalReport")?.redirect).toBe("/carStatisticalReport/waybillRiskAnalyse");
    expect(topPaths(tree)).not.toContain("/shuikouBusiness/index");

    const joinOnly = filterRoutes(ROUTE_TREE, viewer(["TENANT_USER", "TMS_JOIN_METRIC_ANALYSIS"]));
    expect(topPaths(joinOnly)).toContain("/joinMetric/index");
    expect(topPaths(joinOnly)).not.toContain("/carStatisticalReport");
  });

  it("drops the report group when its only matching code has no page", () => {
    const tree = filterRoutes(ROUTE_TREE, viewer(["SYSTEM_USER", "TMS_STATISTICS_OF_ORDER_TREND"]));
    expect(topPaths(tree)).not.toContain("/carStatisticalReport");
  });

  it("gates supply pages by code and drops the group without any", () => {
    expect(topPaths(filterRoutes(ROUTE_TREE, viewer(["SYSTEM_USER", "IAM_USER_MANAGEMENT"])))).not.toContain("/supplyManage");

    const publisher = filterRoutes(ROUTE_TREE, viewer(["ORG_USER", "TMS_NEW_SOURCE", "TMS_CALL_LOG"]));
    expect(childPaths(publisher, "/supplyManage")).toEqual(["/supplyManage/newSupply", "/supplyManage/callHistory"]);
    // The default page (supplyList) is not open to this user: the group opens on the first one that is.
    expect(publisher.find((node) => node.path === "/supplyManage")?.redirect).toBe("/supplyManage/newSupply");

    expect(childPaths(filterRoutes(ROUTE_TREE, ORG), "/supplyManage")).toEqual([
      "/supplyManage/supplyList",
      "/supplyManage/supplyDetail",
      "/supplyManage/newSupply",
    ]);
  });

  it("hides water and ship entries when the build lacks CAPTAIN", () => {
    const withoutCaptain = filterRoutes(ROUTE_TREE, viewer(ORG.roles, ["DRIVER"]));
    const paths = new Set(allNodes(withoutCaptain).map((node) => node.path));
    for (const path of [
      "/findShipManage",
      "/system/shipConfig",
      "/dispatchManage/waterloading",
      "/dispatchManage/waterdelivery",
      "/dispatchManage/watersign",
      "/dispatchManage/wayillDetails/waterIndex",
      "/dispatchManage/trackPlaybackWater",
      "/resourceManager/captainList",
      "/resourceManager/captain/edit/:id",
      "/resourceManager/shipownerList",
      "/selfOwnedShipFineManagement/selfOwnedShipLog",
    ]) {
      expect(paths.has(path), path).toBe(false);
    }
    expect(paths.has("/dispatchManage/loading")).toBe(true);
    expect(paths.has("/resourceManager/shipperList")).toBe(true);

    const systemWithout = filterRoutes(ROUTE_TREE, viewer(SYSTEM.roles, []));
    const systemPaths = new Set(allNodes(systemWithout).map((node) => node.path));
    expect(systemPaths.has("/userInfoManage/shipList")).toBe(false);
    expect(systemPaths.has("/userInfoManage/relationsShipList")).toBe(false);
    expect(systemPaths.has("/userInfoManage/shipperList")).toBe(true);

    expect(allNodes(filterRoutes(ROUTE_TREE, SYSTEM)).map((n) => n.path)).toContain("/userInfoManage/shipList");
  });

  it("leaves the tree it filters unchanged", () => {
    const before = JSON.stringify(ROUTE_TREE);
    filterRoutes(ROUTE_TREE, viewer(["ORG_USER", "TMS_NEW_SOURCE"], []));
    expect(JSON.stringify(ROUTE_TREE)).toBe(before);
  });
});

describe("matchRoute", () => {
  it("matches static paths, dynamic segments and tolerates a trailing slash", () => {
    expect(matchRoute(ROUTE_TREE, "/dispatchManage/waybillList/")?.node.title).toBe("运单列表");
    const audit = matchRoute(ROUTE_TREE, "/userInfoManage/enterprise/12/audit");
    expect(audit?.node.path).toBe("/userInfoManage/enterprise/:id/audit");
    expect(audit?.params).toEqual({ id: "12" });
    expect(audit?.ancestors.map((node) => node.path)).toEqual(["/userInfoManage"]);
    expect(matchRoute(ROUTE_TREE, "/userInfoManage/enterprise/12")?.node.title).toBe("企业详情");
    expect(matchRoute(ROUTE_TREE, "/userInfoManage/enterprise")).toBeNull();
    expect(matchRoute(ROUTE_TREE, "/dispatchManage/waybilllist")).toBeNull();
  });

  it("prefers a static page over a dynamic one of the same shape", () => {
    const tree: RouteNode[] = [
      { path: "/a", title: "A", children: [{ path: "/a/:id", title: "详情" }, { path: "/a/new", title: "新增" }] },
    ];
    expect(matchRoute(tree, "/a/new")?.node.title).toBe("新增");
    expect(matchRoute(tree, "/a/7")?.params).toEqual({ id: "7" });
  });
});

describe("resolveAccess", () => {
  it("opens a permitted page", () => {
    const access = resolveAccess("/dispatchManage/waybillList", ORG);
    expect(access.kind).toBe("ok");
    if (access.kind === "ok") expect(access.match.node.title).toBe("运单列表");
  });

  it("opens a permitted dynamic page with its params", () => {
    const access = resolveAccess("/userInfoManage/enterprise/12/audit", SYSTEM);
    expect(access).toMatchObject({ kind: "ok", match: { params: { id: "12" }, node: { title: "企业审核" } } });
  });

  it("forbids pages whose group, own roles or version function exclude the viewer", () => {
    expect(resolveAccess("/userInfoManage/enterprise/12/audit", ORG).kind).toBe("forbidden");
    expect(resolveAccess("/dispatchManage/appealList/index", ORG).kind).toBe("forbidden");
    expect(resolveAccess("/carAdministration/carOperate", SYSTEM).kind).toBe("forbidden");
    expect(resolveAccess("/carAdministration/findCar/index", SYSTEM).kind).toBe("ok");
    // supplyDetail's own code is held, but the group is for platform and organisation users only.
    expect(resolveAccess("/supplyManage/supplyDetail", INDIVIDUAL).kind).toBe("forbidden");
    expect(resolveAccess("/dispatchManage/wayillDetails/waterIndex", viewer(ORG.roles, ["DRIVER"])).kind).toBe("forbidden");
    expect(resolveAccess("/dispatchManage/wayillDetails/waterIndex", ORG).kind).toBe("ok");
    expect(resolveAccess("/findShipManage/wharfList", viewer(["ORG_USER"], [])).kind).toBe("forbidden");
  });

  it("sends a group to its default page, or to the first page the viewer may open", () => {
    expect(resolveAccess("/dispatchManage", ORG)).toEqual({ kind: "redirect", to: "/dispatchManage/dispatchList" });
    expect(resolveAccess("/system/", SYSTEM)).toEqual({ kind: "redirect", to: "/system/role" });
    expect(resolveAccess("/carStatisticalReport", viewer(["SYSTEM_USER", "TMS_WAYRILLRISK_SHARESTATISICS"]))).toEqual({
      kind: "redirect",
      to: "/carStatisticalReport/shareStatistics",
    });
    expect(resolveAccess("/carStatisticalReport", viewer(["SYSTEM_USER", "TMS_STATISTICS_OF_ORDER_TREND"])).kind).toBe("forbidden");
    expect(resolveAccess("/userInfoManage", ORG).kind).toBe("forbidden");
  });

  it("sends the root to the home page", () => {
    expect(resolveAccess("/", INDIVIDUAL)).toEqual({ kind: "redirect", to: "/dashboard" });
    expect(resolveAccess("/dashboard", INDIVIDUAL).kind).toBe("ok");
  });

  it("does not know unknown paths", () => {
    expect(resolveAccess("/nope", SYSTEM)).toEqual({ kind: "not-found" });
    expect(resolveAccess("/userInfoManage/enterprise/12/audit/extra", SYSTEM)).toEqual({ kind: "not-found" });
    expect(resolveAccess("/shuikouBusiness", SYSTEM)).toEqual({ kind: "not-found" });
  });
});

describe("breadcrumb and pageTitle", () => {
  it("puts 首页 first, groups linked to their default page, then the page", () => {
    expect(breadcrumb("/dispatchManage/waybillList")).toEqual([
      { title: "首页", path: "/dashboard" },
      { title: "调度管理", path: "/dispatchManage/dispatchList" },
      { title: "运单列表", path: "/dispatchManage/waybillList" },
    ]);
  });

  it("fills dynamic params into the page's path", () => {
    expect(breadcrumb("/userInfoManage/enterprise/12/audit")).toEqual([
      { title: "首页", path: "/dashboard" },
      { title: "用户信息管理", path: "/userInfoManage/enterpriseList" },
      { title: "企业审核", path: "/userInfoManage/enterprise/12/audit" },
    ]);
  });

  it("shows just 首页 on the home page and a top-level page under 首页", () => {
    expect(breadcrumb("/dashboard")).toEqual([{ title: "首页", path: "/dashboard" }]);
    expect(breadcrumb("/sysNotification")).toEqual([
      { title: "首页", path: "/dashboard" },
      { title: "消息中心", path: "/sysNotification" },
    ]);
    expect(breadcrumb("/wurunPushManage/roadTransport").map((item) => item.title)).toEqual(["首页", "数据报送", "道路运输推送"]);
  });

  it("gives the route title of console and public pages", () => {
    expect(pageTitle("/dispatchManage/waybillList")).toBe("运单列表");
    expect(pageTitle("/resourceManager/captain/detail/3")).toBe("船长详情");
    expect(pageTitle("/carStatisticalReport/orderTrendReport")).toBe("历史订单趋势");
    expect(pageTitle("/supplyManage/newSupply")).toBe("发布货源");
    expect(pageTitle("/login")).toBe("登录");
    expect(pageTitle("/nope")).toBeUndefined();
  });
});

describe("searchIndex", () => {
  it("lists the permitted pages labelled by their parent chain", () => {
    const entries = searchIndex(filterRoutes(ROUTE_TREE, ORG));
    expect(entries).toContainEqual({ title: "运单列表", path: "/dispatchManage/waybillList", label: "调度管理 > 运单列表" });
    expect(entries).toContainEqual({ title: "首页", path: "/dashboard", label: "首页" });
    expect(entries).toContainEqual({ title: "消息中心", path: "/sysNotification", label: "消息中心" });
    const paths = entries.map((entry) => entry.path);
    expect(paths).not.toContain("/dispatchManage/wayillDetails/index");
    expect(paths).not.toContain("/userInfoManage/enterpriseList");
    expect(paths).not.toContain("/dispatchManage");
  });

  it("leaves out hidden pages, pages with dynamic segments and pages under hidden groups", () => {
    const tree: RouteNode[] = [
      {
        path: "/g",
        title: "组",
        children: [
          { path: "/g/list", title: "列表" },
          { path: "/g/:id", title: "详情" },
          { path: "/g/edit", title: "编辑", hidden: true },
          { path: "/g/sub", title: "子组", hidden: true, children: [{ path: "/g/sub/page", title: "页" }] },
        ],
      },
    ];
    expect(searchIndex(tree)).toEqual([{ title: "列表", path: "/g/list", label: "组 > 列表" }]);
  });

  it("finds pages fuzzily by title or path", () => {
    const search = createRouteSearch(searchIndex(filterRoutes(ROUTE_TREE, ORG)));
    expect(search("运单列表")[0].path).toBe("/dispatchManage/waybillList");
    expect(search("waybillList")[0].path).toBe("/dispatchManage/waybillList");
    expect(search("   ")).toEqual([]);
  });
});

describe("route table script", () => {
  const dir = mkdtempSync(join(tmpdir(), "routes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("maps a path to its Remix flat route files under _app", () => {
    expect(routeFileCandidates("/userInfoManage/enterprise/:id/audit")).toContain("_app.userInfoManage.enterprise.$id.audit.tsx");
    expect(routeFileCandidates("/dispatchManage/waybillList")).toContain("_app.dispatchManage.waybillList/route.tsx");
  });

  it("docs/routes.md is the table the access rule gives today (npx tsx scripts/route-table.ts --write)", async () => {
    expect(readFileSync(new URL("../../docs/routes.md", import.meta.url), "utf8")).toBe(routesDocument(routeTable(ROUTE_TREE, await builtPaths())));
  });

  it("gives every page of the registry a route; an engine page's module imports its own binding and no other", async () => {
    expect((await builtPaths()).size).toBe(leafRoutes(ROUTE_TREE).length);
    const routes = await engineRoutes();
    const carOperate = routes.find((route) => route.path === "/carAdministration/carOperate")!;
    expect(carOperate.id).toBe("routes/_app.carAdministration.carOperate");
    expect(moduleSource(carOperate)).toContain('import { ownCars } from "~/pages/vehicle";');
    expect(moduleSource(routes.find((route) => route.path === "/carStatisticalReport/carOutputList")!)).toContain('loadReport("carOutput", args)');
    // A read-only list takes no action (a POST is 405, as before).
    expect(moduleSource(routes.find((route) => route.path === "/system/operateLog")!)).not.toContain("export const action");
    for (const route of routes) expect(moduleSource(route).match(/from "~\/pages\//g)?.length ?? 0, route.path).toBeLessThanOrEqual(1);
  });

  it("a page binding names no title its registry entry already gives (the registry holds it once)", () => {
    for (const page of PAGES) if (page.title) expect(pageTitle(page.path), page.path).not.toBe(page.title);
  });

  it("reads a 角色 column back into kinds and code groups", () => {
    expect(parseWhoMayOpen("（不限）")).toEqual({ kinds: ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"], groups: [] });
    expect(parseWhoMayOpen("ORG_USER, INDIVIDUAL_USER → A / B + C")).toEqual({ kinds: ["ORG_USER", "INDIVIDUAL_USER"], groups: [["A", "B"], ["C"]] });
  });

  it("marks as built the pages with a hand-written module or an engine binding", async () => {
    writeFileSync(join(dir, "_app.dispatchManage.waybillList.tsx"), "");
    mkdirSync(join(dir, "_app.userInfoManage.enterprise.$id.audit"));
    writeFileSync(join(dir, "_app.userInfoManage.enterprise.$id.audit", "route.tsx"), "");
    const built = await builtPaths(dir);
    expect(built.has("/dispatchManage/waybillList")).toBe(true);
    expect(built.has("/userInfoManage/enterprise/:id/audit")).toBe(true);
    // A page of the registry with neither (its module is hand-written in app/routes, not in `dir`).
    expect(built.has("/dispatchManage/inTransit")).toBe(false);
    // Engine pages: a resource page, a report and a step queue name their paths.
    expect(built.has("/carAdministration/carOperate")).toBe(true);
    expect(built.has("/carStatisticalReport/carOutputList")).toBe(true);
    expect(built.has("/dispatchManage/confirm")).toBe(true);

    const table = routeTable(ROUTE_TREE, new Set(["/dispatchManage/waybillList"])).split("\n");
    expect(table).toHaveLength(2 + leafRoutes(ROUTE_TREE).length);
    expect(table).toContain("| `/dispatchManage/waybillList` | 运单列表 | （不限） |  | ✓ |");
    expect(table).toContain("| `/supplyManage/newSupply` | 发布货源 | SYSTEM_USER, ORG_USER → TMS_NEW_SOURCE |  | — |");
    // Every kind the code is for, and the code.
    expect(table).toContain("| `/carStatisticalReport/carOutputList` | 车辆产值统计 | SYSTEM_USER, TENANT_USER, ORG_USER, INDIVIDUAL_USER → TMS_STATISTICS_OF_VEHICLE_OUTPUT |  | — |");
    // The resource's own code, and the water permission of a CAPTAIN page.
    expect(table).toContain("| `/resourceManager/captain/edit/:id` | 编辑船长（隐藏） | ORG_USER, INDIVIDUAL_USER → TMS_RESOURCE_CAPTAIN + TMS_FREIGHT_WATER | CAPTAIN | — |");
    // Pages the platform's own kind alone may open say so (they answered 403 to the other kinds).
    expect(table).toContain("| `/system/pushLog` | 推送日志 | SYSTEM_USER → SYSTEM_USER_LOG |  | — |");
  });
});

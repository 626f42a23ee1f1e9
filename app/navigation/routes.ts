/**
 * The page registry (spec 2.1 and 2.2): the only place a page is declared, with its path, title, menu
 * place and access. The sidebar, breadcrumb, route search, tab and page titles, the access checks,
 * docs/routes.md and the engine pages' routes all derive from it. An engine page's binding (a resource
 * page of app/pages, a report, a step queue) names the page's path and nothing else of it;
 * scripts/engine-routes.ts writes its route module (docs/design/page-access.md, one page registry).
 *
 * A child is reachable only when its group and the child itself both permit the viewer; children
 * without roles carry no restriction of their own.
 */
import { APPEAL_PAGE_PERMISSIONS, PERMISSIONS, type PermissionCode } from "../../contract/permissions";
import { USER_TYPES, type UserType } from "../../contract/platforms";
import type { IconName, RouteNode } from "./types";

/** What a route may require: a user kind or a catalogued permission code. */
export type RoleCode = UserType | PermissionCode;

interface PageOptions {
  icon?: IconName;
  roles?: readonly RoleCode[];
  hidden?: boolean;
  affix?: boolean;
  /** Relative to the section unless it starts with "/". */
  activeMenu?: string;
  versionFunction?: "CAPTAIN";
  /** Kinds of account the page is for, on top of `roles`. */
  kinds?: readonly UserType[];
}

interface GroupOptions extends Omit<PageOptions, "hidden" | "affix" | "activeMenu" | "kinds"> {
  icon: IconName;
  /** Relative to the section unless it starts with "/". */
  redirect: string;
}

const SHIP = { versionFunction: "CAPTAIN" } as const;

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** Builders for the routes under one base path; relative paths are resolved against it. */
function section(base: string) {
  const resolve = (path: string) => (path.startsWith("/") ? path : `${base}/${path}`);

  const page = (path: string, title: string, options: PageOptions = {}): RouteNode =>
    defined({
      path: resolve(path),
      title,
      icon: options.icon,
      roles: options.roles ? [...options.roles] : undefined,
      hidden: options.hidden,
      affix: options.affix,
      activeMenu: options.activeMenu === undefined ? undefined : resolve(options.activeMenu),
      versionFunction: options.versionFunction,
      kinds: options.kinds ? [...options.kinds] : undefined,
    });

  /** A hidden page (detail, add, edit, audit) that highlights its list in the sidebar. */
  const detail = (path: string, title: string, list: string, options: Omit<PageOptions, "hidden" | "activeMenu"> = {}) =>
    page(path, title, { ...options, hidden: true, activeMenu: list });

  const group = (title: string, options: GroupOptions, children: RouteNode[]): RouteNode => ({
    ...page(base, title, options),
    redirect: resolve(options.redirect),
    children,
  });

  /** A page whose title is its permission code's catalogue name. */
  const gated = (path: string, code: PermissionCode, options: PageOptions = {}) =>
    page(path, PERMISSIONS[code].name, { ...options, roles: [code] });

  return { page, detail, group, gated };
}

const ALL_KINDS: readonly UserType[] = USER_TYPES;
const top = section("");

const system = section("/system");
const submitData = section("/submitData");
const dispatch = section("/dispatchManage");
const order = section("/orderManage");
const resource = section("/resourceManager");
const userInfo = section("/userInfoManage");
const finance = section("/financialManage");
const account = section("/accountManage");
const car = section("/carAdministration");
const findShip = section("/findShipManage");
const report = section("/carStatisticalReport");
const supply = section("/supplyManage");
const personal = section("/personalCenter");

const REPORT_PAGES: ReadonlyArray<[path: string, code: PermissionCode]> = [
  ["loadingUnitList", "TMS_STATISTICS_OF_lOADING_TRAFFIC"],
  ["unloadingUnitList", "TMS_STATISTICS_OF_UNLOADING_TRAFFIC"],
  ["driverStatisticsList", "TMS_STATISTICS_OF_DRIVER_TRAFFIC"],
  ["carStatisticsList", "TMS_STATISTICS_OF_VEHICLE_TRAFFIC"],
  ["goodsStatisticsList", "TMS_STATISTICS_OF_GOODS_TRAFFIC"],
  ["carOutputList", "TMS_STATISTICS_OF_VEHICLE_OUTPUT"],
  ["waybillAnalysisList", "TMS_WAYBILL_ANALYSIS_MANAGEMENT"],
  ["waybillRiskAnalyse", "TMS_WAYRILLRISK_ANALYSE"],
  ["shareStatistics", "TMS_WAYRILLRISK_SHARESTATISICS"],
  ["orderTrendReport", "TMS_ORDER_TREND_REPORT"],
];

/** Spec 6: the statistics group lists its children's codes plus TMS_STATISTICS_OF_ORDER_TREND. */
const REPORT_GROUP_ROLES: readonly PermissionCode[] = [
  ...REPORT_PAGES.map(([, code]) => code),
  "TMS_STATISTICS_OF_ORDER_TREND",
];

/** Tax records are platform finance's (domain 5.8): only holders of TMS_TAX_MANAGEMENT see them. */
const TAX_PAGE = { roles: ["TMS_TAX_MANAGEMENT"] as PermissionCode[] };

const OWN_VEHICLE_USERS: readonly UserType[] = ["ORG_USER", "INDIVIDUAL_USER"];

/**
 * 司机端: a driver's or captain's own pages for his phone, in a light layout of their own (no menu, no
 * tabs); "/" sends an individual carrier here. Not in the menu: the staff console stays as it is.
 */
export const DRIVER_HOME = "/driver";
/** His 设置密码: a first password, or one that must change, before anything else. */
export const DRIVER_PASSWORD = `${DRIVER_HOME}/password`;
const DRIVER_PAGE = { kinds: ["INDIVIDUAL_USER"] } as const;
// Declared under 个人中心 (his own things), as hidden pages that highlight 个人信息 in the staff menu.
const driverPages = [
  personal.detail(DRIVER_HOME, "我的运单", "userInfo", DRIVER_PAGE),
  personal.detail(`${DRIVER_HOME}/loading`, "装货", "userInfo", DRIVER_PAGE),
  personal.detail(`${DRIVER_HOME}/unloading`, "卸货", "userInfo", DRIVER_PAGE),
  personal.detail(`${DRIVER_HOME}/wallet`, "我的钱包", "userInfo", DRIVER_PAGE),
  personal.detail(`${DRIVER_HOME}/messages`, "我的消息", "userInfo", DRIVER_PAGE),
  personal.detail(`${DRIVER_HOME}/papers`, "我的证照", "userInfo", DRIVER_PAGE),
  personal.detail(DRIVER_PASSWORD, "设置密码", "userInfo", DRIVER_PAGE),
];

/** Whether a path is one of the driver's own pages (drawn in his layout). */
export function isDriverPage(pathname: string): boolean {
  return pathname === DRIVER_HOME || pathname.startsWith(`${DRIVER_HOME}/`);
}

export const ROUTE_TREE: RouteNode[] = [
  top.page("/dashboard", "首页", { icon: "dashboard", affix: true }),

  system.group("系统管理", { icon: "system", roles: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], redirect: "role" }, [
    system.page("role", "角色管理", { roles: ["IAM_ROLE_MANAGEMENT"] }),
    system.page("user", "用户管理", { roles: ["IAM_USER_MANAGEMENT"] }),
    system.page("SystemFile", "系统文件", { roles: ["SYSTEM_USER_FILE"] }),
    system.page("PhoneInfo", "APP上传信息"),
    system.page("publishApp", "版本管理"),
    system.page("permission", "权限管理", { roles: ["IAM_PERMISSION_VIEW"] }),
    system.page("enterpriseConfig", "企业配置"),
    system.detail("enterpriseConfigEdit", "编辑企业配置", "enterpriseConfig"),
    system.page("pushLog", "推送日志"),
    system.page("smsLog", "短信发送记录"),
    system.page("invoiceCompany", "开票公司"),
    system.page("shipConfig", "船舶配置", SHIP),
    system.page("addUserBankCardList", "用户银行卡"),
    system.page("withdrawalAllocation", "提现分配"),
    system.page("noPushConfig", "免推送配置"),
    system.page("expirationPasswordConfig", "密码过期配置", { roles: ["SYSTEM_USER_CONFIG"] }),
    system.page("sensitiveWords", "敏感词管理"),
    system.page("operateLog", "操作日志", { roles: ["SYSTEM_USER_LOG"] }),
    system.page("relationList", "货物类别"),
    // Every account of the platform: platform staff only (the platform refuses `all` to others).
    system.page("platformUserList", "平台用户", { roles: ["IAM_USER_MANAGEMENT"], kinds: ["SYSTEM_USER"] }),
    system.page("complaintResponse", "投诉回复"),
    system.page("complaintAndAdvice", "投诉与建议"),
    system.page("complaintHandling", "投诉处理"),
    system.detail("complaintDetail", "投诉详情", "complaintAndAdvice"),
    system.page("projectAudit", "项目审核"),
    system.page("wxGroup", "微信群管理"),
    system.page("safetyNotice", "安全须知"),
    system.detail("safetyNoticeDetail", "安全须知详情", "safetyNotice"),
  ]),

  submitData.group("数据报送", { icon: "upload", roles: ["SYSTEM_USER"], redirect: "anhuiJoint" }, [
    submitData.page("anhuiJoint", "安徽省平台对接"),
    submitData.detail("anhuiDetail", "对接详情", "anhuiJoint"),
    submitData.page("/wurunPushManage/roadTransport", "道路运输推送"),
    submitData.detail("/wurunPushManage/roadTransport/informationsDetail", "道路运输推送详情", "/wurunPushManage/roadTransport"),
    submitData.page("/wurunPushManage/waterTransport", "水路运输推送", SHIP),
    submitData.detail("/wurunPushManage/waterTransport/informationsDetail", "水路运输推送详情", "/wurunPushManage/waterTransport", SHIP),
  ]),

  dispatch.group("调度管理", { icon: "dispatch", roles: ["ORG_USER", "INDIVIDUAL_USER", "SYSTEM_USER", "TENANT_USER"], redirect: "dispatchList" }, [
    dispatch.page("dispatchList", "待调度订单"),
    dispatch.page("waybillList", "运单列表"),
    dispatch.page("inTransit", "在途运单"),
    dispatch.detail("abnormalList", "异常运单", "waybillList"),
    dispatch.detail("trackPlayback", "轨迹回放", "waybillList"),
    dispatch.detail("trackPlaybackWater", "水运轨迹回放", "waybillList", SHIP),
    dispatch.detail("checkTheMonitor", "查看监控", "waybillList"),
    dispatch.page("loading", "装货"),
    dispatch.page("delivery", "卸货"),
    dispatch.page("sign", "签收"),
    dispatch.page("confirm", "确认"),
    dispatch.page("waterloading", "水运装货", SHIP),
    dispatch.page("waterdelivery", "水运卸货", SHIP),
    dispatch.page("watersign", "水运签收", SHIP),
    dispatch.detail("wayillDetails/index", "运单详情", "waybillList"),
    dispatch.detail("wayillDetails/waterIndex", "水运运单详情", "waybillList", SHIP),
    dispatch.page("appealList/index", "风险申诉", { roles: APPEAL_PAGE_PERMISSIONS.list }),
    dispatch.detail("appealSubmit", "提交申诉", "appealList/index", { roles: APPEAL_PAGE_PERMISSIONS.submit }),
    dispatch.detail("appealDetail", "申诉详情", "appealList/index", { roles: APPEAL_PAGE_PERMISSIONS.detail }),
    dispatch.detail("appealAudit", "申诉审核", "appealList/index", { roles: APPEAL_PAGE_PERMISSIONS.audit }),
  ]),

  order.group("订单管理", { icon: "order", roles: ALL_KINDS, redirect: "orderList" }, [
    order.page("orderList", "订单列表"),
    order.detail("orderDetail", "订单详情", "orderList"),
    order.page("newOrders", "新建订单"),
    order.page("batchImport", "批量导入", { roles: ["TMS_ORDER_IMPORT"] }),
    order.page("deliveryList", "发货列表"),
    order.page("anewdeliveryList", "重新发货列表"),
    order.page("waterDeliveryList", "水运发货列表", SHIP),
    order.page("waterAnewdeliveryList", "水运重新发货列表", SHIP),
    order.detail("revampOrder", "修改订单", "orderList"),
    order.page("transportTask", "运输任务"),
    order.detail("transportTaskDetail", "运输任务详情", "transportTask"),
    order.page("reimburse", "还箱动态"),
  ]),

  resource.group("资源管理", { icon: "resource", roles: ["ORG_USER", "INDIVIDUAL_USER"], redirect: "driverList" }, [
    resource.page("driverList", "司机列表"),
    resource.detail("driver/add", "新增司机", "driverList"),
    resource.detail("driver/detail", "司机详情", "driverList"),
    resource.detail("driver/driverEdit", "编辑司机", "driverList"),
    resource.page("cargoList", "货物列表"),
    resource.page("contactsList", "联系人列表"),
    resource.page("captainList", "船长列表", SHIP),
    resource.detail("captain/add", "新增船长", "captainList", SHIP),
    resource.detail("captain/edit/:id", "编辑船长", "captainList", SHIP),
    resource.detail("captain/detail/:id", "船长详情", "captainList", SHIP),
    resource.detail("credential/add", "上传证照", "driverList", { roles: ["TMS_RESOURCE_DRIVER", "TMS_VEHICLE_ADD", "TMS_RESOURCE_CAPTAIN"] }),
    resource.page("shipList", "船舶列表", SHIP),
    resource.detail("ship/add", "新增船舶", "shipList", SHIP),
    resource.detail("ship/edit/:id", "编辑船舶", "shipList", SHIP),
    resource.detail("ship/detail/:id", "船舶详情", "shipList", SHIP),
    resource.page("projectManagementList", "项目管理"),
    resource.page("shipownerList", "船东列表", SHIP),
    resource.detail("shipowner/add", "新增船东", "shipownerList", SHIP),
    resource.detail("shipowner/edit/:id", "编辑船东", "shipownerList", SHIP),
    resource.detail("shipowner/detail/:id", "船东详情", "shipownerList", SHIP),
    resource.page("shipperList", "托运人列表"),
    resource.detail("shipper/add", "新增托运人", "shipperList"),
    resource.detail("shipper/edit/:id", "编辑托运人", "shipperList"),
    resource.detail("shipper/detail/:id", "托运人详情", "shipperList"),
    resource.page("unitOfAccount", "核算单位"),
  ]),

  top.page("/sysNotification", "消息中心", { icon: "message", roles: ALL_KINDS }),
  top.page("/trajectoryPosition", "轨迹定位", { icon: "location", roles: ["ORG_USER"] }),

  userInfo.group("用户信息管理", { icon: "idCard", roles: ["SYSTEM_USER", "TENANT_USER"], redirect: "enterpriseList" }, [
    userInfo.page("enterpriseList", "企业列表"),
    userInfo.detail("addEnterprise", "新增企业", "enterpriseList"),
    userInfo.detail("enterprise/:id", "企业详情", "enterpriseList"),
    userInfo.detail("enterpriseUpdate/:id", "编辑企业", "enterpriseList"),
    userInfo.detail("enterprise/:id/audit", "企业审核", "enterpriseList"),
    userInfo.page("carList", "车辆列表"),
    userInfo.detail("car/detail/:id", "车辆详情", "carList"),
    userInfo.detail("car/audit/:id", "车辆审核", "carList"),
    userInfo.page("driverList", "司机列表"),
    userInfo.detail("driver/add", "新增司机", "driverList"),
    userInfo.detail("driver/detail/:id", "司机详情", "driverList"),
    userInfo.detail("driver/audit/:id", "司机审核", "driverList"),
    userInfo.page("driverMasterList", "车队长列表"),
    userInfo.detail("driverMaster/add", "新增车队长", "driverMasterList"),
    userInfo.detail("driverMaster/detail/:id", "车队长详情", "driverMasterList"),
    userInfo.detail("driverMaster/audit/:id", "车队长审核", "driverMasterList"),
    userInfo.page("vehicleRelationshipList", "人车关系"),
    userInfo.page("shipList", "船舶列表", SHIP),
    userInfo.detail("ship/audit/:id", "船舶审核", "shipList", SHIP),
    userInfo.detail("ship/detail/:id", "船舶详情", "shipList", SHIP),
    userInfo.page("shipownerList", "船东列表", SHIP),
    userInfo.detail("shipowner/detail/:id", "船东详情", "shipownerList", SHIP),
    userInfo.detail("shipowner/audit/:id", "船东审核", "shipownerList", SHIP),
    userInfo.page("shipperList", "托运人列表"),
    userInfo.detail("shipper/detail/:id", "托运人详情", "shipperList"),
    userInfo.detail("shipper/audit/:id", "托运人审核", "shipperList"),
    userInfo.page("captainList", "船长列表", SHIP),
    userInfo.detail("captain/detail/:id", "船长详情", "captainList", SHIP),
    userInfo.detail("captain/audit/:id", "船长审核", "captainList", SHIP),
    userInfo.page("relationsShipList", "人船关系", SHIP),
    userInfo.page("registrationInvitationList", "注册邀请"),
    userInfo.detail("credential/add", "上传证照", "driverList"),
  ]),

  finance.group("财务管理", { icon: "finance", roles: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"], redirect: "billingList" }, [
    finance.page("paymentList", "支付列表"),
    finance.detail("paymentDetail", "支付详情", "paymentList"),
    finance.page("billingList", "开票列表"),
    finance.page("newBillingList", "新开票列表"),
    finance.page("billingAuditList", "开票审核列表"),
    finance.detail("billingDetail", "开票详情", "billingList"),
    finance.page("invoiceList", "发票列表"),
    finance.detail("invoiceDetail", "发票详情", "invoiceList"),
    finance.page("waybillTracking", "运单跟踪"),
    finance.page("withdrawList", "提现列表"),
    finance.page("withdrawFlow", "提现流水"),
    finance.page("platformFlow", "平台流水"),
    finance.page("platformDataStatistics", "平台数据统计"),
    finance.page("inputTaxTicket", "进项票", TAX_PAGE),
    finance.page("expenditureStatistics", "支出统计"),
    finance.page("enterpriseFlow", "企业流水"),
    finance.page("enterpriseBalance", "企业余额"),
    finance.detail("enterpriseBalanceDetail", "企业余额明细", "enterpriseBalance"),
    finance.page("pendingPaymentList", "陆运待付款"),
    finance.page("waterPendingPaymentList", "水运待付款", SHIP),
    finance.page("declareLog", "申报日志", TAX_PAGE),
    finance.page("temporaryRegistrationList", "临时登记记录"),
    finance.page("matchmakingBillingSummary", "撮合开票汇总"),
    finance.page("matchmakingBillingDetail", "撮合开票明细"),
    finance.detail("mergeDetail", "合并明细", "billingList"),
    finance.page("driverPayableList", "司机应付列表"),
    finance.page("matchmakingBillingList", "撮合开票列表"),
    finance.page("vatDeclaration", "增值税申报", TAX_PAGE),
    finance.page("redEnvelopeManagement", "红包管理", { roles: ["TMS_RED_ENVELOPE"] }),
  ]),

  account.group("账户管理", { icon: "wallet", roles: ["ORG_USER", "INDIVIDUAL_USER"], redirect: "recharge" }, [
    account.page("recharge", "账户充值"),
    account.page("accountInfo", "账户信息"),
    account.page("expend", "账户流水"),
    account.detail("expendDetail", "流水详情", "expend"),
  ]),

  // The group and findCar/index have no roles (spec 6); the group opens on the one page everyone may use.
  car.group("自有车辆管理", { icon: "truck", redirect: "findCar/index" }, [
    car.page("carOperate", "车辆运营", { roles: OWN_VEHICLE_USERS }),
    car.detail("carDetail/:id", "车辆详情", "carOperate", { roles: OWN_VEHICLE_USERS }),
    car.page("timeoutConfiguration", "超时配置", { roles: OWN_VEHICLE_USERS }),
    car.page("timeoutRecord", "超时记录", { roles: OWN_VEHICLE_USERS }),
    car.page("realtimeRemind", "实时提醒", { roles: OWN_VEHICLE_USERS }),
    car.page("orientation", "车辆定位", { roles: OWN_VEHICLE_USERS }),
    car.page("trajectoryPosition/locu", "轨迹查询", { roles: OWN_VEHICLE_USERS }),
    car.page("findCar/index", "找车"),
    car.detail("findCar/setCarInfo", "设置车辆信息", "findCar/index", { roles: OWN_VEHICLE_USERS }),
    car.page("smsTemplate", "短信模板", { roles: OWN_VEHICLE_USERS }),
  ]),

  findShip.group("找船管理", { icon: "ship", redirect: "findShipList", ...SHIP }, [
    findShip.page("findShip", "找船地图"),
    findShip.page("findShipList", "找船列表"),
    findShip.detail("findShipDetails", "找船详情", "findShipList"),
    findShip.page("shipInfoAuditList", "船舶信息审核"),
    findShip.page("wharfList", "码头列表"),
    findShip.page("wharfAuditList", "码头审核"),
    findShip.page("shipInTransitList", "在途船舶"),
    findShip.page("communicateLog", "沟通记录"),
  ]),

  report.group(
    "统计报表",
    { icon: "chart", roles: REPORT_GROUP_ROLES, redirect: REPORT_PAGES[0][0] },
    REPORT_PAGES.map(([path, code]) => report.gated(path, code)),
  ),
  top.page("/shuikouBusiness/index", "业务报表", { icon: "table", roles: ["SHUIKOU_BUSINESS_INDEX"] }),
  top.page("/joinMetric/index", "撮合统计", { icon: "pie", roles: ["TMS_JOIN_METRIC_ANALYSIS"] }),
  top.page("/supplier/report", "供应商报表", { icon: "factory", roles: ["TMS_SUPPLIER_REPORT"] }),

  supply.group("货源管理", { icon: "box", roles: ["SYSTEM_USER", "ORG_USER"], redirect: "supplyList" }, [
    supply.gated("subscribeList", "TMS_SUBSCRIBE_LIST"),
    supply.gated("supplyList", "TMS_SOURCE_LIST"),
    supply.gated("auditSupply", "TMS_AUDIT_SOURCE", { hidden: true, activeMenu: "supplyList" }),
    supply.detail("supplyDetail", "货源详情", "supplyList", { roles: ["TMS_SOURCE_LIST"] }),
    supply.gated("newSupply", "TMS_NEW_SOURCE"),
    supply.gated("updataSource", "TMS_UPDATA_SOURCE", { hidden: true, activeMenu: "supplyList" }),
    supply.gated("updataSupply", "TMS_UPDATA_SOURCEPRICE", { hidden: true, activeMenu: "supplyList" }),
    supply.gated("callHistory", "TMS_CALL_LOG"),
    supply.gated("collectHistory", "TMS_COLLECT_LOG"),
    supply.gated("disputeHandling", "TMS_DISPUTE_HANDLING"),
  ]),

  top.page("/selfOwnedShipFineManagement/selfOwnedShipLog", "自有船罚款管理", {
    icon: "shield",
    roles: ["TMS_SELF_OWNED_SHIP"],
    ...SHIP,
  }),

  personal.group("个人中心", { icon: "person", roles: ALL_KINDS, redirect: "userInfo" }, [
    personal.page("userInfo", "个人信息"),
    personal.page("invoiceInfo", "开票信息", { roles: ["TMS_INVOICE_INFO"] }),
    // The platform answers who is a fleet leader (an approved 车队长 whose login is this account). Not in
    // the menu, which would offer it to every driver: only a fleet leader has a fleet; his 首页 links to it.
    personal.detail("myFleet", "我的车队", "userInfo", { kinds: ["INDIVIDUAL_USER"] }),
    ...driverPages,
  ]),
];

/** Spec 2.1: pages open without a token, outside the menu and the console layout. */
export const PUBLIC_ROUTES: ReadonlyArray<{ path: string; title: string }> = [
  { path: "/login", title: "登录" },
  { path: "/auth-redirect", title: "登录跳转" },
  { path: "/download", title: "下载" },
  { path: "/activate", title: "账号激活" },
  { path: "/h5findShip", title: "找船" },
  { path: "/h5selectShip", title: "选船" },
  { path: "/shipDetail", title: "船舶详情" },
  { path: "/WXbinding", title: "绑定账号" },
  { path: "/404", title: "页面不存在" },
  { path: "/401", title: "没有权限" },
  { path: "/redirect", title: "跳转中" },
];

export const PUBLIC_PATHS: string[] = PUBLIC_ROUTES.map((route) => route.path);

/** The home page: first breadcrumb, the target of "/". */
export const HOME_PATH = "/dashboard";

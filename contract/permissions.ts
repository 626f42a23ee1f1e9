/**
 * The catalogue of fine-grained permission codes (spec 6). The platform seeds it into the
 * `permissions` table; the console's route map refers to these constants, never to loose strings.
 */
import type { UserType } from "./platforms.js";

/** Who may hold a code at all: the platform refuses other kinds of account even when a role grants it. */
const PLATFORM: readonly UserType[] = ["SYSTEM_USER"];
const STAFF: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];

/** One category's codes as catalogue entries; a code is its name, or its name and the kinds of account it is for. */
function category<const C extends Record<string, string | { name: string; kinds: readonly UserType[] }>>(name: string, codes: C) {
  type Entry = { name: string; category: string; kinds?: readonly UserType[] };
  const entries = Object.entries(codes).map(([code, entry]): [string, Entry] => [code, typeof entry === "string" ? { name: entry, category: name } : { name: entry.name, category: name, kinds: entry.kinds }]);
  return Object.fromEntries(entries) as { [K in keyof C]: Entry };
}

/** The catalogue by category, the categories in the order the role and permission pages show them. */
export const PERMISSIONS = {
  ...category("订单", {
    // orders (spec 6, domain 3.1): add, edit, close/cancel, export, import
    TMS_ORDER_ADD: "新增订单",
    TMS_ORDER_EDIT: "修改订单",
    TMS_ORDER_CLOSE: "关闭/取消订单",
    TMS_ORDER_EXPORT: "导出订单",
    TMS_ORDER_IMPORT: "批量导入订单",
    // delivery notes, transport tasks, container returns (domain 3.6–3.9)
    TMS_DELIVERY_MANAGEMENT: "发货管理",
    TMS_TRANSPORT_TASK: "运输任务",
    TMS_CONTAINER_RETURN: "还箱动态",
  }),
  ...category("调度", {
    TMS_FREIGHT_DISPATCH: "运单调度",
    TMS_FREIGHT_WATER: "水运运单",
    // appeals (dispatchManage/appeal*)
    TMS_RISK_APPEAL_LIST: "风险申诉列表",
    TMS_RISK_APPEAL_SUBMIT: "提交风险申诉",
    TMS_RISK_APPEAL_DETAIL: "风险申诉详情",
    TMS_RISK_APPEAL_AUDIT: "风险申诉审核",
  }),
  ...category("系统", {
    IAM_USER_MANAGEMENT: { name: "用户管理", kinds: STAFF },
    SYSTEM_USER_CONFIG: { name: "平台参数配置", kinds: PLATFORM },
    TMS_PROJECT_APPROVE: "项目审核",
    // system pages (domain 6.3–6.20)
    SYSTEM_USER_LOG: { name: "日志查看", kinds: PLATFORM },
    TMS_COMPLAINT_HANDLING: "投诉处理",
    TMS_WX_GROUP: "微信群管理",
    TMS_SAFETY_NOTICE: "安全须知管理",
    TMS_INVOICE_COMPANY: "开票公司",
    // IAM administration (domain 6.1–6.5, 6.15)
    IAM_ROLE_MANAGEMENT: { name: "角色管理", kinds: STAFF },
    IAM_PERMISSION_VIEW: { name: "权限查看", kinds: STAFF },
    SYSTEM_USER_FILE: { name: "系统文件", kinds: PLATFORM },
    SYSTEM_USER_APP_VERSION: { name: "版本管理", kinds: PLATFORM },
  }),
  ...category("财务", {
    TMS_INVOICE_MANAGEMENT_ADMIN: "开票管理（管理员）",
    PAY_WITHDRAW_AUDIT: { name: "提现审核", kinds: PLATFORM },
    PAY_PAYMENT_MANAGEMENT: "支付管理",
    // ledger (domain 0.6: 财务)
    PAY_PAYMENT_AUDIT: "支付审核",
    PAY_RECHARGE_AUDIT: { name: "充值审核", kinds: PLATFORM },
    PAY_FLOW_VIEW: "资金流水查看",
    // invoicing and tax (domain 0.6)
    TMS_INVOICE_APPLY: "申请开票",
    TMS_TAX_MANAGEMENT: "税务管理",
    // finance records (domain 5.8–5.10, 6.12): tax registrations, matchmaking billing, red envelopes, finance statistics
    TMS_MATCHMAKING_BILLING: "撮合开票",
    TMS_RED_ENVELOPE: { name: "红包管理", kinds: PLATFORM },
    TMS_FINANCE_STATISTICS: "财务统计",
  }),
  // master data (userInfoManage: platform and tenant staff; resourceManager: organisations and individuals)
  ...category("用户信息", {
    TMS_DRIVER_APPROVE: "司机审核",
    TMS_SENSITIVE_VIEW: "查看完整证件号",
    TMS_ENTERPRISE_MANAGEMENT: "企业管理",
    TMS_ENTERPRISE_APPROVE: "企业审核",
    TMS_DRIVER_MANAGEMENT: "司机档案管理",
    TMS_VEHICLE_LIST: "车辆列表",
    TMS_VEHICLE_ADD: "车辆管理",
    TMS_VEHICLE_APPROVE: "车辆审核",
    TMS_DRIVER_MASTER_APPROVE: "车队长审核",
    TMS_VEHICLE_RELATION_APPROVE: "人车关系审核",
    TMS_SHIP_APPROVE: "船舶审核",
    TMS_SHIPOWNER_APPROVE: "船东审核",
    TMS_SHIPPER_APPROVE: "托运人审核",
    TMS_SHIP_RELATION_APPROVE: "人船关系审核",
    TMS_REGISTER_INVITE: "注册邀请",
  }),
  ...category("资源", {
    TMS_RESOURCE_DRIVER: "司机管理",
    TMS_RESOURCE_CAPTAIN: "船长管理",
    TMS_RESOURCE_CARGO: "货物管理",
    TMS_RESOURCE_CONTACT: "联系人管理",
    TMS_RESOURCE_PROJECT: "项目管理",
    TMS_RESOURCE_SHIPOWNER: "船东管理",
    TMS_RESOURCE_SHIPPER: "托运人管理",
    TMS_RESOURCE_ACCOUNT_UNIT: "核算单位管理",
  }),
  ...category("统计报表", {
    TMS_STATISTICS_OF_lOADING_TRAFFIC: "装货单位运量统计",
    TMS_STATISTICS_OF_UNLOADING_TRAFFIC: "卸货单位运量统计",
    TMS_STATISTICS_OF_DRIVER_TRAFFIC: "司机运量统计",
    TMS_STATISTICS_OF_VEHICLE_TRAFFIC: "车辆运量统计",
    TMS_STATISTICS_OF_GOODS_TRAFFIC: "货物运量统计",
    TMS_STATISTICS_OF_VEHICLE_OUTPUT: "车辆产值统计",
    TMS_STATISTICS_OF_ORDER_TREND: "订单趋势统计",
    TMS_WAYBILL_ANALYSIS_MANAGEMENT: "运单点击分析",
    TMS_WAYRILLRISK_ANALYSE: "运单风险分析",
    TMS_WAYRILLRISK_SHARESTATISICS: "撮合运营分析",
    TMS_ORDER_TREND_REPORT: "历史订单趋势",
    SHUIKOU_BUSINESS_INDEX: "业务报表",
    TMS_JOIN_METRIC_ANALYSIS: "撮合统计",
    TMS_SUPPLIER_REPORT: "供应商报表",
  }),
  ...category("货源", {
    TMS_SUBSCRIBE_LIST: "订阅列表",
    TMS_SOURCE_LIST: "货源列表",
    TMS_AUDIT_SOURCE: "货源审核",
    TMS_NEW_SOURCE: "发布货源",
    TMS_UPDATA_SOURCE: "编辑货源",
    TMS_UPDATA_SOURCEPRICE: "修改货源价格",
    TMS_CALL_LOG: "通话记录",
    TMS_COLLECT_LOG: "收藏记录",
    TMS_DISPUTE_HANDLING: "纠纷处理",
  }),
  // find-ship (domain 0.6, 7.4)
  ...category("找船", {
    TMS_FIND_SHIP: "找船",
    TMS_SHIP_INFO_APPROVE: "船舶信息审核",
    TMS_WHARF_MANAGEMENT: "码头管理",
    TMS_WHARF_APPROVE: "码头审核",
  }),
  ...category("其他", {
    TMS_SELF_OWNED_SHIP: "自有船罚款管理",
    TMS_INVOICE_INFO: "开票信息",
  }),
  // the ledger's own account (domain 0.6: 账户)
  ...category("账户", {
    PAY_ACCOUNT_RECHARGE: "账户充值",
    PAY_WITHDRAW_APPLY: "申请提现",
    PAY_BANK_CARD: "银行卡管理",
  }),
};

export type PermissionCode = keyof typeof PERMISSIONS;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** The kinds of account a code is for (the catalogue's `kinds`); null: any kind that holds it. */
export function codeKinds(code: PermissionCode): readonly UserType[] | null {
  const entry: { name: string; kinds?: readonly UserType[] } = PERMISSIONS[code];
  return entry.kinds ?? null;
}

/**
 * Whether an account of `kind` holding `codes` may use `code`: it holds the code and its kind is among the
 * code's kinds. The platform's checks and the console's menu and route guard all ask this.
 */
export function mayUseCode(kind: UserType, codes: CodeSet, code: PermissionCode): boolean {
  const kinds = codeKinds(code);
  return holds(codes, code) && (!kinds || kinds.includes(kind));
}

/** An account's codes: the platform's set, or the console's list. */
export type CodeSet = ReadonlySet<string> | readonly string[];
const holds = (codes: CodeSet, code: string) => (Array.isArray(codes) ? (codes as readonly string[]).includes(code) : (codes as ReadonlySet<string>).has(code));

/** Permission that, with the CAPTAIN version function, lets a user see water waybills (spec 5). */
export const WATER_PERMISSION: PermissionCode = "TMS_FREIGHT_WATER";

/** Whether an account sees water transport (waybills, captains, ships): the platform's scope and the console's menu. */
export function seesWater(codes: CodeSet, versionFunctions: readonly string[]): boolean {
  return holds(codes, WATER_PERMISSION) && versionFunctions.includes("CAPTAIN");
}

/**
 * The permission code that opens each appeal page (spec 2.2, 6); the console's links and page gate read
 * these. Here rather than in ./appeal so the console's route map (in every page's JavaScript) does not
 * pull in the appeal contract and its schemas.
 */
export const APPEAL_PAGE_PERMISSIONS = {
  list: ["TMS_RISK_APPEAL_LIST"],
  submit: ["TMS_RISK_APPEAL_SUBMIT"],
  detail: ["TMS_RISK_APPEAL_DETAIL"],
  audit: ["TMS_RISK_APPEAL_AUDIT"],
} as const satisfies Record<string, readonly PermissionCode[]>;

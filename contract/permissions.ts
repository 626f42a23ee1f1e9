/**
 * The catalogue of fine-grained permission codes (spec 6). The platform seeds it into the
 * `permissions` table; the console's route map refers to these constants, never to loose strings.
 */
import type { UserType } from "./platforms.js";

/** Who may hold a code at all: the platform refuses other kinds of account even when a role grants it. */
const PLATFORM: readonly UserType[] = ["SYSTEM_USER"];
const STAFF: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"];

export const PERMISSIONS = {
  // examples named in spec 6
  TMS_ORDER_ADD: { name: "新增订单", category: "订单" },
  // orders (domain 3.1): edit, close/cancel, export, import
  TMS_ORDER_EDIT: { name: "修改订单", category: "订单" },
  TMS_ORDER_CLOSE: { name: "关闭/取消订单", category: "订单" },
  TMS_ORDER_EXPORT: { name: "导出订单", category: "订单" },
  TMS_ORDER_IMPORT: { name: "批量导入订单", category: "订单" },
  // delivery notes, transport tasks, container returns (domain 3.6–3.9)
  TMS_DELIVERY_MANAGEMENT: { name: "发货管理", category: "订单" },
  TMS_TRANSPORT_TASK: { name: "运输任务", category: "订单" },
  TMS_CONTAINER_RETURN: { name: "还箱动态", category: "订单" },
  TMS_FREIGHT_DISPATCH: { name: "运单调度", category: "调度" },
  TMS_FREIGHT_WATER: { name: "水运运单", category: "调度" },
  IAM_USER_MANAGEMENT: { name: "用户管理", category: "系统", kinds: STAFF },
  TMS_INVOICE_MANAGEMENT_ADMIN: { name: "开票管理（管理员）", category: "财务" },
  TMS_DRIVER_APPROVE: { name: "司机审核", category: "用户信息" },
  PAY_WITHDRAW_AUDIT: { name: "提现审核", category: "财务", kinds: PLATFORM },
  PAY_PAYMENT_MANAGEMENT: { name: "支付管理", category: "财务" },
  SYSTEM_USER_CONFIG: { name: "平台参数配置", category: "系统", kinds: PLATFORM },
  // appeals (dispatchManage/appeal*)
  TMS_RISK_APPEAL_LIST: { name: "风险申诉列表", category: "调度" },
  TMS_RISK_APPEAL_SUBMIT: { name: "提交风险申诉", category: "调度" },
  TMS_RISK_APPEAL_DETAIL: { name: "风险申诉详情", category: "调度" },
  TMS_RISK_APPEAL_AUDIT: { name: "风险申诉审核", category: "调度" },
  // master data (userInfoManage: platform and tenant staff; resourceManager: organisations and individuals)
  TMS_SENSITIVE_VIEW: { name: "查看完整证件号", category: "用户信息" },
  TMS_ENTERPRISE_MANAGEMENT: { name: "企业管理", category: "用户信息" },
  TMS_ENTERPRISE_APPROVE: { name: "企业审核", category: "用户信息" },
  TMS_DRIVER_MANAGEMENT: { name: "司机档案管理", category: "用户信息" },
  TMS_VEHICLE_LIST: { name: "车辆列表", category: "用户信息" },
  TMS_VEHICLE_ADD: { name: "车辆管理", category: "用户信息" },
  TMS_VEHICLE_APPROVE: { name: "车辆审核", category: "用户信息" },
  TMS_DRIVER_MASTER_APPROVE: { name: "车队长审核", category: "用户信息" },
  TMS_VEHICLE_RELATION_APPROVE: { name: "人车关系审核", category: "用户信息" },
  TMS_SHIP_APPROVE: { name: "船舶审核", category: "用户信息" },
  TMS_SHIPOWNER_APPROVE: { name: "船东审核", category: "用户信息" },
  TMS_SHIPPER_APPROVE: { name: "托运人审核", category: "用户信息" },
  TMS_SHIP_RELATION_APPROVE: { name: "人船关系审核", category: "用户信息" },
  TMS_REGISTER_INVITE: { name: "注册邀请", category: "用户信息" },
  TMS_RESOURCE_DRIVER: { name: "司机管理", category: "资源" },
  TMS_RESOURCE_CAPTAIN: { name: "船长管理", category: "资源" },
  TMS_RESOURCE_CARGO: { name: "货物管理", category: "资源" },
  TMS_RESOURCE_CONTACT: { name: "联系人管理", category: "资源" },
  TMS_RESOURCE_PROJECT: { name: "项目管理", category: "资源" },
  TMS_RESOURCE_SHIPOWNER: { name: "船东管理", category: "资源" },
  TMS_RESOURCE_SHIPPER: { name: "托运人管理", category: "资源" },
  TMS_RESOURCE_ACCOUNT_UNIT: { name: "核算单位管理", category: "资源" },
  TMS_PROJECT_APPROVE: { name: "项目审核", category: "系统" },
  // reports
  TMS_STATISTICS_OF_lOADING_TRAFFIC: { name: "装货单位运量统计", category: "统计报表" },
  TMS_STATISTICS_OF_UNLOADING_TRAFFIC: { name: "卸货单位运量统计", category: "统计报表" },
  TMS_STATISTICS_OF_DRIVER_TRAFFIC: { name: "司机运量统计", category: "统计报表" },
  TMS_STATISTICS_OF_VEHICLE_TRAFFIC: { name: "车辆运量统计", category: "统计报表" },
  TMS_STATISTICS_OF_GOODS_TRAFFIC: { name: "货物运量统计", category: "统计报表" },
  TMS_STATISTICS_OF_VEHICLE_OUTPUT: { name: "车辆产值统计", category: "统计报表" },
  TMS_STATISTICS_OF_ORDER_TREND: { name: "订单趋势统计", category: "统计报表" },
  TMS_WAYBILL_ANALYSIS_MANAGEMENT: { name: "运单点击分析", category: "统计报表" },
  TMS_WAYRILLRISK_ANALYSE: { name: "运单风险分析", category: "统计报表" },
  TMS_WAYRILLRISK_SHARESTATISICS: { name: "撮合运营分析", category: "统计报表" },
  TMS_ORDER_TREND_REPORT: { name: "历史订单趋势", category: "统计报表" },
  SHUIKOU_BUSINESS_INDEX: { name: "业务报表", category: "统计报表" },
  TMS_JOIN_METRIC_ANALYSIS: { name: "撮合统计", category: "统计报表" },
  TMS_SUPPLIER_REPORT: { name: "供应商报表", category: "统计报表" },
  // supply
  TMS_SUBSCRIBE_LIST: { name: "订阅列表", category: "货源" },
  TMS_SOURCE_LIST: { name: "货源列表", category: "货源" },
  TMS_AUDIT_SOURCE: { name: "货源审核", category: "货源" },
  TMS_NEW_SOURCE: { name: "发布货源", category: "货源" },
  TMS_UPDATA_SOURCE: { name: "编辑货源", category: "货源" },
  TMS_UPDATA_SOURCEPRICE: { name: "修改货源价格", category: "货源" },
  TMS_CALL_LOG: { name: "通话记录", category: "货源" },
  TMS_COLLECT_LOG: { name: "收藏记录", category: "货源" },
  TMS_DISPUTE_HANDLING: { name: "纠纷处理", category: "货源" },
  // find-ship (domain 0.6, 7.4)
  TMS_FIND_SHIP: { name: "找船", category: "找船" },
  TMS_SHIP_INFO_APPROVE: { name: "船舶信息审核", category: "找船" },
  TMS_WHARF_MANAGEMENT: { name: "码头管理", category: "找船" },
  TMS_WHARF_APPROVE: { name: "码头审核", category: "找船" },
  // others
  TMS_SELF_OWNED_SHIP: { name: "自有船罚款管理", category: "其他" },
  TMS_INVOICE_INFO: { name: "开票信息", category: "其他" },
  // system pages (domain 6.3–6.20)
  SYSTEM_USER_LOG: { name: "日志查看", category: "系统", kinds: PLATFORM },
  TMS_COMPLAINT_HANDLING: { name: "投诉处理", category: "系统" },
  TMS_WX_GROUP: { name: "微信群管理", category: "系统" },
  TMS_SAFETY_NOTICE: { name: "安全须知管理", category: "系统" },
  // ledger (domain 0.6: 财务 / 账户)
  PAY_PAYMENT_AUDIT: { name: "支付审核", category: "财务" },
  PAY_RECHARGE_AUDIT: { name: "充值审核", category: "财务", kinds: PLATFORM },
  PAY_FLOW_VIEW: { name: "资金流水查看", category: "财务" },
  PAY_ACCOUNT_RECHARGE: { name: "账户充值", category: "账户" },
  PAY_WITHDRAW_APPLY: { name: "申请提现", category: "账户" },
  PAY_BANK_CARD: { name: "银行卡管理", category: "账户" },
  // invoicing and tax (domain 0.6)
  TMS_INVOICE_APPLY: { name: "申请开票", category: "财务" },
  TMS_TAX_MANAGEMENT: { name: "税务管理", category: "财务" },
  TMS_INVOICE_COMPANY: { name: "开票公司", category: "系统" },
  // finance records (domain 5.8–5.10, 6.12): tax registrations, matchmaking billing, red envelopes, finance statistics
  TMS_MATCHMAKING_BILLING: { name: "撮合开票", category: "财务" },
  TMS_RED_ENVELOPE: { name: "红包管理", category: "财务", kinds: PLATFORM },
  TMS_FINANCE_STATISTICS: { name: "财务统计", category: "财务" },
  // IAM administration (domain 6.1–6.5, 6.15)
  IAM_ROLE_MANAGEMENT: { name: "角色管理", category: "系统", kinds: STAFF },
  IAM_PERMISSION_VIEW: { name: "权限查看", category: "系统", kinds: STAFF },
  SYSTEM_USER_FILE: { name: "系统文件", category: "系统", kinds: PLATFORM },
  SYSTEM_USER_APP_VERSION: { name: "版本管理", category: "系统", kinds: PLATFORM },
} as const satisfies Record<string, { name: string; category: string; kinds?: readonly UserType[] }>;

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

/**
 * The role templates of domain 0.6 that more than one place creates: the demo seed and the enterprise
 * binding (a new enterprise's 管理员) both take the 企业管理员 codes from here, so the role a new
 * enterprise gets and the one the demo organisations hold cannot drift apart.
 */
import type { PermissionCode } from "./permissions.js";

/** An organisation's own resources (domain 0.6 企业管理员/调度). */
export const ORG_RESOURCE_CODES = [
  "TMS_RESOURCE_DRIVER",
  "TMS_RESOURCE_CAPTAIN",
  "TMS_RESOURCE_CARGO",
  "TMS_RESOURCE_CONTACT",
  "TMS_RESOURCE_PROJECT",
  "TMS_RESOURCE_SHIPOWNER",
  "TMS_RESOURCE_SHIPPER",
  "TMS_RESOURCE_ACCOUNT_UNIT",
  "TMS_VEHICLE_LIST",
  "TMS_VEHICLE_ADD",
] as const satisfies readonly PermissionCode[];

/** Orders and dispatch of an organisation. */
export const ORG_ORDER_CODES = [
  "TMS_ORDER_ADD", "TMS_ORDER_EDIT", "TMS_ORDER_CLOSE", "TMS_ORDER_EXPORT", "TMS_ORDER_IMPORT",
  "TMS_DELIVERY_MANAGEMENT", "TMS_TRANSPORT_TASK", "TMS_CONTAINER_RETURN",
  "TMS_FREIGHT_DISPATCH",
] as const satisfies readonly PermissionCode[];

/** 货源: publish and keep an organisation's supplies. */
export const ORG_SUPPLY_CODES = [
  "TMS_SUBSCRIBE_LIST", "TMS_SOURCE_LIST", "TMS_NEW_SOURCE", "TMS_UPDATA_SOURCE", "TMS_UPDATA_SOURCEPRICE", "TMS_CALL_LOG", "TMS_COLLECT_LOG",
] as const satisfies readonly PermissionCode[];

/** The organisation's money: pay, recharge, bank cards, invoices. */
export const ORG_MONEY_CODES = [
  "PAY_PAYMENT_MANAGEMENT", "PAY_PAYMENT_AUDIT", "PAY_ACCOUNT_RECHARGE", "PAY_BANK_CARD", "PAY_WITHDRAW_APPLY", "TMS_INVOICE_APPLY", "TMS_INVOICE_INFO",
] as const satisfies readonly PermissionCode[];

/** 统计报表 an organisation reads over its own waybills. */
export const ORG_REPORT_CODES = [
  "TMS_STATISTICS_OF_lOADING_TRAFFIC",
  "TMS_STATISTICS_OF_UNLOADING_TRAFFIC",
  "TMS_STATISTICS_OF_DRIVER_TRAFFIC",
  "TMS_STATISTICS_OF_VEHICLE_TRAFFIC",
  "TMS_STATISTICS_OF_GOODS_TRAFFIC",
  "TMS_STATISTICS_OF_VEHICLE_OUTPUT",
  "TMS_WAYBILL_ANALYSIS_MANAGEMENT",
] as const satisfies readonly PermissionCode[];

export const ENTERPRISE_ADMIN_ROLE = "企业管理员";

/**
 * Domain 0.6 企业管理员: the organisation's resources, orders, dispatch, supply, payments, recharge,
 * bank cards, invoicing, reports and its users — everything a new enterprise needs to run itself.
 */
export const ENTERPRISE_ADMIN_CODES: readonly PermissionCode[] = [
  ...ORG_RESOURCE_CODES,
  ...ORG_ORDER_CODES,
  ...ORG_SUPPLY_CODES,
  ...ORG_MONEY_CODES,
  ...ORG_REPORT_CODES,
  // Water transport (船长, 船舶, water orders and waybills): the platform shows none of it without this
  // code, and a build without the CAPTAIN version function hides it whatever the role holds.
  "TMS_FREIGHT_WATER",
  "IAM_USER_MANAGEMENT",
];

export const CARRIER_ROLE = "司机/船长";

/** Domain 0.6 司机/船长: his wallet (bank cards, withdrawals), his invoice details and his appeals. */
export const CARRIER_CODES: readonly PermissionCode[] = ["PAY_WITHDRAW_APPLY", "PAY_BANK_CARD", "TMS_INVOICE_INFO", "TMS_RISK_APPEAL_SUBMIT", "TMS_RISK_APPEAL_DETAIL"];

/**
 * A captain's own role: the carrier's codes and the water permission, without which the platform shows
 * him none of his water waybills (`seesWater`). A role of its own rather than the code in the carrier
 * role, so that a driver's account holds nothing of water transport.
 */
export const CAPTAIN_CARRIER_ROLE = "船长";
export const CAPTAIN_CARRIER_CODES: readonly PermissionCode[] = [...CARRIER_CODES, "TMS_FREIGHT_WATER"];

/** The role template an account gets for each kind of carrier profile it owns. */
export const CARRIER_ROLE_TEMPLATES = {
  DRIVER: { name: CARRIER_ROLE, codes: CARRIER_CODES },
  CAPTAIN: { name: CAPTAIN_CARRIER_ROLE, codes: CAPTAIN_CARRIER_CODES },
} as const;

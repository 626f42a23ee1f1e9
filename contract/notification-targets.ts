/**
 * Where a notification leads (查看详情): the console paths of the pages where each kind of thing is.
 * The platform's notification catalogue (platform/iam/notifications/events.ts) stamps every message
 * with one of these, chosen for each recipient; the console's message centre opens it, and falls back
 * to FALLBACK_PAGE when its own guard would refuse the page. A unit test checks that each path is a
 * route of the console, open to the kinds and served by the resource named here.
 */
import type { UserType } from "./platforms.js";
import { captain } from "./resources/captain.js";
import { mayUse, type ActingCaller } from "./resources/derive.js";
import { driver } from "./resources/driver.js";
import type { AnyResource } from "./resources/kit.js";
import { project } from "./resources/project.js";
import { ship } from "./resources/ship.js";
import { shipowner } from "./resources/shipowner.js";
import { shipper } from "./resources/shipper.js";
import { vehicle } from "./resources/vehicle.js";

/** The pages money notifications open. */
export const MONEY_PAGES = {
  /** 账户充值 (the organisation's recharges). */
  recharges: "/accountManage/recharge",
  /** 账户流水 (the caller's own account entries: a driver's freight income). */
  accountFlow: "/accountManage/expend",
  /** 提现列表. */
  withdrawals: "/financialManage/withdrawList",
  /** 账户信息 (an individual's wallet and withdrawals). */
  accountInfo: "/accountManage/accountInfo",
  /** 支付详情 (?id=). */
  paymentDetail: "/financialManage/paymentDetail",
  /** 开票详情 (?id=). */
  billingDetail: "/financialManage/billingDetail",
} as const;

/**
 * The detail pages of the messages the console finds by their type and key (spec 2.3): a waybill's (by
 * freightNo, road or water as the freight service reports it), a 货源's and an order's (by id), and a
 * complaint's (by id, its complainant's answer).
 */
export const DETAIL_PAGES = {
  roadWaybill: "/dispatchManage/wayillDetails/index",
  waterWaybill: "/dispatchManage/wayillDetails/waterIndex",
  supply: "/supplyManage/supplyDetail",
  order: "/orderManage/orderDetail",
  complaint: "/system/complaintDetail",
} as const;

/**
 * The page every account may open (个人信息: the user's own account, 所属企业 and roles): where a message
 * leads when the thing it tells of has no page its recipient may open.
 */
export const FALLBACK_PAGE = "/personalCenter/userInfo";

const withId = (path: string, id: number | string) => (path.includes(":id") ? path.replace(":id", encodeURIComponent(String(id))) : `${path}?${new URLSearchParams({ id: String(id) })}`);

/** One owner-side page of a decided subject. */
export interface OwnerPage {
  path: string;
  /** The resource the page shows: the recipient must be allowed its `detail` (or `list`) by the engine's own rule. */
  def?: AnyResource;
  verb: "detail" | "list";
  /** The kinds of account the console's route map opens the page to (the unit test checks them against it). */
  kinds: readonly UserType[];
  /** Which id the page takes: the row's own, the recipient organisation's roster entry of the person, or none (a list). */
  by: "row" | "roster" | "none";
}

/**
 * The pages where the owner of a decided subject finds it, by the subject's resource (first that opens
 * for the recipient wins). An organisation's driver and captain pages show its roster entry, so a
 * profile's decision opens the recipient organisation's own entry. A 证照 has no page of its own: it
 * opens its subject's page, which lists the subject's 证照 with their state and 末次驳回原因. Kinds and
 * resources not listed here (an organisation's own 企业 record, 人船关系, a person's own 司机/船长 档案)
 * have no page their owner may open: they lead to FALLBACK_PAGE.
 */
export const OWNER_PAGES: Readonly<Record<string, readonly OwnerPage[]>> = {
  driverProfile: [{ path: "/resourceManager/driver/detail", def: driver, verb: "detail", kinds: ["ORG_USER"], by: "roster" }],
  captainProfile: [{ path: "/resourceManager/captain/detail/:id", def: captain, verb: "detail", kinds: ["ORG_USER"], by: "roster" }],
  vehicle: [{ path: "/carAdministration/carDetail/:id", def: vehicle, verb: "detail", kinds: ["ORG_USER", "INDIVIDUAL_USER"], by: "row" }],
  ship: [{ path: "/resourceManager/ship/detail/:id", def: ship, verb: "detail", kinds: ["ORG_USER"], by: "row" }],
  shipowner: [{ path: "/resourceManager/shipowner/detail/:id", def: shipowner, verb: "detail", kinds: ["ORG_USER", "INDIVIDUAL_USER"], by: "row" }],
  shipper: [{ path: "/resourceManager/shipper/detail/:id", def: shipper, verb: "detail", kinds: ["ORG_USER", "INDIVIDUAL_USER"], by: "row" }],
  project: [{ path: "/resourceManager/projectManagementList", def: project, verb: "list", kinds: ["ORG_USER", "INDIVIDUAL_USER"], by: "none" }],
  vehicleRelation: [{ path: "/carAdministration/carOperate", def: vehicle, verb: "list", kinds: ["ORG_USER", "INDIVIDUAL_USER"], by: "none" }],
  // 我的车队: the fleet leader's own page (his account is an individual one).
  fleetLeader: [{ path: "/personalCenter/myFleet", verb: "list", kinds: ["INDIVIDUAL_USER"], by: "none" }],
};

/** A recipient as the console's guard reads him: his kind and permission codes. */
export type Reader = ActingCaller;

/** The subject decided: its resource and row id, and the recipient organisation's roster entry of the person (driver, captain). */
export interface DecidedSubject {
  key: string;
  id: number | string;
  rosterId?: number | string | null;
}

/**
 * The one rule of where a decision on a subject (its own audit, or one of its 证照) leads a recipient:
 * the first owner-side page the recipient's kind and codes open and whose id is known, else FALLBACK_PAGE.
 */
export function ownerPagePath(subject: DecidedSubject, reader: Reader): string {
  for (const page of OWNER_PAGES[subject.key] ?? []) {
    if (!page.kinds.includes(reader.type)) continue;
    if (page.def && !mayUse(page.def, reader, page.verb)) continue;
    if (page.by === "none") return page.path;
    const id = page.by === "roster" ? subject.rosterId : subject.id;
    if (id != null) return withId(page.path, id);
  }
  return FALLBACK_PAGE;
}

/** Every path a notification may carry, for the route check. */
export const NOTIFICATION_TARGET_PATHS: readonly string[] = [...Object.values(MONEY_PAGES), ...Object.values(DETAIL_PAGES), FALLBACK_PAGE, ...new Set(Object.values(OWNER_PAGES).flatMap((pages) => pages.map((p) => p.path)))];

export const pathWithId = withId;

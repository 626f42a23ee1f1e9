/**
 * Where a notification leads (查看详情): the console paths of the pages where each kind of thing is.
 * The platform's notification catalogue (platform/iam/notifications/events.ts) stamps every message
 * with one of these, the console's message centre opens it; a unit test checks that each is a route.
 */

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

const withId = (path: string, id: number | string) => (path.includes(":id") ? path.replace(":id", encodeURIComponent(String(id))) : `${path}?${new URLSearchParams({ id: String(id) })}`);

/**
 * The page where the owner of an audited row finds it (the people an audit decision is told to are the
 * row's organisation or person, so these are the owner-side pages, not the auditor's).
 */
const AUDITED_OWNER_PAGES: Record<string, { path: string; byId: boolean }> = {
  enterprise: { path: "/personalCenter/userInfo", byId: false },
  driverProfile: { path: "/personalCenter/userInfo", byId: false },
  captainProfile: { path: "/personalCenter/userInfo", byId: false },
  fleetLeader: { path: "/personalCenter/userInfo", byId: false },
  vehicle: { path: "/carAdministration/carOperate", byId: false },
  ship: { path: "/personalCenter/userInfo", byId: false },
  shipowner: { path: "/resourceManager/shipowner/detail/:id", byId: true },
  shipper: { path: "/resourceManager/shipper/detail/:id", byId: true },
  project: { path: "/resourceManager/projectManagementList", byId: false },
  vehicleRelation: { path: "/carAdministration/carOperate", byId: false },
  shipRelation: { path: "/personalCenter/userInfo", byId: false },
};

/** The path a decision on resource `key` row `id` opens for its owner (the user's own page when unlisted). */
export function auditedRowPath(key: string, id: number | string): string {
  const page = AUDITED_OWNER_PAGES[key] ?? { path: "/personalCenter/userInfo", byId: false };
  return page.byId ? withId(page.path, id) : page.path;
}

/** Every path a notification may carry, for the route check. */
export const NOTIFICATION_TARGET_PATHS: readonly string[] = [...Object.values(MONEY_PAGES), ...new Set(Object.values(AUDITED_OWNER_PAGES).map((p) => p.path))];

export const pathWithId = withId;

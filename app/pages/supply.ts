/**
 * Page bindings of 货源管理 (spec 2.2 supplyManage, domain 4.2). 新增, 审核, 详情, 编辑 and 改价 are one
 * form screen in four modes: the engine's form (create / update), its detail page, its audit page, and
 * an audit-style page over the 改价 transition whose inputs are the new prices.
 */
import { supply, supplyCallLog, supplyDispute, supplyFavorite, supplyPriceChange, supplySubscription } from "../../contract/resources/supply";
import { pagesOf, type AuditPage, type ListPage, type RelatedSection } from "./kit";

const BASE = "/supplyManage";

/** 调价记录 as a related list of the supply (no page of its own). */
const priceChangeList: ListPage = {
  kind: "list",
  def: supplyPriceChange,
  path: "",
  rowActions: [],
  columns: ["createdTime", "oldCarrierPrice", "newCarrierPrice", "oldShipperPrice", "newShipperPrice", "reason", "operatorName"],
  links: {},
};

const PRICE_HISTORY: RelatedSection = { title: "调价记录", page: () => priceChangeList, filter: (record) => ({ supplyId: Number(record.id) }) };

export const supplyCallPages = pagesOf(supplyCallLog, {
  list: { path: `${BASE}/callHistory`, rowActions: [], columns: ["supplyNo", "route", "callerName", "callerMobile", "calleeMobile", "startedTime", "durationS", "result", "grabbed"] },
});

const SUPPLY_RELATED: readonly RelatedSection[] = [
  PRICE_HISTORY,
  { title: "通话记录", page: () => supplyCallPages.list!, filter: (record) => ({ supplyId: Number(record.id) }) },
];

const SUPPLY_ACTIONS = ["edit", "reprice", "audit", "publish", "offShelf", "reshelf", "close", "delete"] as const;

export const supplyPages = pagesOf(supply, {
  list: {
    path: `${BASE}/supplyList`,
    rowActions: ["detail", ...SUPPLY_ACTIONS],
    showOrg: true,
    createLabel: "发布货源",
    tabs: { field: "status", options: [{ label: "全部", value: null }, { label: "已发布", value: "PUBLISHED" }, { label: "待审核", value: "PENDING_AUDIT" }, { label: "已下架", value: "OFF_SHELF" }, { label: "草稿", value: "DRAFT" }] },
    columns: ["supplyNo", "businessMode", "cargoName", "loadingPlace", "loadingContactName", "unloadingPlace", "unloadingContactName", "carrierUnitPrice", "shipperUnitPrice", "stowageMode", "totalWeight", "totalVehicles", "takenWeight", "takenVehicles", "validUntil", "viewCount", "callCount", "favoriteCount", "status", "publishedTime"],
    wideColumns: ["businessMode", "loadingContactName", "unloadingContactName", "stowageMode", "takenVehicles", "viewCount", "callCount", "favoriteCount", "publishedTime"],
  },
  detail: { path: `${BASE}/supplyDetail`, actions: [...SUPPLY_ACTIONS], related: SUPPLY_RELATED },
  create: { path: `${BASE}/newSupply`, withOrg: true },
  edit: { path: `${BASE}/updataSource` },
  audit: { path: `${BASE}/auditSupply`, group: "audit", related: [PRICE_HISTORY] },
  actionPages: { reprice: `${BASE}/updataSupply` },
});

/** 改价: the supply read-only, its price history, and the new prices with their reason. */
export const supplyRepricePage: AuditPage = {
  def: supply,
  kind: "audit",
  path: `${BASE}/updataSupply`,
  group: "reprice",
  related: [PRICE_HISTORY],
  links: supplyPages.detail!.links,
  form: { heading: "改价", submit: "提交改价", note: "改价只影响之后的抢单，已生成的运单仍按原运价结算；调价幅度超过 30% 须确认。" },
};

export const supplySubscriptionPages = pagesOf(supplySubscription, {
  list: { path: `${BASE}/subscribeList`, rowActions: ["disable", "enable"] },
});

export const supplyFavoritePages = pagesOf(supplyFavorite, {
  list: { path: `${BASE}/collectHistory`, rowActions: [], columns: ["supplyNo", "route", "cargoName", "carrierUnitPrice", "userName", "userMobile", "createdTime", "supplyStatus", "grabbed"] },
});

export const supplyDisputePages = pagesOf(supplyDispute, {
  list: { path: `${BASE}/disputeHandling`, rowActions: ["accept", "resolve", "reject", "close"], showOrg: true },
});

export const SUPPLY_GROUPS = [supplyPages, { reprice: supplyRepricePage }, supplySubscriptionPages, supplyCallPages, supplyFavoritePages, supplyDisputePages];

/**
 * 找船 pages (spec 2.2 /findShipManage, domain 7.4, 7.5) on the resource engine. The map (findShip), the
 * ship's find-ship detail (findShipDetails) and 在途船舶 are bespoke views over the platform's position
 * endpoints; these are the lists.
 */
import { shipAvailability, shipCommunication, shipFine, shipFineLog, shipInfoSubmission, wharf } from "../../contract/resources/findship";
import { pagesOf } from "./kit";

const AUDIT_TABS = {
  field: "auditStatus",
  options: [
    { label: "全部", value: null },
    { label: "待审核", value: "PENDING" },
    { label: "已通过", value: "APPROVED" },
    { label: "已驳回", value: "REJECTED" },
  ],
} as const;

/** 找船列表: the platform's published, open empty-ship notices; 详情 opens the ship's find-ship page. */
export const findShipListPages = pagesOf(shipAvailability, {
  list: {
    path: "/findShipManage/findShipList",
    rowActions: ["detail", "close"],
    preset: { status: "OPEN" },
    columns: ["shipName", "shipType", "deadweight", "emptyPort", "emptyFrom", "emptyTo", "toPorts", "availableLoad", "expectedPrice", "contactName", "contactMobile"],
  },
  // The detail is the ship's find-ship page (bespoke: position, track, conversations); it reads ?id= as the notice.
  detail: { path: "/findShipManage/findShipDetails", actions: ["close"], bespoke: true },
});

/** 船舶信息审核: submissions of empty-ship notices and ship changes; owners submit and withdraw, staff approve with the diff in 申请内容. */
export const shipInfoAuditPages = pagesOf(shipInfoSubmission, {
  list: {
    path: "/findShipManage/shipInfoAuditList",
    rowActions: ["approve", "reject", "delete"],
    columns: ["submissionNo", "kind", "shipId", "submitterName", "changeSummary", "auditRemark"],
    tabs: AUDIT_TABS,
    showOrg: true,
    inlineForm: true,
    createLabel: "提交船舶信息",
  },
});

/** 码头列表: the platform's wharves (staff keep them; organisations submit new ones for audit). */
export const wharfListPages = pagesOf(wharf, {
  list: {
    path: "/findShipManage/wharfList",
    rowActions: ["edit", "disable", "enable", "delete"],
    columns: ["name", "portName", "waterway", "berthCount", "maxBerthTonnage", "hasGrainFacility", "source", "enabled"],
    inlineForm: true,
  },
});

/** 码头审核: wharves submitted by users; 通过 / 驳回 with a remark. */
export const wharfAuditPages = pagesOf(wharf, {
  list: {
    path: "/findShipManage/wharfAuditList",
    rowActions: ["approve", "reject"],
    preset: { source: "USER" },
    columns: ["name", "portName", "waterway", "berthCount", "contactName", "contactMobile", "auditRemark"],
    tabs: AUDIT_TABS,
    showOrg: true,
  },
});

/** 沟通记录: the organisation's calls, chats and visits with ships (and H5 intents), added and edited on the list. */
export const communicateLogPages = pagesOf(shipCommunication, {
  list: { path: "/findShipManage/communicateLog", rowActions: ["edit", "delete"], inlineForm: true, createLabel: "新增沟通记录", showOrg: true },
});

/** 自有船罚款管理: the fines (开具, 确认, 申诉, 扣款, 免除) with the operation log beneath. */
export const shipFinePages = pagesOf(shipFine, {
  list: {
    path: "/selfOwnedShipFineManagement/selfOwnedShipLog",
    rowActions: ["edit", "confirm", "appeal", "appealAccept", "appealReject", "deduct", "waive"],
    columns: ["fineNo", "shipId", "captainId", "reasonType", "amount", "occurredAt", "handleRemark"],
    inlineForm: true,
    createLabel: "开具罚款单",
  },
});

/** The log's columns as the page shows them (its rows come with the fines' page). */
export const SHIP_FINE_LOG_COLUMNS = ["fineNo", "shipName", "captainName", "action", "amount", "operatorName", "remark"] as const;
export { shipFineLog };

export const FIND_SHIP_GROUPS = [findShipListPages, shipInfoAuditPages, wharfListPages, wharfAuditPages, communicateLogPages, shipFinePages];

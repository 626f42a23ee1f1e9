import { delivery, redelivery } from "../../contract/resources/delivery";
import { transportTask } from "../../contract/resources/transport-task";
import { container } from "../../contract/resources/container";
import { pagesOf, type ListPage } from "./kit";

/**
 * Deliveries of 订单管理 (spec 2.2 orderManage, domain 3.6–3.9): 发货列表 and 重新发货列表 for road and
 * water (one definition each, the way as the page's preset), 运输任务 with its detail, 还箱动态.
 * A delivery note has no detail route of its own: its list route shows it with `?id=`.
 * 派车 and 重新发货 open the dispatch page on the delivery, task or cancelled waybill (`?from=&id=`).
 */
const BASE = "/orderManage";
const DISPATCH = "/dispatchManage/dispatchList";

const deliveryPagesFor = (way: "ROAD" | "WATER", path: string) =>
  pagesOf(delivery, {
    list: {
      path,
      preset: { freightWay: way },
      rowActions: ["detail", "dispatch", "edit", "close", "delete"],
      columns: ["deliveryNo", "orderNo", "shipperName", "cargoName", "loadingPlace", "unloadingPlace", "pickupNo", "plannedWeight", "dispatchedWeight", "loadingFrom", "loadingTo", "status", "createdTime"],
      wideColumns: ["pickupNo", "loadingFrom", "createdTime"],
      showOrg: true,
      inlineForm: true,
      createLabel: way === "ROAD" ? "新建发货单" : "新建水运发货单",
      tabs: { field: "status", options: [{ label: "全部", value: null }, { label: "待派车", value: "WAIT_DISPATCH" }, { label: "派车中", value: "DISPATCHING" }, { label: "已派完", value: "DISPATCHED" }, { label: "已关闭", value: "CLOSED" }] },
    },
    detail: { path, title: "发货单详情", actions: ["dispatch", "edit", "close", "delete"] },
    actionPages: { dispatch: `${DISPATCH}?from=delivery` },
    actionLabels: { dispatch: way === "ROAD" ? "派车" : "派船" },
  });

export const roadDeliveryPages = deliveryPagesFor("ROAD", `${BASE}/deliveryList`);
export const waterDeliveryPages = deliveryPagesFor("WATER", `${BASE}/waterDeliveryList`);

const REDELIVERY_TABS: ListPage["tabs"] = { field: "redeliveryStatus", options: [{ label: "待重新发货", value: "WAITING" }, { label: "已重新发货", value: "REDISPATCHED" }, { label: "已忽略", value: "IGNORED" }, { label: "全部", value: null }] };

const redeliveryPagesFor = (way: "ROAD" | "WATER", path: string) =>
  pagesOf(redelivery, {
    list: {
      path,
      preset: { freightWay: way },
      rowActions: ["redispatch", "ignore"],
      columns: ["freightNo", "orderNo", "deliveryId", "carrierName", "conveyanceName", "plannedWeight", "cancelReason", "cancelTime", "redeliveryStatus", "redeliveryFreightNo"],
      showOrg: true,
      tabs: REDELIVERY_TABS,
    },
    actionPages: { redispatch: `${DISPATCH}?from=redelivery` },
    actionLabels: { redispatch: "重新发货" },
  });

export const roadRedeliveryPages = redeliveryPagesFor("ROAD", `${BASE}/anewdeliveryList`);
export const waterRedeliveryPages = redeliveryPagesFor("WATER", `${BASE}/waterAnewdeliveryList`);

export const transportTaskPages = pagesOf(transportTask, {
  list: {
    path: `${BASE}/transportTask`,
    rowActions: ["detail", "accept", "reject", "dispatch", "complete", "cancel", "edit"],
    columns: ["taskNo", "orderNo", "freightWay", "cargoName", "loadingPlace", "unloadingPlace", "assigneeType", "assigneeName", "plannedWeight", "dispatchedWeight", "completedWeight", "unitPrice", "periodFrom", "periodTo", "status"],
    wideColumns: ["freightWay", "assigneeType", "completedWeight", "periodFrom"],
    showOrg: true,
    inlineForm: true,
    createLabel: "新建任务",
  },
  detail: { path: `${BASE}/transportTaskDetail`, actions: ["accept", "reject", "dispatch", "complete", "cancel", "edit"] },
  actionPages: { dispatch: `${DISPATCH}?from=task` },
  actionLabels: { dispatch: "派单" },
});

export const containerPages = pagesOf(container, {
  list: {
    path: `${BASE}/reimburse`,
    rowActions: ["detail", "load", "gateIn", "unpack", "giveBack", "edit"],
    columns: ["containerNo", "sizeType", "freightNo", "orderNo", "pickupYard", "pickedAt", "returnDeadline", "returnYard", "lastEvent", "returnedAt", "overdueDays", "demurrageAmount", "status"],
    wideColumns: ["sizeType", "orderNo", "pickupYard", "returnYard", "returnedAt"],
    showOrg: true,
    inlineForm: true,
    createLabel: "登记提箱",
    tabs: { field: "status", options: [{ label: "全部", value: null }, { label: "用箱中", value: "IN_USE" }, { label: "已超期", value: "OVERDUE" }, { label: "已还箱", value: "RETURNED" }] },
  },
  detail: { path: `${BASE}/reimburse`, title: "集装箱详情", actions: ["load", "gateIn", "unpack", "giveBack", "edit"] },
});

export const DELIVERY_GROUPS = [roadDeliveryPages, waterDeliveryPages, roadRedeliveryPages, waterRedeliveryPages, transportTaskPages, containerPages];

import { order } from "../../contract/resources/order";
import { pagesOf } from "./kit";

/** 订单管理 (spec 2.2 orderManage, domain 3.4): list, detail, new and revamp on the engine. */
export const orderPages = pagesOf(order, {
  list: {
    path: "/orderManage/orderList",
    rowActions: ["detail", "edit", "submit", "delete", "close", "cancel"],
    columns: ["orderNo", "externalNo", "freightWay", "businessMode", "shipperName", "cargoName", "loadingPlace", "unloadingPlace", "plannedWeight", "dispatchedWeight", "loadedWeight", "unloadedWeight", "unitPrice", "status"],
    wideColumns: ["externalNo", "loadedWeight", "unloadedWeight"],
    showOrg: true,
    createLabel: "新建订单",
  },
  detail: { path: "/orderManage/orderDetail", actions: ["edit", "submit", "close", "cancel", "delete"] },
  create: { path: "/orderManage/newOrders", withOrg: true },
  edit: { path: "/orderManage/revampOrder" },
});

/** The dispatch panel of /dispatchManage/dispatchList for one order. */
export const dispatchHref = (record: { id: number; orderNo?: unknown }) => `/dispatchManage/dispatchList?orderId=${record.id}&dispatchOrderNo=${encodeURIComponent(String(record.orderNo ?? ""))}`;

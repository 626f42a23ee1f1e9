/**
 * 发货单 and 重新发货 (domain 3.6, 3.7), and the order and waybill views they stand on.
 *
 * - `openOrder` / `activeOrder`: the caller's orders still being dispatched (待调度/部分调度), or still
 *   running (also 已调度): what a delivery note, a transport task or a container may be registered against.
 * - `delivery`: a depot's release of part of an order (提货单/出库单), dispatched to trucks or ships in
 *   batches; its 已派 follows its waybills like an order's does (`orderStatusFor`).
 * - `redelivery`: waybills cancelled before loading whose order is still open, to be re-issued to another
 *   carrier (重新发货 through the dispatch page) or set aside (忽略).
 * - `linkedWaybill`: the waybills of a delivery or a task, read-only.
 */
import { FREIGHT_STATUS_LABELS, FREIGHT_WAY_LABELS, ORDER_OPEN_STATUSES, type FreightStatus } from "../freight.js";
import { MAX_ORDER_WEIGHT_KG, ORDER_STATES } from "./order.js";
import { access, defineResource, f, type Options, type RecordOf } from "./kit.js";
import { EVERYONE } from "./vocabulary.js";

export const FREIGHT_WAYS_OPTIONS = { ROAD: { label: FREIGHT_WAY_LABELS.ROAD }, WATER: { label: FREIGHT_WAY_LABELS.WATER } } as const satisfies Options;
const MANAGERS = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const;

/** Orders a delivery note or a transport task may draw weight from (the dispatchable states). */
export const DISPATCHABLE_ORDER_STATES = ORDER_OPEN_STATUSES;
/** Orders still running: containers may be registered against these. */
export const ACTIVE_ORDER_STATES = [...ORDER_OPEN_STATUSES, "DISPATCHED"] as const;

/** Read-only views are never created through the engine: their example only serves the unit test. */
const READ_ONLY = { as: "SYSTEM_USER", body: () => ({}) } as const;

/** A read-only view of the caller's orders in some states (the picker of the forms that start from an order). */
function orderView(key: string, name: string) {
  return defineResource({
    key,
    name,
    api: `tms-order-view/${key}`,
    titleField: "orderNo",
    fields: {
      orderNo: f.text("订单号", 32, { list: true, detail: true }),
      freightWay: f.enumOf("运输方式", FREIGHT_WAYS_OPTIONS, { list: true, detail: true, filter: "eq" }),
      cargoName: f.text("货物名称", 64, { list: true, detail: true }),
      loadingPlace: f.text("装货地", 64, { list: true, detail: true }),
      unloadingPlace: f.text("卸货地", 64, { list: true, detail: true }),
      plannedWeight: f.weightKg("计划重量", MAX_ORDER_WEIGHT_KG, { list: true, detail: true }),
      dispatchedWeight: f.weightKg("已调度", MAX_ORDER_WEIGHT_KG * 2, { list: true, detail: true }),
      orderStatus: f.enumOf("订单状态", ORDER_STATES, { list: true, detail: true, column: "status" }),
    },
    permissions: { list: ["TMS_ORDER_ADD", "TMS_FREIGHT_DISPATCH"], detail: ["TMS_ORDER_ADD", "TMS_FREIGHT_DISPATCH"] },
    kinds: { read: EVERYONE },
    example: READ_ONLY,
    defaultSort: ["createdTime", "desc"],
  });
}
export const openOrder = orderView("openOrder", "可派订单");
export const activeOrder = orderView("activeOrder", "在途订单");

export const DELIVERY_STATES = {
  WAIT_DISPATCH: { label: "待派车", tone: "warning" },
  DISPATCHING: { label: "派车中", tone: "info" },
  DISPATCHED: { label: "已派完", tone: "success" },
  CLOSED: { label: "已关闭", tone: "error" },
} as const satisfies Options;
export type DeliveryState = keyof typeof DELIVERY_STATES;
/** A delivery accepts dispatch in these states (as its order does). */
export const DELIVERY_OPEN_STATES = ["WAIT_DISPATCH", "DISPATCHING"] as const satisfies readonly DeliveryState[];

const BASIC = { list: true, detail: "发货信息", export: true } as const;
const ORDER_COPY = { detail: "订单信息", export: true } as const;

export const delivery = defineResource({
  key: "delivery",
  name: "发货单",
  api: "tms-delivery",
  titleField: "deliveryNo",
  fields: {
    deliveryNo: f.text("发货单号", 20, BASIC),
    orderId: f.ref("订单", "openOrder", "orderLabel", { form: "create", required: true, hint: "待调度或部分调度的订单" }),
    orderNo: f.text("订单号", 32, { ...ORDER_COPY, list: true }),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS_OPTIONS, { ...ORDER_COPY, filter: "eq" }),
    shipperName: f.text("托运人", 128, { ...ORDER_COPY, list: true, filter: "contains" }),
    cargoName: f.text("货物", 64, { ...ORDER_COPY, list: true }),
    pickupNo: f.text("提货单号", 32, { ...BASIC, form: true, sanitize: true, hint: "库点的提货单/出库单号，选填" }),
    loadingPlace: f.text("发货库点", 64, { ...BASIC, form: true, sanitize: true, hint: "不填则取订单的装货地" }),
    unloadingPlace: f.text("卸货地", 64, { ...ORDER_COPY, list: true }),
    plannedWeight: f.weightKg("发货重量", MAX_ORDER_WEIGHT_KG, { ...BASIC, form: true, required: true, hint: "不超过订单未派且未被其他发货单占用的重量" }),
    dispatchedWeight: f.weightKg("已派", MAX_ORDER_WEIGHT_KG * 2, BASIC),
    loadingFrom: f.datetime("发货开始", { ...BASIC, form: true, required: true }),
    loadingTo: f.datetime("发货截止", { ...BASIC, form: true, required: true }),
    remark: f.textarea("备注", 200, { detail: "发货信息", form: true, export: true }),
    closeReason: f.textarea("关闭原因", 200, { detail: "发货信息", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "WAIT_DISPATCH",
    states: DELIVERY_STATES,
    editableIn: DELIVERY_OPEN_STATES,
    deletableIn: ["WAIT_DISPATCH"],
    transitions: {
      close: { label: "关闭", from: DELIVERY_OPEN_STATES, to: "CLOSED", permission: "TMS_DELIVERY_MANAGEMENT", kinds: EVERYONE, tone: "danger", input: { closeReason: f.textarea("关闭原因", 200, { required: true }) }, confirm: "关闭后剩余重量退回订单，已派运单照常执行" },
    },
  },
  permissions: access(["TMS_DELIVERY_MANAGEMENT", "TMS_FREIGHT_DISPATCH", "TMS_ORDER_ADD"], ["TMS_DELIVERY_MANAGEMENT"], ["create", "update", "delete"], ["TMS_DELIVERY_MANAGEMENT", "TMS_ORDER_EXPORT"]),
  kinds: { read: EVERYONE, write: EVERYONE },
  keyword: { label: "发货单号/订单号/提货单号", fields: ["deliveryNo", "orderNo", "pickupNo"] },
  createdFilter: "创建时间",
  example: {
    as: "ORG_USER",
    body: (n, refs) => ({
      orderId: refs.openOrder,
      pickupNo: `CK${String(n).slice(-8)}`,
      plannedWeight: 1_000,
      loadingFrom: "2026-11-20T00:00:00.000Z",
      loadingTo: "2026-11-30T00:00:00.000Z",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});

export const REDELIVERY_STATES = {
  WAITING: { label: "待重新发货", tone: "warning" },
  REDISPATCHED: { label: "已重新发货", tone: "success" },
  IGNORED: { label: "无需重新发货" },
} as const satisfies Options;

export const redelivery = defineResource({
  key: "redelivery",
  name: "待重新发货运单",
  api: "tms-redelivery",
  titleField: "freightNo",
  fields: {
    freightNo: f.text("原运单号", 32, { list: true, detail: "原运单", export: true }),
    orderNo: f.text("订单号", 32, { list: true, detail: "原运单", export: true }),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS_OPTIONS, { detail: "原运单", export: true, filter: "eq" }),
    deliveryId: f.ref("发货单", "delivery", "deliveryNo", { list: true, detail: "原运单", export: true }),
    carrierName: f.text("原司机/船长", 32, { list: true, detail: "原运单", export: true, filter: "contains" }),
    conveyanceName: f.text("原车牌/船名", 32, { list: true, detail: "原运单", export: true }),
    cargoCategory: f.text("货物", 16, { detail: "原运单", export: true }),
    plannedWeight: f.weightKg("计划重量", MAX_ORDER_WEIGHT_KG, { list: true, detail: "原运单", export: true }),
    cancelReason: f.textarea("取消原因", 200, { list: true, detail: "原运单", export: true }),
    cancelTime: f.datetime("取消时间", { list: true, detail: "原运单", export: true, filter: "range" }),
    redeliveryFreightNo: f.text("新运单号", 32, { list: true, detail: "重新发货", export: true }),
    redispatchedAt: f.datetime("处理时间", { detail: "重新发货", export: true }),
    redeliveryRemark: f.textarea("处理说明", 200, { detail: "重新发货", export: true }),
  },
  status: {
    field: "redeliveryStatus",
    label: "处理状态",
    initial: "WAITING",
    states: REDELIVERY_STATES,
    editableIn: [],
    deletableIn: [],
    transitions: {
      ignore: { label: "忽略", from: ["WAITING"], to: "IGNORED", permission: "TMS_FREIGHT_DISPATCH", kinds: MANAGERS, input: { redeliveryRemark: f.textarea("处理说明", 200, { required: true }) }, confirm: "忽略后该运单不再出现在待重新发货中" },
    },
  },
  permissions: { list: ["TMS_FREIGHT_DISPATCH", "TMS_DELIVERY_MANAGEMENT"], detail: ["TMS_FREIGHT_DISPATCH", "TMS_DELIVERY_MANAGEMENT"], export: ["TMS_FREIGHT_DISPATCH", "TMS_DELIVERY_MANAGEMENT"] },
  kinds: { read: EVERYONE },
  example: READ_ONLY,
  keyword: { label: "运单号/订单号", fields: ["freightNo", "orderNo"] },
  defaultSort: ["cancelTime", "desc"],
});

const FREIGHT_STATE_OPTIONS = Object.fromEntries(Object.entries(FREIGHT_STATUS_LABELS).map(([k, label]) => [k, { label, tone: k === "CANCELLED" ? "error" : k === "COMPLETED" ? "success" : "info" }])) as Record<FreightStatus, { label: string; tone: "error" | "success" | "info" }>;

export const linkedWaybill = defineResource({
  key: "linkedWaybill",
  name: "运单",
  api: "tms-linked-waybill",
  titleField: "freightNo",
  fields: {
    freightNo: f.text("运单号", 32, { list: true, detail: true }),
    freightWay: f.enumOf("运输方式", FREIGHT_WAYS_OPTIONS, { detail: true }),
    deliveryId: f.ref("发货单", "delivery", "deliveryNo", { detail: true, filter: "eq" }),
    taskId: f.ref("运输任务", "transportTask", "taskNo", { detail: true, filter: "eq" }),
    carrierName: f.text("司机/船长", 32, { list: true, detail: true }),
    conveyanceName: f.text("车牌/船名", 32, { list: true, detail: true }),
    plannedWeight: f.weightKg("计划(吨)", MAX_ORDER_WEIGHT_KG, { list: true, detail: true }),
    loadedWeight: f.weightKg("装货(吨)", MAX_ORDER_WEIGHT_KG, { list: true, detail: true }),
    unloadedWeight: f.weightKg("卸货(吨)", MAX_ORDER_WEIGHT_KG, { list: true, detail: true }),
    waybillStatus: f.enumOf("运单状态", FREIGHT_STATE_OPTIONS, { list: true, detail: true, column: "status" }),
    redispatchOfId: f.ref("原运单", "redelivery", "redispatchOfNo", { detail: true }),
  },
  permissions: { list: ["TMS_FREIGHT_DISPATCH", "TMS_DELIVERY_MANAGEMENT", "TMS_TRANSPORT_TASK"], detail: ["TMS_FREIGHT_DISPATCH", "TMS_DELIVERY_MANAGEMENT", "TMS_TRANSPORT_TASK"] },
  kinds: { read: EVERYONE },
  example: READ_ONLY,
  defaultSort: ["createdTime", "desc"],
});
export type LinkedWaybillRecord = RecordOf<typeof linkedWaybill>;

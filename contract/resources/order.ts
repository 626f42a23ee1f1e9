/**
 * 订单 (domain 3.1): a shipper's grain to move from a loading place to an unloading place at a price.
 * Dispatch (/dispatchManage) splits it into waybills; the platform keeps 已调度 = the planned weight of
 * its non-cancelled waybills, and 已装/已卸/已完成 from their weights. Status machine: 草稿 → 待调度 ↔ 部分调度
 * → 已调度 → 已完成 (the dispatch and waybill steps move these), 关闭 and 取消 by hand. What an edit may
 * change depends on whether the order has waybills (`ORDER_EDITABLE_AFTER_DISPATCH`).
 */
import { FREIGHT_WAY_LABELS, ORDER_STATUS_LABELS, type OrderStatus } from "../freight.js";
import type { UserType } from "../platforms.js";
import { isPhone } from "../validation.js";
import { permille, pricePerTonne } from "./cargo.js";
import { BUSINESS_MODES } from "./enterprise.js";
import { defineResource, f, type Options } from "./kit.js";
import { EVERYONE } from "./vocabulary.js";

export const ORDER_STATES = {
  DRAFT: { label: ORDER_STATUS_LABELS.DRAFT },
  WAIT_DISPATCH: { label: ORDER_STATUS_LABELS.WAIT_DISPATCH, tone: "warning" },
  DISPATCHING: { label: ORDER_STATUS_LABELS.DISPATCHING, tone: "info" },
  DISPATCHED: { label: ORDER_STATUS_LABELS.DISPATCHED, tone: "info" },
  COMPLETED: { label: ORDER_STATUS_LABELS.COMPLETED, tone: "success" },
  CLOSED: { label: ORDER_STATUS_LABELS.CLOSED, tone: "error" },
  CANCELLED: { label: ORDER_STATUS_LABELS.CANCELLED, tone: "error" },
} as const satisfies Record<OrderStatus, Options[string]>;

export const SETTLE_BASES = { LOADED: { label: "装货重量" }, UNLOADED: { label: "卸货重量" }, MIN: { label: "较小值" } } as const satisfies Options;
export const ORDER_SOURCES = { MANUAL: { label: "手工" }, IMPORT: { label: "导入" }, API: { label: "接口" }, COPY: { label: "复制" } } as const satisfies Options;
export const BUSINESS_TYPES = {
  "1002996": { label: "干线普货运输" },
  "1003997": { label: "城市配送" },
  "1003998": { label: "农村配送" },
  "1002998": { label: "集装箱运输" },
  "1003999": { label: "其他" },
} as const satisfies Options;
const WAYS = { ROAD: { label: FREIGHT_WAY_LABELS.ROAD }, WATER: { label: FREIGHT_WAY_LABELS.WATER } } as const satisfies Options;
const ORDER_BUSINESS_MODES = { SELF_OPERATED: { label: "自营" }, MATCHMAKING: { label: BUSINESS_MODES.MATCHMAKING.label.slice(0, 2) } } as const satisfies Options;

/** Domain 3.4: planned weight up to 20 000 t, prices up to 10 万元/吨, distance 1–5 000 km. */
export const MAX_ORDER_WEIGHT_KG = 20_000_000;
export const MAX_ORDER_PRICE_FEN = 10_000_000;
export const MAX_DISTANCE_KM = 5_000;
export const DEFAULT_LOSS_BP = 30;

/** Fields an order with waybills may still change (domain 3.4 revampOrder); the rest are fixed once dispatched. */
export const ORDER_EDITABLE_AFTER_DISPATCH = ["plannedWeight", "unitPrice", "shipperUnitPrice", "cargoUnitPrice", "lossAllowanceBp", "loadingContactName", "loadingContactMobile", "unloadingContactName", "unloadingContactMobile", "loadingFrom", "loadingTo", "arriveBy", "remark"] as const;

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const PARTIES = { detail: "托运人与收货方", form: true, export: true } as const;
const PLACES = { detail: "装卸信息", form: true, export: true } as const;
const PRICES = { detail: "价格与结算", form: true, export: true } as const;
const PROGRESS = { list: true, detail: "调度进度", export: true } as const;
/** 装货地区划 / 卸货地区划: the county (GB/T 2260) of the place, what 数据报送 reports; the name and 详细地址 stay text. */
const placeRegion = (label: string) => f.region(label, { ...PLACES, required: true, level: "district", hint: "选到区县（省 / 市 / 区）" });
const phone = (label: string) => f.text(label, 16, { ...PLACES, checks: [[isPhone, `${label}应为手机号或固定电话`]] });
const perTonne = (label: string, o: Parameters<typeof pricePerTonne>[1]) => {
  const base = pricePerTonne(label, o);
  return { ...base, wire: f.moneyFen(label, MAX_ORDER_PRICE_FEN).wire.refine((v) => v > 0, `${label}必须大于 0`) };
};

const ORDER_KINDS: readonly UserType[] = EVERYONE;

export const order = defineResource({
  key: "order",
  name: "订单",
  api: "tms-order-manage",
  titleField: "orderNo",
  fields: {
    orderNo: f.text("订单号", 32, { list: true, detail: "基本信息", export: true }),
    externalNo: f.text("原始单号", 35, { ...BASIC, sanitize: true, hint: "上游委托单号，选填" }),
    freightWay: f.enumOf("运输方式", WAYS, { ...BASIC, required: true, filter: "eq" }),
    businessMode: f.enumOf("业务模式", ORDER_BUSINESS_MODES, { ...BASIC, required: true, filter: "eq" }),
    shipperId: f.ref("托运人", "shipper", "shipperLabel", { detail: false, form: true, required: true }),
    shipperName: f.text("托运人", 128, { list: true, detail: "托运人与收货方", export: true, filter: "contains" }),
    projectId: f.ref("项目", "project", "projectName", { detail: "基本信息", form: true, export: true, filter: "eq" }),
    cargoId: f.ref("货物", "cargo", "cargoLabel", { detail: false, form: true, required: true, filter: "eq" }),
    cargoName: f.text("货物名称", 64, { list: true, detail: "基本信息", export: true, filter: "contains" }),
    cargoCategory: f.text("货物类别", 16, { detail: "基本信息", export: true }),
    businessTypeCode: f.enumOf("业务类型", BUSINESS_TYPES, { detail: "基本信息", form: true, export: true, required: true }),
    consigneeName: f.text("收货方", 128, { ...PARTIES, required: true, sanitize: true }),
    loadingPlace: f.text("装货地", 64, { ...PLACES, list: true, required: true, sanitize: true, filter: "contains" }),
    loadingRegionCode: placeRegion("装货地区划"),
    loadingAddress: f.text("装货详细地址", 200, { ...PLACES, required: true }),
    loadingContactName: f.text("装货联系人", 32, { ...PLACES, sanitize: true }),
    loadingContactMobile: phone("装货电话"),
    unloadingPlace: f.text("卸货地", 64, { ...PLACES, list: true, required: true, sanitize: true, filter: "contains" }),
    unloadingRegionCode: placeRegion("卸货地区划"),
    unloadingAddress: f.text("卸货详细地址", 200, { ...PLACES, required: true }),
    unloadingContactName: f.text("卸货联系人", 32, { ...PLACES, sanitize: true }),
    unloadingContactMobile: phone("卸货电话"),
    distanceKm: f.int("运输里程", 1, MAX_DISTANCE_KM, { ...PLACES, required: true, unit: "公里" }),
    loadingFrom: f.datetime("装货开始", PLACES),
    loadingTo: f.datetime("装货截止", PLACES),
    arriveBy: f.datetime("要求到达", PLACES),
    plannedWeight: f.weightKg("计划重量", MAX_ORDER_WEIGHT_KG, { ...PROGRESS, form: true, required: true, hint: "最多 3 位小数；已派单后不能小于已调度重量" }),
    dispatchedWeight: f.weightKg("已调度", MAX_ORDER_WEIGHT_KG * 2, PROGRESS),
    loadedWeight: f.weightKg("已装货", MAX_ORDER_WEIGHT_KG * 2, PROGRESS),
    unloadedWeight: f.weightKg("已卸货", MAX_ORDER_WEIGHT_KG * 2, PROGRESS),
    completedWeight: f.weightKg("已完成", MAX_ORDER_WEIGHT_KG * 2, { detail: "调度进度", export: true }),
    unitPrice: perTonne("承运单价", { ...PRICES, list: true, required: true, hint: "派单后修改只影响之后新建的运单" }),
    shipperUnitPrice: perTonne("托运单价", { ...PRICES, hint: "自营业务必填，不低于承运单价" }),
    cargoUnitPrice: pricePerTonne("货物单价", { ...PRICES, hint: "用于亏吨扣款，默认取货物资料" }),
    lossAllowanceBp: permille("合理损耗", { ...PRICES, hint: "千分比，默认取货物资料，否则 3 ‰" }),
    settleBasis: f.enumOf("结算依据", SETTLE_BASES, { ...PRICES, required: true }),
    contractNo: f.text("合同编号", 32, { detail: "基本信息", export: true }),
    source: f.enumOf("来源", ORDER_SOURCES, { detail: "基本信息", export: true, filter: "eq" }),
    remark: f.textarea("备注", 500, { detail: "基本信息", form: true, export: true }),
    closedReason: f.textarea("关闭原因", 200, { detail: "关闭与取消" }),
    closedAt: f.datetime("关闭时间", { detail: "关闭与取消" }),
    cancelReason: f.textarea("取消原因", 200, { detail: "关闭与取消" }),
    cancelledAt: f.datetime("取消时间", { detail: "关闭与取消" }),
  },
  status: {
    field: "status",
    label: "订单状态",
    initial: "WAIT_DISPATCH",
    states: ORDER_STATES,
    editableIn: ["DRAFT", "WAIT_DISPATCH", "DISPATCHING", "DISPATCHED"],
    deletableIn: ["DRAFT"],
    transitions: {
      submit: { label: "提交", from: ["DRAFT"], to: "WAIT_DISPATCH", permission: "TMS_ORDER_ADD", kinds: ORDER_KINDS, tone: "primary", confirm: "提交后订单进入待调度，可以派单" },
      close: { label: "关闭订单", from: ["WAIT_DISPATCH", "DISPATCHING"], to: "CLOSED", permission: "TMS_ORDER_CLOSE", kinds: ORDER_KINDS, tone: "danger", input: { closedReason: f.textarea("关闭原因", 200, { required: true }) } },
      cancel: { label: "取消订单", from: ["DRAFT", "WAIT_DISPATCH"], to: "CANCELLED", permission: "TMS_ORDER_CLOSE", kinds: ORDER_KINDS, tone: "danger", input: { cancelReason: f.textarea("取消原因", 200, { required: true }) } },
    },
  },
  permissions: {
    list: ["TMS_ORDER_ADD", "TMS_FREIGHT_DISPATCH"],
    detail: ["TMS_ORDER_ADD", "TMS_FREIGHT_DISPATCH"],
    create: ["TMS_ORDER_ADD"],
    update: ["TMS_ORDER_EDIT"],
    delete: ["TMS_ORDER_ADD"],
    export: ["TMS_ORDER_EXPORT"],
  },
  kinds: { read: EVERYONE, write: EVERYONE },
  keyword: { label: "订单号/原始单号", fields: ["orderNo", "externalNo"] },
  createdFilter: "创建时间",
  example: {
    as: "ORG_USER",
    refs: ["shipper", "cargo"],
    body: (n, refs) => ({
      freightWay: "ROAD",
      businessMode: "SELF_OPERATED",
      shipperId: refs.shipper,
      cargoId: refs.cargo,
      businessTypeCode: "1002996",
      consigneeName: "合肥市粮食收储有限公司",
      loadingPlace: "蚌埠中心粮库",
      loadingRegionCode: "340311",
      loadingAddress: "安徽省蚌埠市淮上区沫河口工业园 8 号",
      unloadingPlace: "合肥北粮库",
      unloadingRegionCode: "340103",
      unloadingAddress: "安徽省合肥市庐阳区北城大道 100 号",
      distanceKm: 160,
      plannedWeight: 100_000 + (n % 1000) * 1000,
      unitPrice: 8_500,
      shipperUnitPrice: 9_000,
      settleBasis: "MIN",
    }),
  },
  defaultSort: ["createdTime", "desc"],
});


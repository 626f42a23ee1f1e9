/**
 * The freight service's wire contract (spec 3 Waybill, 5 Waybill search, 7.2, 7.3): status codes and
 * their Chinese labels, request schemas and response types, shared by the platform and the console.
 * Weights are kilograms and money is fen, both integers; timestamps are ISO-8601 UTC text; dates
 * in filters are China calendar dates (UTC+8), "YYYY-MM-DD".
 */
import { z } from "zod";
import { FREIGHT_WAYS, type FreightWay } from "./notification.js";
import { dateText, emptyAsAbsent, idSchema, imageRefSchema, isoTimeSchema, nameFilter, nameText, requiredText, text, weightKgSchema } from "./fields.js";
import { attachmentDisposition, chinaCompactDate } from "./units.js";
import { RefusalCode } from "./envelope.js";

export { FREIGHT_WAYS, type FreightWay };

export const FREIGHT_WAY_LABELS: Record<FreightWay, string> = { ROAD: "公路运输", WATER: "水路运输" };

export const FREIGHT_STATUSES = ["WAIT_LOADING", "IN_TRANSIT", "UNLOADED", "SIGNED", "CONFIRMED", "COMPLETED", "CANCELLED"] as const;
export type FreightStatus = (typeof FREIGHT_STATUSES)[number];

export const FREIGHT_STATUS_LABELS: Record<FreightStatus, string> = {
  WAIT_LOADING: "待装货",
  IN_TRANSIT: "运输中",
  UNLOADED: "已卸货",
  SIGNED: "已签收",
  CONFIRMED: "已确认",
  COMPLETED: "已完成",
  CANCELLED: "已取消",
};

/** The steps of the waybill status machine (platform/freight/status.ts) and what the platform calls them. */
export const FREIGHT_ACTIONS = [
  "DISPATCH",
  "LOADING",
  "UNLOADING",
  "SIGN",
  "REVIEW",
  "FLEET_CONFIRM",
  "COMPLETE",
  "CANCEL",
  "LOADING_UPDATE",
  "ADDRESS_UPDATE",
  // Risk appeals (contract/appeal.ts): logged on the waybill, the status does not change.
  "APPEAL_SUBMIT",
  "APPEAL_APPROVE",
  "APPEAL_REJECT",
] as const;
export type FreightAction = (typeof FREIGHT_ACTIONS)[number];

export const FREIGHT_ACTION_LABELS: Record<FreightAction, string> = {
  DISPATCH: "派单",
  LOADING: "装货",
  UNLOADING: "卸货",
  SIGN: "签收",
  REVIEW: "审核",
  FLEET_CONFIRM: "车队确认",
  COMPLETE: "完成",
  CANCEL: "取消",
  LOADING_UPDATE: "修改装货信息",
  ADDRESS_UPDATE: "修改装卸地址",
  APPEAL_SUBMIT: "提交风险申诉",
  APPEAL_APPROVE: "风险申诉通过",
  APPEAL_REJECT: "风险申诉驳回",
};

export const ORDER_STATUSES = ["WAIT_DISPATCH", "DISPATCHING", "DISPATCHED", "DRAFT", "COMPLETED", "CLOSED", "CANCELLED"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { WAIT_DISPATCH: "待调度", DISPATCHING: "部分调度", DISPATCHED: "已调度", DRAFT: "草稿", COMPLETED: "已完成", CLOSED: "已关闭", CANCELLED: "已取消" };
/** Orders dispatch (and supply publishing) may draw from (domain 3.1). */
export const ORDER_OPEN_STATUSES = ["WAIT_DISPATCH", "DISPATCHING"] as const satisfies readonly OrderStatus[];

export const CARGO_CATEGORIES = ["玉米", "小麦", "稻谷", "大豆", "高粱", "大麦"] as const;

/** The freight service's refusals: the shared codes of contract/envelope.ts (one set for every service). */
export const FreightRefusalCode = {
  /** The caller's kind of account may not take this step (not a 403: the console treats 403 as an expired login). */
  notPermitted: RefusalCode.notPermitted,
  /** The step is not legal in the waybill's current status; the message names that status. */
  illegalState: RefusalCode.illegalState,
} as const;

/** Limits of spec 9 and of the freight rules. */
export const FREIGHT_LIMITS = {
  /** A truck load may not exceed 200 t. */
  maxRoadLoadKg: 200_000,
  /** Sanity ceiling for one barge load (20,000 t). */
  maxWaterLoadKg: 20_000_000,
  /** Unloaded weight may exceed loaded weight by at most this many per cent. */
  unloadTolerancePercent: 1,
  /** A loss above 3 ‰ of the loaded weight marks the waybill abnormal. */
  abnormalLossPerMille: 3,
  maxBatch: 200,
  maxDispatchItems: 50,
} as const;

// ---------------------------------------------------------------------------------------------
// Field schemas

export { idSchema, weightKgSchema, nameFilter, emptyAsAbsent, dateText, isoTimeSchema, imageRefSchema };

export const freightWaySchema = z.enum(FREIGHT_WAYS, { errorMap: () => ({ message: "freightWay 只能是 ROAD 或 WATER" }) });
export const freightStatusSchema = z.enum(FREIGHT_STATUSES, { errorMap: () => ({ message: `status 只能是 ${FREIGHT_STATUSES.join("、")}` }) });

// ---------------------------------------------------------------------------------------------
// Waybill search (spec 5) — the platform adds current and size.

export const freightFilterSchema = z
  .object({
    freightNo: nameFilter("运单号", 32),
    orderNo: nameFilter("订单号", 32),
    status: emptyAsAbsent(
      z.union([freightStatusSchema, z.array(freightStatusSchema).max(FREIGHT_STATUSES.length)], {
        errorMap: () => ({ message: `status 只能是 ${FREIGHT_STATUSES.join("、")} 或它们的数组` }),
      }),
    ).transform((value) => (value == null ? undefined : Array.isArray(value) ? (value.length ? value : undefined) : [value])),
    freightWay: emptyAsAbsent(freightWaySchema).transform((value) => value ?? undefined),
    /** Driver or captain name (contains). */
    carrierName: nameFilter("司机/船长姓名"),
    /** Plate number or ship name (contains). */
    conveyanceName: nameFilter("车牌号/船名"),
    loadingPlace: nameFilter("装货地"),
    unloadingPlace: nameFilter("卸货地"),
    abnormal: z.boolean({ invalid_type_error: "abnormal 必须是 true 或 false" }).optional().nullable(),
    createdFrom: dateText("创建开始日期"),
    createdTo: dateText("创建结束日期"),
    loadingFrom: dateText("装货开始日期"),
    loadingTo: dateText("装货结束日期"),
  })
  .refine((f) => !f.createdFrom || !f.createdTo || f.createdFrom <= f.createdTo, { message: "创建开始日期不能晚于结束日期", path: ["createdTo"] })
  .refine((f) => !f.loadingFrom || !f.loadingTo || f.loadingFrom <= f.loadingTo, { message: "装货开始日期不能晚于结束日期", path: ["loadingTo"] });
export type FreightFilter = z.infer<typeof freightFilterSchema>;

/** Footer sums of a search, over the whole filter (not the page): kilograms and fen. */
export interface FreightSums {
  totalWeight: number;
  loadedWeight: number;
  pickupWeight: number;
  unloadedWeight: number;
  totalFreight: number;
}

/** One waybill as lists show it. ROAD waybills carry driver and vehicle, WATER ones captain and ship. */
export interface FreightRecord {
  id: number;
  freightNo: string;
  freightWay: FreightWay;
  status: FreightStatus;
  orderId: number;
  orderNo: string;
  orgId: number;
  orgName: string;
  shipperName: string;
  cargoCategory: string;
  driverId: number | null;
  driverName: string | null;
  plateNo: string | null;
  vehicleId: number | null;
  captainId: number | null;
  captainName: string | null;
  shipId: number | null;
  shipName: string | null;
  carrierMobile: string;
  loadingPlace: string;
  loadingAddress: string;
  unloadingPlace: string;
  unloadingAddress: string;
  /** Kilograms. */
  plannedWeight: number;
  loadedWeight: number | null;
  pickupWeight: number | null;
  unloadedWeight: number | null;
  /** Fen per tonne. */
  unitPrice: number;
  /** Fen: the settled weight (the smaller of loaded and unloaded; loaded, or planned, before that) times the unit price. */
  freightAmount: number;
  abnormal: boolean;
  abnormalReason: string | null;
  contractNo: string;
  createdTime: string;
  loadingTime: string | null;
  unloadingTime: string | null;
  signTime: string | null;
  confirmTime: string | null;
  completeTime: string | null;
  cancelTime: string | null;
  cancelReason: string | null;
  /** The steps the caller may take on the waybill now, as the platform decides them (contract/freight-steps.ts). */
  actions: FreightAction[];
}

export interface FreightSearchResult {
  records: FreightRecord[];
  total: number;
  current: number;
  size: number;
  sums: FreightSums;
}

export interface FreightEvent {
  id: number;
  action: FreightAction;
  fromStatus: FreightStatus | null;
  toStatus: FreightStatus;
  operatorName: string;
  remark: string | null;
  createdTime: string;
}

export interface FreightComment {
  id: number;
  freightId: number;
  freightNo: string;
  authorName: string;
  /** 1–5 stars. */
  score: number;
  content: string;
  replyContent: string | null;
  replyName: string | null;
  replyTime: string | null;
  createdTime: string;
}

export interface FreightContract {
  contractNo: string;
  kind: "FREIGHT" | "ORDER" | "PERSON";
  title: string;
  partyA: string;
  partyB: string;
  signedTime: string;
  validFrom: string | null;
  validTo: string | null;
  /** Plain-text terms as signed. */
  terms: string;
}

export interface DispatchInfo {
  freightId: number;
  freightNo: string;
  freightWay: FreightWay;
  orderNo: string;
  dispatcherName: string;
  /** The dispatcher's mobile, for the carrier to call; null when the account is gone. */
  dispatcherMobile: string | null;
  dispatchTime: string;
  carrierName: string;
  carrierMobile: string;
  conveyanceName: string;
  plannedWeight: number;
  unitPrice: number;
  loadingPlace: string;
  unloadingPlace: string;
}

export interface FreightDetail extends FreightRecord {
  loadingTicketUrl: string | null;
  unloadingTicketUrl: string | null;
  gpsDeviceNo: string | null;
  dispatch: DispatchInfo;
  contract: FreightContract;
  events: FreightEvent[];
  comments: FreightComment[];
  trackPointCount: number;
}

export interface TrackPoint {
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
  time: string;
}

export interface FreightTrack {
  freightNo: string;
  /** All points when at most TRACK_POINT_LIMIT exist, otherwise evenly thinned to that many (first and last kept). */
  points: TrackPoint[];
  totalPoints: number;
}
export const TRACK_POINT_LIMIT = 5000;

export interface FreightDashboard {
  inTransitCount: number;
  completedToday: number;
  /** Loaded kilograms and freight fen of waybills loaded this (China) calendar month, cancelled excluded. */
  monthLoadedWeight: number;
  monthFreight: number;
  /** The last 30 China calendar days, oldest first, today last. */
  daily: Array<{ date: string; created: number; completed: number; loadedWeight: number }>;
}

// ---------------------------------------------------------------------------------------------
// Step requests

export const loadingSchema = z.object({
  id: idSchema("运单 id"),
  loadedWeight: weightKgSchema("装货重量"),
  /** Weight on the pickup note; the loaded weight when absent. */
  pickupWeight: weightKgSchema("提货重量").optional().nullable(),
  loadingTime: isoTimeSchema("装货时间").optional().nullable(),
  weighTicketUrl: imageRefSchema("装货磅单"),
});
export type LoadingRequest = z.infer<typeof loadingSchema>;

export const unloadingSchema = z.object({
  id: idSchema("运单 id"),
  unloadedWeight: weightKgSchema("卸货重量"),
  unloadingTime: isoTimeSchema("卸货时间").optional().nullable(),
  weighTicketUrl: imageRefSchema("卸货磅单"),
});
export type UnloadingRequest = z.infer<typeof unloadingSchema>;

/**
 * 装货/卸货 before they are taken: the weights the carrier means to enter, checked against the same
 * rules as the step itself (the plan with the enterprise's tolerance, the conveyance's approved load,
 * the loss), so a driver is told in words what will mark the waybill 异常 before he confirms.
 */
export const stepCheckSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("LOADING"), id: idSchema("运单 id"), loadedWeight: weightKgSchema("装货重量") }),
  z.object({ action: z.literal("UNLOADING"), id: idSchema("运单 id"), unloadedWeight: weightKgSchema("卸货重量") }),
], { errorMap: () => ({ message: "action 只能是 LOADING 或 UNLOADING" }) });
export type StepCheckRequest = z.infer<typeof stepCheckSchema>;

/** What a step would do to the waybill: the reasons it would be marked 异常 (empty: normal). */
export interface StepCheckResult {
  abnormalReasons: string[];
}

export const remarkStepSchema = z.object({ id: idSchema("运单 id"), remark: text("备注", 200).optional().nullable() });
export type RemarkStepRequest = z.infer<typeof remarkStepSchema>;

export const batchCompleteSchema = z.object({
  ids: z
    .array(idSchema("运单 id"), { required_error: "请选择运单", invalid_type_error: "ids 必须是数组" })
    .min(1, "请选择运单")
    .max(FREIGHT_LIMITS.maxBatch, `一次最多处理 ${FREIGHT_LIMITS.maxBatch} 条运单`)
    .refine((ids) => new Set(ids).size === ids.length, "ids 不能重复"),
});

export const loadingUpdateSchema = z
  .object({
    id: idSchema("运单 id"),
    loadedWeight: weightKgSchema("装货重量").optional(),
    pickupWeight: weightKgSchema("提货重量").optional(),
    loadingTime: isoTimeSchema("装货时间").optional(),
    weighTicketUrl: imageRefSchema("装货磅单").optional(),
    reason: requiredText("修改原因", 200),
  })
  .refine((b) => b.loadedWeight !== undefined || b.pickupWeight !== undefined || b.loadingTime !== undefined || b.weighTicketUrl !== undefined, {
    message: "请至少修改一项装货信息",
  });
export type LoadingUpdateRequest = z.infer<typeof loadingUpdateSchema>;

export const cancelSchema = z.object({ reason: requiredText("取消原因", 200) });

export const addressUpdateSchema = z
  .object({
    id: idSchema("运单 id"),
    loadingPlace: nameText("装货地", 64).optional(),
    loadingAddress: requiredText("装货详细地址", 200).optional(),
    unloadingPlace: nameText("卸货地", 64).optional(),
    unloadingAddress: requiredText("卸货详细地址", 200).optional(),
  })
  .refine((b) => b.loadingPlace !== undefined || b.loadingAddress !== undefined || b.unloadingPlace !== undefined || b.unloadingAddress !== undefined, {
    message: "请至少修改一项地址",
  });
export type AddressUpdateRequest = z.infer<typeof addressUpdateSchema>;

/** findContract: the waybill's transport contract, by id or freightNo. */
export const findContractSchema = z
  .object({ id: idSchema("运单 id").optional(), freightNo: nameFilter("运单号", 32) })
  .refine((b) => b.id !== undefined || b.freightNo !== undefined, { message: "请提供运单 id 或运单号" });

export const findPersonContractSchema = z
  .object({ driverId: idSchema("司机 id").optional(), captainId: idSchema("船长 id").optional() })
  .refine((b) => (b.driverId === undefined) !== (b.captainId === undefined), { message: "请提供 driverId 或 captainId 其中之一" });

export const findOrderContractSchema = z.object({ orderId: idSchema("订单 id") });

// ---------------------------------------------------------------------------------------------
// Dispatch

export interface OrderRecord {
  id: number;
  orderNo: string;
  freightWay: FreightWay;
  status: OrderStatus;
  orgId: number;
  orgName: string;
  shipperName: string;
  cargoCategory: string;
  loadingPlace: string;
  loadingAddress: string;
  unloadingPlace: string;
  unloadingAddress: string;
  plannedWeight: number;
  dispatchedWeight: number;
  /** plannedWeight − dispatchedWeight, never below 0. */
  remainingWeight: number;
  unitPrice: number;
  contractNo: string;
  createdTime: string;
}

export const orderSearchSchema = z.object({
  orderNo: nameFilter("订单号", 32),
  cargoCategory: nameFilter("货物品类", 16),
  freightWay: emptyAsAbsent(freightWaySchema).transform((value) => value ?? undefined),
  /** Orders awaiting dispatch by default; `all` includes fully dispatched ones. */
  scope: z.enum(["AWAITING", "ALL"], { errorMap: () => ({ message: "scope 只能是 AWAITING 或 ALL" }) }).default("AWAITING"),
});

const dispatchItemSchema = z
  .object({
    driverId: idSchema("司机 id").optional(),
    vehicleId: idSchema("车辆 id").optional(),
    captainId: idSchema("船长 id").optional(),
    shipId: idSchema("船舶 id").optional(),
    plannedWeight: weightKgSchema("计划重量"),
  })
  .refine((i) => (i.driverId !== undefined && i.vehicleId !== undefined) !== (i.captainId !== undefined && i.shipId !== undefined), {
    message: "每条派单须指定司机和车辆（公路），或船长和船舶（水路）",
  });

export const dispatchSchema = z.object({
  orderId: idSchema("订单 id"),
  /** Domain 3.6–3.8: dispatch against a delivery note, under a transport task, or replacing a cancelled waybill. */
  deliveryId: idSchema("发货单 id").optional(),
  taskId: idSchema("运输任务 id").optional(),
  redispatchOfId: idSchema("原运单 id").optional(),
  items: z
    .array(dispatchItemSchema, { required_error: "请添加派单明细", invalid_type_error: "items 必须是数组" })
    .min(1, "请添加派单明细")
    .max(FREIGHT_LIMITS.maxDispatchItems, `一次最多派 ${FREIGHT_LIMITS.maxDispatchItems} 单`),
});
export type DispatchRequest = z.infer<typeof dispatchSchema>;

export interface DispatchResult {
  orderId: number;
  orderStatus: OrderStatus;
  freights: Array<{ id: number; freightNo: string }>;
}

export const resourceSearchSchema = z.object({ keyword: nameFilter("关键字", 32) });

export interface DriverRecord {
  id: number;
  name: string;
  mobile: string;
  licenseNo: string;
  orgId: number;
  /** The driver's usual vehicle, if any. */
  vehicleId: number | null;
  plateNo: string | null;
  /** Whether the driver may be dispatched (domain 0.5 rule 1); else why not. */
  eligible: boolean;
  ineligibleReason: string | null;
}
export interface VehicleRecord {
  id: number;
  plateNo: string;
  vehicleType: string;
  /** Kilograms. */
  loadCapacity: number;
  orgId: number;
  driverId: number | null;
  gpsDeviceNo: string | null;
  /** Whether the vehicle may be dispatched (domain 0.5 rule 1); else why not. */
  eligible: boolean;
  ineligibleReason: string | null;
}
export interface CaptainRecord {
  id: number;
  name: string;
  mobile: string;
  certificateNo: string;
  orgId: number;
  shipId: number | null;
  shipName: string | null;
  /** Whether the captain may be dispatched (not on a live waybill); else why not. */
  eligible: boolean;
  ineligibleReason: string | null;
}
export interface ShipRecord {
  id: number;
  shipName: string;
  mmsi: string;
  /** Kilograms. */
  loadCapacity: number;
  orgId: number;
  captainId: number | null;
  /** Whether the ship may be dispatched (not on a live waybill); else why not. */
  eligible: boolean;
  ineligibleReason: string | null;
}

// ---------------------------------------------------------------------------------------------
// Driver comments

export const commentCreateSchema = z.object({
  freightId: idSchema("运单 id"),
  score: z.number({ required_error: "请评分", invalid_type_error: "评分必须是 1 到 5 的整数" }).int("评分必须是 1 到 5 的整数").min(1, "评分必须是 1 到 5 的整数").max(5, "评分必须是 1 到 5 的整数"),
  content: requiredText("评价内容", 500),
});

export const commentSelectSchema = z.object({
  freightNo: nameFilter("运单号", 32),
  replied: z.boolean({ invalid_type_error: "replied 必须是 true 或 false" }).optional().nullable(),
});

export const commentReplySchema = z.object({ id: idSchema("评价 id"), replyContent: requiredText("回复内容", 500) });

// ---------------------------------------------------------------------------------------------
// GPS devices (open API, spec 7.3)

export interface GpsDeviceRecord {
  id: number;
  deviceNo: string;
  model: string;
  simNo: string;
  online: boolean;
  vehicleId: number | null;
  plateNo: string | null;
  boundTime: string | null;
}

export const deviceSelectorSchema = z.object({
  keyword: nameFilter("设备号/车牌号", 32),
  bound: z.boolean({ invalid_type_error: "bound 必须是 true 或 false" }).optional().nullable(),
  /** Only the device on this vehicle (at most one). */
  vehicleId: idSchema("车辆 id").optional().nullable(),
  /** Only devices of this organisation (within the caller's scope). */
  orgId: idSchema("企业 id").optional().nullable(),
});

/** Binds a device to a vehicle; vehicleId null unbinds it. */
export const deviceBindSchema = z.object({
  deviceId: idSchema("设备 id"),
  vehicleId: idSchema("车辆 id").nullable(),
});

export const dashboardSchema = z.object({ freightWay: freightWaySchema.optional().nullable() });

// ---------------------------------------------------------------------------------------------
// Formatting shared by the export and the console


/**
 * Content-Disposition of the waybill export: the UTF-8 name 运单列表_YYYYMMDD.xlsx (China calendar
 * day) and an ASCII fallback `<asciiPrefix>YYYYMMDD.xlsx` for old clients.
 */
export function freightExportDisposition(now: Date = new Date(), asciiPrefix = "freights_"): string {
  const day = chinaCompactDate(now);
  return attachmentDisposition(`${asciiPrefix}${day}.xlsx`, `运单列表_${day}.xlsx`);
}

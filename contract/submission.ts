/**
 * 数据报送 (domain 8): submission of drivers, vehicles, waybills and money flows to the provincial
 * monitoring platform (安徽省网络货运监测平台) and to the partner 物润 (road / water). Shared by the
 * platform (records, sender, routes) and the console (the /submitData pages).
 */
import { z } from "zod";
import { chinaDateText } from "./fields.js";

export const REPORT_TARGETS = {
  ANHUI: { label: "安徽省网络货运监测平台", page: "/submitData/anhuiJoint", detail: "/submitData/anhuiDetail", way: "ROAD" },
  /** The national system (部级), beside the province: the same messages and envelope, its own keys; shown on 安徽省平台对接's pages. */
  MINISTRY: { label: "部网络货运信息交互系统", page: "/submitData/anhuiJoint?target=MINISTRY", detail: "/submitData/anhuiDetail?target=MINISTRY", way: "ROAD" },
  WURUN_ROAD: { label: "物润道路运输", page: "/wurunPushManage/roadTransport", detail: "/wurunPushManage/roadTransport/informationsDetail", way: "ROAD" },
  WURUN_WATER: { label: "物润水路运输", page: "/wurunPushManage/waterTransport", detail: "/wurunPushManage/waterTransport/informationsDetail", way: "WATER" },
} as const;
export type ReportTarget = keyof typeof REPORT_TARGETS;
export const REPORT_TARGET_CODES = Object.keys(REPORT_TARGETS) as ReportTarget[];

/** The target a /submitData page shows: its own, or a sibling it names with `?target=` (安徽省平台对接 shows the national one too). */
export function pageTarget(own: ReportTarget, search: URLSearchParams): ReportTarget {
  const asked = search.get("target") as ReportTarget | null;
  const path = (href: string) => href.split("?")[0];
  return asked && asked in REPORT_TARGETS && path(REPORT_TARGETS[asked].page) === path(REPORT_TARGETS[own].page) ? asked : own;
}

/** The targets that share a page (its tabs), in their order. */
export const pageSiblings = (target: ReportTarget) => REPORT_TARGET_CODES.filter((code) => REPORT_TARGETS[code].page.split("?")[0] === REPORT_TARGETS[target].page.split("?")[0]);

/**
 * The targets whose 上报成功 gates invoicing (domain 0.5 rule 5, `invoice_requires_report`): the provincial
 * monitoring platform for road waybills; water waybills are reported only through 物润水路, so that channel
 * gates them. A waybill passes when its current 电子运单 and a 资金流水单 are SUCCESS at its way's target.
 */
export const INVOICE_GATE_TARGETS: Record<"ROAD" | "WATER", ReportTarget> = { ROAD: "ANHUI", WATER: "WURUN_WATER" };

/** Message types with their ministry document names (WLHY_*) and the partner's names for water. */
export const MESSAGE_TYPES = {
  DRIVER: { label: "驾驶员信息单", short: "司机信息", document: "WLHY_JSY1001" },
  VEHICLE: { label: "车辆信息单", short: "车辆信息", document: "WLHY_CL1001" },
  WAYBILL: { label: "电子运单", short: "电子运单", document: "WLHY_YD1001" },
  CAPITAL_FLOW: { label: "资金流水单", short: "资金流水", document: "WLHY_ZJ1001" },
  CREW: { label: "船员信息", short: "船员信息", document: "WR_CREW1001" },
  SHIP: { label: "船舶信息", short: "船舶信息", document: "WR_SHIP1001" },
  WATER_WAYBILL: { label: "水路运单", short: "水路运单", document: "WR_SYD1001" },
  WATER_CAPITAL_FLOW: { label: "水路资金流水", short: "资金流水", document: "WR_SZJ1001" },
} as const;
export type MessageType = keyof typeof MESSAGE_TYPES;

/** The message types of each way, in report order (driver, vehicle → waybill → money flow). */
export const WAY_MESSAGES = {
  ROAD: { person: "DRIVER", conveyance: "VEHICLE", waybill: "WAYBILL", capital: "CAPITAL_FLOW" },
  WATER: { person: "CREW", conveyance: "SHIP", waybill: "WATER_WAYBILL", capital: "WATER_CAPITAL_FLOW" },
} as const satisfies Record<string, Record<string, MessageType>>;

export const REPORT_STATUSES = {
  PENDING: { label: "待上报", tone: "error" },
  SENDING: { label: "上报中", tone: "info" },
  SUCCESS: { label: "已上报", tone: "success" },
  FAILED: { label: "上报失败", tone: "warning" },
  /** Held before sending: a field the receiving platform would refuse (check_result names it); re-checked on every job run. */
  CHECK_FAILED: { label: "待修正", tone: "warning" },
  SKIPPED: { label: "免推送", tone: "default" },
} as const;
export type ReportStatus = keyof typeof REPORT_STATUSES;
export const REPORT_STATUS_CODES = Object.keys(REPORT_STATUSES) as ReportStatus[];

export type AttemptOutcome = "SUCCESS" | "REJECTED" | "RETRYABLE" | "UNKNOWN";
export const ATTEMPT_OUTCOMES: Record<AttemptOutcome, string> = { SUCCESS: "成功", REJECTED: "数据错误", RETRYABLE: "可重试", UNKNOWN: "无应答" };

/** The ministry's result codes (domain 8, 《部网络货运信息交互系统接入指南》). */
export const RESULT_CODES: Record<string, string> = {
  "1001": "成功",
  "2001": "token 认证失败",
  "3001": "报文参考号重复",
  "3002": "ipctype 错误",
  "3003": "发送消息队列失败",
  "3004": "交换报文解析错误",
  "3005": "字段校验失败",
  "3006": "对称密钥解密失败",
  "3007": "业务报文解密错误",
  "3008": "业务报文解析错误",
  "9001": "服务器内部错误",
};

/** Backoff of automatic retries (domain 8.4): 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const RETRY_BACKOFF_MIN = [1, 5, 15, 60, 180, 360, 720, 1440] as const;

/** One line of a record's local check (S2 CheckResult). */
export interface CheckLine {
  ministryField: string;
  label: string;
  sourceField: string;
  required: boolean;
  value: string;
  ok: boolean;
  message: string;
}

/** What a record's 上报 button does in its state: how it is labelled and whether it asks for a reason. */
export interface ResubmitOffer {
  label: "立即上报" | "重新上报" | "重新校验";
  reasonRequired: boolean;
}

/**
 * 上报 of one record by its state (domain 8.4), the one rule the platform's 重新上报 enforces and the
 * detail page shows: a PENDING record is sent now; a SENDING one offers nothing (it is being sent); a held
 * one (待修正) is rebuilt from the corrected data and checked again (重新校验), and sent when it passes; any
 * other is rebuilt and sent again (重新上报), an already SUCCESS one only with a reason.
 */
export function resubmitOf(status: ReportStatus): ResubmitOffer | null {
  if (status === "SENDING") return null;
  if (status === "PENDING") return { label: "立即上报", reasonRequired: false };
  if (status === "CHECK_FAILED") return { label: "重新校验", reasonRequired: false };
  return { label: "重新上报", reasonRequired: status === "SUCCESS" };
}

export interface ReportRecordView {
  id: number;
  recordNo: string;
  target: ReportTarget;
  messageType: MessageType;
  bizNo: string;
  freightId: number | null;
  freightNo: string | null;
  status: ReportStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastResultCode: string | null;
  lastResultMessage: string | null;
  successAt: string | null;
  markedAbnormal: boolean;
  markRemark: string | null;
  payload: unknown;
  checkResult: CheckLine[];
  createdAt: string;
  updatedAt: string;
  /** The record's 上报 in its state (`resubmitOf`); null while it is being sent. */
  resubmit: ResubmitOffer | null;
}

export interface ReportAttemptView {
  id: number;
  attemptNo: number;
  messageReferenceNumber: string;
  sentAt: string;
  durationMs: number;
  httpStatus: number | null;
  resultCode: string | null;
  resultMessage: string | null;
  outcome: AttemptOutcome;
  operatorName: string | null;
  requestExcerpt: string;
}

/** A row of anhuiJoint / roadTransport / waterTransport: one waybill and the status of each of its messages. */
export interface ReportWaybillRow {
  freightId: number;
  freightNo: string;
  orderNo: string;
  carrierName: string;
  conveyanceName: string;
  completeTime: string | null;
  /** By message type: the status of the newest record and its last message. */
  messages: Partial<Record<MessageType, { id: number; status: ReportStatus; message: string | null }>>;
  markedAbnormal: boolean;
  lastAttemptAt: string | null;
  /** Not SUCCESS 24 h after the trigger (超时未上报). */
  overdue: boolean;
  /** What the caller may do with the row: `submit` (上报) while a record of it is 待上报. */
  actions: string[];
  /** Why 上报 is not offered (all reported, or only failed records left). */
  blocked?: { submit: string };
}

export interface ReportTargetState {
  code: ReportTarget;
  name: string;
  baseUrl: string;
  enabled: boolean;
  autoReport: boolean;
  paused: boolean;
  pausedReason: string | null;
  lastSuccessAt: string | null;
  queue: Partial<Record<ReportStatus, number>>;
}

export interface ReportWaybillDetail {
  target: ReportTarget;
  freightId: number;
  freightNo: string;
  orderNo: string;
  status: string;
  carrierName: string;
  conveyanceName: string;
  completeTime: string | null;
  records: Array<ReportRecordView & { attempts: ReportAttemptView[] }>;
}

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过 ${max} 个字符`).optional().transform((v) => v || undefined);

export const reportSearchSchema = z.object({
  target: z.enum(REPORT_TARGET_CODES as [ReportTarget, ...ReportTarget[]], { message: "对接目标不正确" }),
  keyword: optionalText(32, "运单号/订单号"),
  carrier: optionalText(32, "司机/车牌"),
  status: z.enum(REPORT_STATUS_CODES as [ReportStatus, ...ReportStatus[]], { message: "上报状态不正确" }).optional().or(z.literal("").transform(() => undefined)),
  abnormal: z.enum(["1", "0"], { message: "标记异常只能是 是 或 否" }).optional().or(z.literal("").transform(() => undefined)),
  overdue: z.enum(["1"], { message: "超时未上报取值不正确" }).optional().or(z.literal("").transform(() => undefined)),
  completeFrom: chinaDateText("完成日期起").optional().or(z.literal("").transform(() => undefined)),
  completeTo: chinaDateText("完成日期止").optional().or(z.literal("").transform(() => undefined)),
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;

const idList = z.array(z.coerce.number().int("记录编号应为整数").positive("记录编号应为正整数"), { message: "请选择要上报的记录" }).min(1, "请选择要上报的记录").max(200, "一次最多上报 200 条");

export const resubmitSchema = z.object({
  recordIds: idList,
  reason: optionalText(200, "重新上报原因"),
});

export const submitFreightsSchema = z.object({
  target: reportSearchSchema.shape.target,
  freightIds: z.array(z.coerce.number().int("运单编号应为整数").positive("运单编号应为正整数"), { message: "请选择运单" }).min(1, "请选择运单").max(200, "一次最多上报 200 个运单"),
});

export const markSchema = z.object({
  recordId: z.coerce.number().int("记录编号应为整数").positive("记录编号应为正整数"),
  marked: z.boolean({ message: "标记异常取值不正确" }),
  remark: optionalText(200, "异常备注"),
});

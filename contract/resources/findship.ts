/**
 * 找船 (domain 7.4, 7.5): 码头 (wharves, with their audit), 空船动态 (the directory of empty ships that
 * /findShipManage searches), 船舶信息审核 (what shipowners and captains submit before it enters the
 * directory), 沟通记录 (an organisation's calls with ships) and the self-owned ship fines with their log.
 */
import { isMmsi } from "../validation.js";
import { defineResource, f, labelled, type Options } from "./kit.js";
import { MAX_SHIP_LOAD_KG, NAV_AREAS, SHIP_TYPES } from "./ship.js";
import { AUDITORS, AUDIT_STATES, approveReject, enableToggles, enabledField, EVERYONE, OWNERS } from "./vocabulary.js";

/** An availability may span at most this many days (SHIP_AVAILABILITY_MAX_DAYS) [choice]. */
export const SHIP_AVAILABILITY_MAX_DAYS = 30;
/** 期望运价 is per tonne; 10 000 元/吨 is far above any inland rate. */
const MAX_PRICE_FEN_PER_T = 1_000_000;

const degrees = (label: string, limit: number) =>
  f.text(label, 11, {
    required: true,
    form: true,
    detail: "位置",
    export: true,
    checks: [[(v) => /^-?\d{1,3}(\.\d{1,6})?$/.test(v) && Math.abs(Number(v)) <= limit, `${label}应为 -${limit} 到 ${limit} 之间的数字，最多 6 位小数`]],
    hint: "WGS-84 坐标，如 117.3895",
  });

/** 审核状态 of things that are approved rather than certified (domain 0.3: 已通过 for wharves and ship info). */
const PASSED_STATES = { ...AUDIT_STATES, APPROVED: { label: "已通过", tone: "success" } } as const satisfies Options;
type PassedState = keyof typeof PASSED_STATES;

// ---------------------------------------------------------------------------------------------
// 码头

export const WHARF_SOURCES = { PLATFORM: { label: "平台录入" }, USER: { label: "用户提交" } } as const satisfies Options;

const WHARF = { list: true, detail: "码头信息", form: true, export: true } as const;
const WHARF_MORE = { detail: "码头信息", form: true, export: true } as const;

export const wharf = defineResource({
  key: "wharf",
  name: "码头",
  api: "tms-wharf",
  titleField: "name",
  fields: {
    name: f.text("码头名称", 64, { ...WHARF, required: true, filter: "contains", sanitize: true }),
    portName: f.text("所属港口", 32, { ...WHARF, required: true, filter: "contains", sanitize: true, hint: "如 蚌埠港、芜湖港" }),
    waterway: f.text("水系/航段", 32, { ...WHARF, filter: "contains", hint: "如 淮河、长江芜湖段" }),
    address: f.text("地址", 128, { ...WHARF_MORE, required: true }),
    regionCode: f.region("所在地区", { ...WHARF_MORE }),
    lng: degrees("经度", 180),
    lat: degrees("纬度", 90),
    berthCount: f.int("泊位数", 1, 200, { ...WHARF, unit: "个" }),
    maxBerthTonnage: f.int("最大靠泊吨级", 1, 300_000, { ...WHARF, unit: "吨" }),
    depthMm: f.int("前沿水深", 100, 30_000, { ...WHARF_MORE, unit: "毫米" }),
    hasGrainFacility: f.bool("粮食装卸设备", { ...WHARF, filter: "eq", hint: "吸粮机、输送带等" }),
    contactName: f.text("联系人", 32, WHARF_MORE),
    contactMobile: f.mobile("联系电话", WHARF_MORE),
    source: f.enumOf("来源", WHARF_SOURCES, { list: true, detail: "码头信息", export: true, filter: "eq" }),
    enabled: enabledField(),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
  },
  status: {
    field: "auditStatus",
    label: "审核状态",
    initial: "PENDING",
    states: PASSED_STATES,
    transitions: {
      ...approveReject("TMS_WHARF_APPROVE"),
      ...enableToggles("TMS_WHARF_MANAGEMENT", AUDITORS),
    },
    editableIn: ["PENDING", "APPROVED", "REJECTED"],
  },
  permissions: { list: [], detail: [], create: ["TMS_WHARF_MANAGEMENT", "TMS_FIND_SHIP"], update: ["TMS_WHARF_MANAGEMENT"], delete: ["TMS_WHARF_MANAGEMENT"], export: [] },
  // Staff keep the directory (their wharves are approved at once); organisations submit wharves for audit.
  kinds: { read: EVERYONE, write: ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] },
  example: {
    as: "ORG_USER",
    body: (n) => ({ name: `测试码头${n}号泊位`, portName: "蚌埠港", waterway: "淮河", address: `蚌埠市淮上区沫河口${n}号`, lng: "117.4312", lat: "32.9556", berthCount: 3, hasGrainFacility: true }),
  },
  defaultSort: ["createdTime", "desc"],
});

// ---------------------------------------------------------------------------------------------
// 空船动态

export const AVAILABILITY_STATES = {
  OPEN: { label: "可承运", tone: "success" },
  MATCHED: { label: "已成交", tone: "info" },
  EXPIRED: { label: "已过期", tone: "default" },
  CLOSED: { label: "已关闭", tone: "default" },
} as const satisfies Options;

const SHIP_INFO = { list: true, detail: "船舶", export: true } as const;
const EMPTY = { list: true, detail: "空船信息", export: true } as const;

/** The availability fields a submission carries and approval copies (the submission's form adds `form`). */
const availabilityFields = (o: { form?: "create" } = {}) => ({
  emptyPort: f.text("空船地点", 64, { ...EMPTY, ...o, filter: "contains", hint: "港口或码头，如 蚌埠港" }),
  emptyWharfId: f.ref("空船码头", "wharf", "emptyWharfName", { detail: "空船信息", export: true, ...o }),
  emptyFrom: f.date("空船开始", { ...EMPTY, ...o, filter: "range" }),
  emptyTo: f.date("空船结束", { ...EMPTY, ...o }),
  toPorts: f.text("意向航线", 200, { ...EMPTY, ...o, hint: "到港，用逗号分隔，如 芜湖港,南京港" }),
  availableLoad: f.weightKg("可载重量", MAX_SHIP_LOAD_KG, { ...EMPTY, ...o }),
  expectedPrice: f.moneyFen("期望运价（元/吨）", MAX_PRICE_FEN_PER_T, { ...EMPTY, ...o }),
  contactName: f.text("联系人", 32, { ...EMPTY, ...o }),
  contactMobile: f.mobile("联系电话", { ...EMPTY, ...o }),
});

export const shipAvailability = defineResource({
  key: "shipAvailability",
  name: "空船动态",
  api: "tms-ship-availability",
  titleField: "shipName",
  fields: {
    shipName: f.text("船名", 32, { ...SHIP_INFO, filter: "contains" }),
    mmsi: f.text("MMSI 识别码", 9, { detail: "船舶", export: true }),
    shipType: f.enumOf("船舶类型", SHIP_TYPES, { ...SHIP_INFO, filter: "eq" }),
    deadweight: f.weightKg("载重吨", MAX_SHIP_LOAD_KG, SHIP_INFO),
    ...availabilityFields(),
    viewCount: f.int("浏览次数", 0, 1_000_000_000, { detail: "空船信息", export: true }),
    callCount: f.int("联系次数", 0, 1_000_000_000, { detail: "空船信息", export: true }),
    shipId: f.ref("船舶", "ship", "shipRef", {}),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "OPEN",
    states: AVAILABILITY_STATES,
    transitions: {
      close: { label: "下架", from: ["OPEN"], to: "CLOSED", permission: "TMS_SHIP_INFO_APPROVE", kinds: AUDITORS, tone: "danger", confirm: "下架后该空船动态不再出现在找船列表和 H5 找船中" },
    },
    editableIn: [],
  },
  permissions: { list: [], detail: [], export: [] },
  // Published by approving a 船舶信息审核 submission; never entered here.
  kinds: { read: EVERYONE, write: [] },
  example: { as: "ORG_USER", body: () => ({}) },
  defaultSort: ["emptyFrom", "desc"],
});

// ---------------------------------------------------------------------------------------------
// 船舶信息审核

export const SUBMISSION_KINDS = {
  AVAILABILITY: { label: "空船发布" },
  UPDATE_SHIP: { label: "修改船舶信息" },
} as const satisfies Options;

const SUBMIT = { list: true, detail: "申请", export: true } as const;
const CHANGE = { detail: "船舶信息变更", export: true, form: "create" } as const;

export const shipInfoSubmission = defineResource({
  key: "shipInfoSubmission",
  name: "船舶信息",
  api: "tms-ship-info-submission",
  titleField: "submissionNo",
  fields: {
    submissionNo: f.text("申请编号", 24, { ...SUBMIT, filter: "contains" }),
    kind: f.enumOf("申请类型", SUBMISSION_KINDS, { ...SUBMIT, required: true, form: "create", filter: "eq" }),
    shipId: f.ref("船舶", "ship", "shipName", { ...SUBMIT, required: true, form: "create" }),
    submitterName: f.text("提交人", 32, SUBMIT),
    changeSummary: f.text("申请内容", 500, SUBMIT),
    ...availabilityFields({ form: "create" }),
    newRegistryPort: f.text("新船籍港", 32, { ...CHANGE, sanitize: true }),
    newNavArea: f.enumOf("新航区", NAV_AREAS, CHANGE),
    newLoadCapacity: f.weightKg("新载重吨", MAX_SHIP_LOAD_KG, { ...CHANGE, hint: "载重吨变更后船舶需重新审核" }),
    appliedAt: f.datetime("生效时间", { detail: "审核", export: true }),
    auditRemark: f.textarea("审核意见", 500, { detail: "审核", list: true }),
  },
  status: {
    field: "auditStatus",
    label: "审核状态",
    initial: "PENDING",
    states: PASSED_STATES,
    transitions: {
      ...approveReject("TMS_SHIP_INFO_APPROVE"),
    },
    editableIn: [] as PassedState[],
    deletableIn: ["PENDING"],
  },
  permissions: { list: [], detail: [], create: [], delete: [], export: [] },
  kinds: { read: EVERYONE, write: OWNERS },
  createdFilter: "提交时间",
  example: {
    as: "ORG_USER",
    refs: ["ship"],
    body: (n, refs) => ({ kind: "AVAILABILITY", shipId: refs.ship, emptyPort: `蚌埠港${n % 9}号泊位`, emptyFrom: "2026-12-01", emptyTo: "2026-12-10", availableLoad: 500_000, contactName: "周船东", contactMobile: "13900001111" }),
  },
  defaultSort: ["createdTime", "desc"],
});

// ---------------------------------------------------------------------------------------------
// 沟通记录

export const COMMUNICATION_CHANNELS = { PHONE: { label: "电话" }, WECHAT: { label: "微信" }, VISIT: { label: "拜访" }, H5: { label: "H5 意向" } } as const satisfies Options;
export const COMMUNICATION_RESULTS = {
  INTERESTED: { label: "有意向", tone: "success" },
  NO_NEED: { label: "暂不需要", tone: "default" },
  NO_ANSWER: { label: "未接通", tone: "warning" },
  DEAL: { label: "已成交", tone: "info" },
} as const satisfies Options;

const TALK = { list: true, detail: "沟通记录", form: true, export: true } as const;

export const shipCommunication = defineResource({
  key: "shipCommunication",
  name: "沟通记录",
  api: "tms-ship-communication",
  titleField: "shipName",
  fields: {
    shipName: f.text("船名", 32, { ...TALK, required: true, sanitize: true }),
    mmsi: f.text("MMSI 识别码", 9, { ...TALK, list: false, checks: [[isMmsi, "MMSI 应为 9 位数字，国内船舶以 412、413、414 开头"]] }),
    contactName: f.text("联系人", 32, { ...TALK, required: true }),
    contactMobile: f.mobile("电话", { ...TALK, required: true }),
    channel: f.enumOf("方式", COMMUNICATION_CHANNELS, { ...TALK, required: true, filter: "eq" }),
    content: f.textarea("内容", 500, { ...TALK, required: true, screen: true }),
    result: f.enumOf("结果", COMMUNICATION_RESULTS, { ...TALK, required: true, filter: "eq" }),
    nextFollowAt: f.datetime("下次跟进", { ...TALK, filter: "range" }),
    operatorName: f.text("记录人", 32, { list: true, detail: "沟通记录", export: true }),
  },
  permissions: { list: [], detail: [], create: [], update: [], delete: [], export: [] },
  kinds: { read: EVERYONE, write: ["ORG_USER"] },
  keyword: { label: "船名/电话", fields: ["shipName", "contactMobile"] },
  createdFilter: "时间",
  example: { as: "ORG_USER", body: (n) => ({ shipName: `皖蚌埠货${1000 + (n % 8999)}`, contactName: "周船东", contactMobile: "13900001111", channel: "PHONE", content: "询问下周蚌埠至芜湖小麦运输，船东有意向", result: "INTERESTED" }) },
  defaultSort: ["createdTime", "desc"],
});

// ---------------------------------------------------------------------------------------------
// 自有船罚款

export const FINE_REASONS = labelled({ OVERLOAD: "超载", DELAY: "延误", CARGO_LOSS: "货损/亏吨", SAFETY: "安全违规", POLLUTION: "防污违规", OTHER: "其他" });

export const FINE_STATES = {
  PENDING: { label: "待确认", tone: "warning" },
  CONFIRMED: { label: "已确认", tone: "info" },
  APPEALED: { label: "申诉中", tone: "warning" },
  DEDUCTED: { label: "已扣款", tone: "success" },
  WAIVED: { label: "已免除", tone: "default" },
} as const satisfies Options;

/** 操作日志 actions: 开具 and 修改 from the writes, the rest one per transition. */
export const FINE_ACTIONS = {
  CREATE: { label: "开具" },
  EDIT: { label: "修改" },
  CONFIRM: { label: "确认" },
  APPEAL: { label: "申诉" },
  APPEAL_ACCEPT: { label: "申诉成立" },
  APPEAL_REJECT: { label: "申诉驳回" },
  DEDUCT: { label: "扣款" },
  WAIVE: { label: "免除" },
} as const satisfies Options;
export type FineAction = keyof typeof FINE_ACTIONS;

const FINE = { list: true, detail: "罚款单", form: true, export: true } as const;
const FINE_CODE = "TMS_SELF_OWNED_SHIP" as const;
const ORG_ONLY = ["ORG_USER"] as const;
const remark = (label: string, required: boolean) => ({ handleRemark: f.textarea(label, 500, { required }) });

/** The transition of each log action (CREATE and EDIT come from the writes). */
export const FINE_TRANSITION_ACTIONS: Record<string, FineAction> = { confirm: "CONFIRM", appeal: "APPEAL", appealAccept: "APPEAL_ACCEPT", appealReject: "APPEAL_REJECT", deduct: "DEDUCT", waive: "WAIVE" };

export const shipFine = defineResource({
  key: "shipFine",
  name: "罚款单",
  api: "tms-ship-fine",
  titleField: "fineNo",
  fields: {
    fineNo: f.text("罚款单号", 24, { list: true, detail: "罚款单", export: true, filter: "contains" }),
    shipId: f.ref("船舶", "ship", "shipName", { ...FINE, required: true, filter: "eq", hint: "仅自有船舶" }),
    captainId: f.ref("船长", "captain", "captainName", { ...FINE, hint: "不填则为该船当前船长" }),
    freightNo: f.text("运单号", 32, { ...FINE, list: false }),
    reasonType: f.enumOf("罚款原因", FINE_REASONS, { ...FINE, required: true, filter: "eq" }),
    description: f.textarea("说明", 500, { ...FINE, list: false, required: true, screen: true }),
    amount: f.moneyFen("金额", 10_000_000, { ...FINE, required: true }),
    occurredAt: f.datetime("发生时间", { ...FINE, required: true, filter: "range" }),
    handleRemark: f.textarea("处理意见", 500, { detail: "处理", export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "PENDING",
    states: FINE_STATES,
    transitions: {
      confirm: { label: "确认", from: ["PENDING"], to: "CONFIRMED", permission: FINE_CODE, kinds: ORG_ONLY, tone: "primary", confirm: "确认后船长可在结算前申诉" },
      appeal: { label: "申诉", from: ["PENDING", "CONFIRMED"], to: "APPEALED", permission: FINE_CODE, kinds: ORG_ONLY, input: remark("申诉理由", true) },
      appealAccept: { label: "申诉成立", from: ["APPEALED"], to: "WAIVED", permission: FINE_CODE, kinds: ORG_ONLY, input: remark("处理意见", true), tone: "primary" },
      appealReject: { label: "申诉驳回", from: ["APPEALED"], to: "CONFIRMED", permission: FINE_CODE, kinds: ORG_ONLY, input: remark("处理意见", true), tone: "danger" },
      deduct: { label: "扣款", from: ["CONFIRMED"], to: "DEDUCTED", permission: FINE_CODE, kinds: ORG_ONLY, tone: "danger", confirm: "罚款将作为扣款项并入该船长下次运费结算" },
      waive: { label: "免除", from: ["PENDING", "CONFIRMED"], to: "WAIVED", permission: FINE_CODE, kinds: ORG_ONLY, input: remark("免除原因", true) },
    },
    editableIn: ["PENDING"],
    deletableIn: [],
  },
  permissions: { list: [FINE_CODE], detail: [FINE_CODE], create: [FINE_CODE], update: [FINE_CODE], export: [FINE_CODE] },
  kinds: { read: EVERYONE, write: ORG_ONLY },
  example: {
    as: "ORG_USER",
    refs: ["ship"],
    body: (n, refs) => ({ shipId: refs.ship, reasonType: "DELAY", description: `第 ${n} 航次到港延误`, amount: 50_000 + n, occurredAt: "2026-11-20T02:00:00.000Z" }),
  },
  defaultSort: ["createdTime", "desc"],
});

const LOG = { list: true, detail: "操作日志", export: true } as const;

export const shipFineLog = defineResource({
  key: "shipFineLog",
  name: "罚款操作日志",
  api: "tms-ship-fine-log",
  titleField: "fineNo",
  fields: {
    fineNo: f.text("罚款单号", 24, { ...LOG, filter: "contains" }),
    shipName: f.text("船名", 32, { ...LOG, filter: "contains" }),
    captainName: f.text("船长", 32, LOG),
    action: f.enumOf("动作", FINE_ACTIONS, { ...LOG, filter: "eq" }),
    amount: f.moneyFen("金额", 10_000_000, LOG),
    operatorName: f.text("操作人", 32, LOG),
    remark: f.textarea("备注", 500, LOG),
  },
  permissions: { list: [FINE_CODE], detail: [FINE_CODE], export: [FINE_CODE] },
  // Written by the fines' own writes, in their transactions; never by hand.
  kinds: { read: EVERYONE, write: [] },
  createdFilter: "时间",
  example: { as: "ORG_USER", body: () => ({}) },
  defaultSort: ["createdTime", "desc"],
});

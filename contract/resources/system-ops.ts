/**
 * Operational /system resources: APP上传信息 (domain 6.3, reported by the apps), 企业配置 (6.7, 1:1 with an
 * organisation), 推送日志 (6.8, the outbound message log the notification sender writes) and 免推送配置
 * (6.13, the exemptions the senders honour).
 */
import { defineResource, f, type Options } from "./kit.js";
import { ACCOUNT_SMS, SMS_PROVIDERS } from "../account-sms.js";
import { SMS_TEMPLATE_CODES } from "../sms.js";

const SHOWN = { list: true, detail: true, export: true } as const;
const STAFF = ["SYSTEM_USER", "TENANT_USER", "ORG_USER"] as const;

// ---------------------------------------------------------------------------------------------
// APP上传信息

export const APP_CODES = { DRIVER: { label: "司机端" }, CAPTAIN: { label: "船长端" }, SHIPPER: { label: "货主端" } } as const satisfies Options;
export const DEVICE_OS = { ANDROID: { label: "安卓" }, IOS: { label: "苹果 iOS" } } as const satisfies Options;
export const NETWORKS = { WIFI: { label: "无线 WiFi" }, "5G": { label: "5G 网络" }, "4G": { label: "4G 网络" }, "3G": { label: "3G 网络" }, OTHER: { label: "其他网络" } } as const satisfies Options;
export const LOCATION_PERMISSIONS = {
  ALWAYS: { label: "始终允许", tone: "success" },
  IN_USE: { label: "使用期间", tone: "warning" },
  DENIED: { label: "拒绝", tone: "error" },
} as const satisfies Options;

export const appDeviceReport = defineResource({
  key: "appDeviceReport",
  name: "APP上传信息",
  api: "sys-app-device-report",
  titleField: "deviceModel",
  fields: {
    userName: f.text("用户", 32, { ...SHOWN }),
    mobile: f.mobile("手机号", { ...SHOWN, filter: "contains", mask: true }),
    appCode: f.enumOf("APP 应用", APP_CODES, { ...SHOWN, required: true, filter: "eq" }),
    appVersion: f.text("版本", 32, { ...SHOWN, required: true, filter: "contains", checks: [[(v) => /^\d{1,4}(\.\d{1,4}){1,3}$/.test(v), "版本应为数字版本号，如 3.2.1"]] }),
    os: f.enumOf("系统", DEVICE_OS, { ...SHOWN, required: true, filter: "eq" }),
    osVersion: f.text("系统版本", 32, { detail: true, export: true, required: true }),
    deviceBrand: f.text("品牌", 32, { detail: true, export: true, required: true }),
    deviceModel: f.text("机型", 64, { ...SHOWN, required: true }),
    network: f.enumOf("网络", NETWORKS, { detail: true, export: true, required: true }),
    locationPermission: f.enumOf("定位权限", LOCATION_PERMISSIONS, { ...SHOWN, required: true, filter: "eq" }),
    backgroundLocation: f.bool("后台定位", { ...SHOWN, required: true }),
    pushEnabled: f.bool("推送", { ...SHOWN, required: true }),
    reportedAt: f.datetime("最近上报", { ...SHOWN, filter: "range" }),
  },
  permissions: { list: ["SYSTEM_USER_LOG"], detail: ["SYSTEM_USER_LOG"], export: ["SYSTEM_USER_LOG"] },
  kinds: { read: ["SYSTEM_USER"], write: [] },
  defaultSort: ["reportedAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});


// ---------------------------------------------------------------------------------------------
// 企业配置

export const BUSINESS_MODES = { SELF_OPERATED: { label: "自营（平台承运）" }, MATCHMAKING: { label: "撮合（信息撮合）" } } as const satisfies Options;
export type BusinessMode = keyof typeof BUSINESS_MODES;
export const ALLOWED_BUSINESS_MODES = { SELF_OPERATED: { label: "仅自营" }, MATCHMAKING: { label: "仅撮合" }, BOTH: { label: "自营和撮合" } } as const satisfies Options;
export const TICKET_TYPES = { ONE_TICKET: { label: "一票制" }, TWO_TICKET: { label: "两票制" } } as const satisfies Options;
export const SETTLE_BASES = { LOADED: { label: "按装货重量" }, UNLOADED: { label: "按卸货重量" }, MIN: { label: "按较小值" } } as const satisfies Options;
export const WIPE_MODES = { NONE: { label: "不抹零" }, JIAO: { label: "抹角分（到元）" }, YUAN: { label: "抹个位（到十元）" } } as const satisfies Options;
export const SETTLE_CYCLES = { PREPAID: { label: "预付" }, MONTHLY: { label: "月结" } } as const satisfies Options;

const TAX = { detail: "开票与税费", form: true, export: true } as const;
const SETTLE = { detail: "结算规则", form: true, export: true } as const;
const TRANSPORT = { detail: "运输规则", form: true, export: true } as const;
const FUNDS = { detail: "资金与授信", form: true, export: true } as const;
const bp = (label: string, max: number, o: object) => f.rateBp(label, max, { ...o, required: true });

export const enterpriseConfig = defineResource({
  key: "enterpriseConfig",
  name: "企业配置",
  api: "sys-enterprise-config",
  titleField: "enterpriseName",
  fields: {
    enterpriseName: f.text("企业", 128, { detail: "开票与税费", export: true, filter: "contains" }),
    businessModes: f.enumOf("允许业务模式", ALLOWED_BUSINESS_MODES, { ...TAX, list: true, required: true, filter: "eq" }),
    defaultBusinessMode: f.enumOf("默认业务模式", BUSINESS_MODES, { ...TAX, list: true, required: true }),
    ticketType: f.enumOf("票制", TICKET_TYPES, { ...TAX, list: true, required: true }),
    serviceFeeBp: bp("服务费率", 3000, { ...TAX, list: true }),
    taxReserveBp: bp("留存税费率", 1500, { ...TAX, list: true }),
    withholdBp: bp("撮合代扣税费率", 1000, TAX),
    invoiceRequiresReport: f.bool("开票须上报成功", { ...TAX, required: true }),
    settleBasis: f.enumOf("结算依据", SETTLE_BASES, { ...SETTLE, list: true, required: true }),
    wipeMode: f.enumOf("抹零", WIPE_MODES, { ...SETTLE, list: true, required: true }),
    lossAllowanceBp: bp("合理路耗", 1000, SETTLE),
    allowEditCarrierPayable: f.bool("核算时可改司机实收", { ...SETTLE, required: true }),
    paymentRequiresAudit: f.bool("付款须审核", { ...SETTLE, list: true, required: true }),
    singlePaymentMax: f.moneyFen("单笔支付上限（0 = 不限）", 100_000_000_00, { ...SETTLE, required: true }),
    allowUncertifiedDispatch: f.bool("允许未认证司机/车辆接单", { ...TRANSPORT, list: true, required: true }),
    supplyRequiresAudit: f.bool("货源须审核", { ...TRANSPORT, required: true }),
    requireLoadingProof: f.bool("装货须上传凭证", { ...TRANSPORT, required: true }),
    requireUnloadingProof: f.bool("卸货须上传凭证", { ...TRANSPORT, required: true }),
    driverMustBindCard: f.bool("司机须绑卡才能接单", { ...TRANSPORT, required: true }),
    overloadToleranceBp: bp("超载容差", 5000, { ...TRANSPORT, hint: "装货或卸货重量超出计划重量多于此比例时，运单标记为异常" }),
    settleCycle: f.enumOf("结算周期", SETTLE_CYCLES, { ...FUNDS, required: true }),
    creditLimit: f.moneyFen("授信额度", 100_000_000_00, { ...FUNDS, required: true }),
    prepayAllowed: f.bool("允许预付运费", { ...FUNDS, required: true }),
  },
  permissions: { list: [], detail: [], update: ["SYSTEM_USER_CONFIG"], export: [] },
  kinds: { read: STAFF, write: ["SYSTEM_USER"] },
  defaultSort: ["createdTime", "asc"],
  example: {
    as: "SYSTEM_USER",
    body: (n) => ({
      businessModes: "BOTH",
      defaultBusinessMode: "SELF_OPERATED",
      ticketType: "ONE_TICKET",
      serviceFeeBp: n % 3000,
      taxReserveBp: 300,
      withholdBp: 100,
      invoiceRequiresReport: true,
      settleBasis: "MIN",
      wipeMode: "NONE",
      lossAllowanceBp: 30,
      allowEditCarrierPayable: false,
      paymentRequiresAudit: true,
      singlePaymentMax: 0,
      allowUncertifiedDispatch: false,
      supplyRequiresAudit: false,
      requireLoadingProof: true,
      requireUnloadingProof: true,
      driverMustBindCard: false,
      overloadToleranceBp: 500,
      settleCycle: "PREPAID",
      creditLimit: 0,
      prepayAllowed: false,
    }),
  },
});


// ---------------------------------------------------------------------------------------------
// 推送日志

export const CHANNELS = { SITE: { label: "站内信" }, APP_PUSH: { label: "APP推送" }, SMS: { label: "短信" }, WECHAT: { label: "微信模板消息" } } as const satisfies Options;
export const PUSH_STATES = {
  SENT: { label: "已发送", tone: "info" },
  DELIVERED: { label: "已送达", tone: "success" },
  FAILED: { label: "发送失败", tone: "error" },
  SKIPPED: { label: "已跳过", tone: "warning" },
} as const satisfies Options;

export const pushLog = defineResource({
  key: "pushLog",
  name: "推送日志",
  api: "sys-push-log",
  titleField: "bizNo",
  fields: {
    sentAt: f.datetime("时间", { ...SHOWN, filter: "range" }),
    channel: f.enumOf("渠道", CHANNELS, { ...SHOWN, filter: "eq" }),
    templateCode: f.text("模板", 32, SHOWN),
    targetName: f.text("接收人", 32, { ...SHOWN, filter: "contains" }),
    target: f.text("目标", 64, SHOWN),
    content: f.textarea("内容", 500, SHOWN),
    bizNo: f.text("业务单号", 64, { ...SHOWN, filter: "contains" }),
    status: f.enumOf("状态", PUSH_STATES, { ...SHOWN, filter: "eq" }),
    errorMsg: f.text("失败原因", 200, SHOWN),
  },
  permissions: { list: ["SYSTEM_USER_LOG"], detail: ["SYSTEM_USER_LOG"], export: ["SYSTEM_USER_LOG"] },
  kinds: { read: ["SYSTEM_USER"], write: [] },
  defaultSort: ["sentAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});


// ---------------------------------------------------------------------------------------------
// 免推送配置

export const NO_PUSH_SUBJECTS = { ENTERPRISE: { label: "企业" }, USER: { label: "用户" }, VEHICLE: { label: "车辆" } } as const satisfies Options;
export type NoPushSubject = keyof typeof NO_PUSH_SUBJECTS;
export const NO_PUSH_TARGETS = {
  MESSAGE: { label: "消息推送（站内信/APP）" },
  ANHUI: { label: "安徽省平台" },
  WURUN_ROAD: { label: "物润道路" },
  WURUN_WATER: { label: "物润水路" },
  ALL: { label: "全部" },
} as const satisfies Options;
export type NoPushTarget = keyof typeof NO_PUSH_TARGETS;
export const NO_PUSH_STATES = { ACTIVE: { label: "生效中", tone: "success" }, REMOVED: { label: "已移除" } } as const satisfies Options;

const RULE = { list: true, detail: true, form: "create", export: true } as const;

export const noPushRule = defineResource({
  key: "noPushRule",
  name: "免推送规则",
  api: "sys-no-push-rule",
  titleField: "subjectName",
  fields: {
    subjectType: f.enumOf("主体类型", NO_PUSH_SUBJECTS, { ...RULE, required: true, filter: "eq" }),
    subjectId: f.int("主体 ID", 1, Number.MAX_SAFE_INTEGER, { detail: true, form: "create", required: true, hint: "企业 ID、用户 ID 或车辆 ID" }),
    subjectName: f.text("主体名称", 128, { list: true, detail: true, export: true, filter: "contains" }),
    target: f.enumOf("免推送对象", NO_PUSH_TARGETS, { ...RULE, required: true, filter: "eq" }),
    reason: f.textarea("原因", 200, { ...RULE, required: true }),
    validFrom: f.date("生效日期", RULE),
    validTo: f.date("失效日期", RULE),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "ACTIVE",
    states: NO_PUSH_STATES,
    editableIn: [],
    transitions: { remove: { label: "移除", from: ["ACTIVE"], to: "REMOVED", permission: "SYSTEM_USER_CONFIG", kinds: ["SYSTEM_USER"], tone: "danger", confirm: "移除后新的推送不再免除；已跳过的记录不会自动补发" } },
  },
  permissions: { list: ["SYSTEM_USER_CONFIG"], detail: ["SYSTEM_USER_CONFIG"], create: ["SYSTEM_USER_CONFIG"], export: ["SYSTEM_USER_CONFIG"] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  createdFilter: "添加时间",
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", refs: ["enterprise"], body: (n, refs) => ({ subjectType: "ENTERPRISE", subjectId: refs.enterprise ?? 1, target: "ALL", reason: `测试企业，业务不上报（${n}）`, validFrom: "2026-01-01" }) },
});


// ---------------------------------------------------------------------------------------------
// 短信发送记录

/** What a message was: the platform's own kinds and organisations' 短信模板 codes. */
export const SMS_LOG_KINDS = Object.fromEntries([...Object.entries(ACCOUNT_SMS), ...Object.entries(SMS_TEMPLATE_CODES)].map(([code, kind]) => [code, { label: kind.label }])) as Record<string, { label: string }>;
/** 已提交: the provider accepted it; 成功: its delivery receipt says delivered; 失败: refused or not reached. */
export const SMS_LOG_STATES = {
  SENT: { label: "已提交", tone: "info" },
  DELIVERED: { label: "成功", tone: "success" },
  FAILED: { label: "失败", tone: "error" },
} as const satisfies Options;

export const smsSendLog = defineResource({
  key: "smsSendLog",
  name: "短信发送记录",
  api: "sys-sms-send-log",
  titleField: "mobile",
  fields: {
    createdAt: f.datetime("时间", { ...SHOWN, filter: "range" }),
    templateCode: f.enumOf("类型", SMS_LOG_KINDS, { ...SHOWN, filter: "eq" }),
    mobile: f.mobile("接收手机号", { ...SHOWN, filter: "contains", mask: true }),
    provider: f.enumOf("服务商", SMS_PROVIDERS, SHOWN),
    content: f.textarea("内容", 600, { detail: true, export: true }),
    status: f.enumOf("状态", SMS_LOG_STATES, { ...SHOWN, filter: "eq" }),
    requestId: f.text("请求编号", 64, SHOWN),
    providerMessageId: f.text("回执编号", 40, { detail: true, export: true }),
    error: f.text("失败原因", 200, SHOWN),
  },
  actions: {
    // Only what can be rebuilt from its record: a code or password is never kept in clear, so those
    // are sent again where they are issued (重置密码, 重发初始密码, a new code).
    resend: {
      label: "重发",
      permission: "SYSTEM_USER_LOG",
      kinds: ["SYSTEM_USER"],
      when: { templateCode: ["INVITATION", "CREDENTIAL_EXPIRY"] },
      confirm: "将按邀请或证照的当前内容重新发送一条短信（并记一条新的发送记录）；注册邀请将换发新的邀请码，原邀请码随即失效；验证码和密码从不保存明文，不能在此重发",
      done: "新的短信已发送，结果见新的发送记录",
    },
  },
  permissions: { list: ["SYSTEM_USER_LOG"], detail: ["SYSTEM_USER_LOG"], export: ["SYSTEM_USER_LOG"] },
  kinds: { read: ["SYSTEM_USER"], write: [] },
  defaultSort: ["createdAt", "desc"],
  example: { as: "SYSTEM_USER", body: () => ({}) },
});


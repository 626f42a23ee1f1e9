/**
 * 自有车辆管理 (domain 7.2): 超时配置 (the rules) and 超时记录 (the alerts they raise). Organisations and
 * individuals manage their own; alerts are raised by the platform's detector, never entered by hand.
 */
import { isMobile } from "../validation.js";
import { defineResource, f, labelled } from "./kit.js";
import { enableToggles, ENABLE_STATES, OWNERS } from "./vocabulary.js";

const BASIC = { list: true, detail: "基本信息", form: true, export: true } as const;
const RULES = { list: true, detail: "超时规则", form: true, export: true } as const;

export const TIMEOUT_SCOPES = { DEFAULT: { label: "企业默认" }, ROUTE: { label: "线路" } } as const;

export const timeoutConfig = defineResource({
  key: "timeoutConfig",
  name: "超时配置",
  api: "tms-timeout-config",
  titleField: "scope",
  fields: {
    scope: f.enumOf("适用范围", TIMEOUT_SCOPES, { ...BASIC, required: true, filter: "eq" }),
    loadingRegionCode: f.region("装货地", { ...BASIC, hint: "线路配置必填：装货地所在的市或区县" }),
    unloadingRegionCode: f.region("卸货地", { ...BASIC }),
    loadingTimeoutH: f.int("装货超时", 1, 240, { ...RULES, unit: "小时", hint: "派单后超过该时长未装货" }),
    transitTimeoutH: f.int("运输超时", 1, 720, { ...RULES, unit: "小时", hint: "装货后超过该时长未卸货" }),
    stopTimeoutMin: f.int("停车超时", 10, 1440, { ...RULES, unit: "分钟", hint: "运输中速度为 0 超过该时长" }),
    offlineTimeoutMin: f.int("离线超时", 10, 1440, { ...RULES, unit: "分钟", hint: "运输中超过该时长无定位" }),
    notifyMobiles: f.text("通知手机", 200, { detail: "基本信息", form: true, export: true, hint: "最多 5 个，逗号分隔", checks: [[(v) => v.split(/[,，]/).length <= 5 && v.split(/[,，]/).every((m) => isMobile(m.trim())), "通知手机最多 5 个 11 位手机号，用逗号分隔"]] }),
  },
  status: { field: "enabled", label: "状态", initial: "ENABLED", states: ENABLE_STATES, transitions: enableToggles([], OWNERS), editableIn: ["ENABLED", "DISABLED"] },
  permissions: { list: [], detail: [], create: [], update: [], delete: [], export: [] },
  kinds: { read: OWNERS, write: OWNERS },
  example: { as: "ORG_USER", body: (n) => ({ scope: "ROUTE", loadingRegionCode: `32${String(1 + (n % 13)).padStart(2, "0")}00`, unloadingRegionCode: `32${String(1 + (Math.floor(n / 13) % 13)).padStart(2, "0")}00`, loadingTimeoutH: 24, stopTimeoutMin: 60 }) },
  defaultSort: ["createdTime", "desc"],
});

export const ALERT_TYPE_OPTIONS = labelled({ LOADING_TIMEOUT: "装货超时", TRANSIT_TIMEOUT: "运输超时", STOP_TIMEOUT: "停车超时", OFFLINE: "离线" });

export const ALERT_STATES = {
  OPEN: { label: "未处理", tone: "error" },
  HANDLED: { label: "已处理", tone: "success" },
  AUTO_CLOSED: { label: "已自动关闭", tone: "default" },
} as const;

const ALERT = { list: true, detail: "告警信息", export: true } as const;

export const vehicleAlert = defineResource({
  key: "vehicleAlert",
  name: "超时记录",
  api: "tms-vehicle-alert",
  titleField: "freightNo",
  fields: {
    alertType: f.enumOf("类型", ALERT_TYPE_OPTIONS, { ...ALERT, filter: "eq" }),
    plateNo: f.text("车牌号", 16, { ...ALERT, filter: "contains" }),
    driverName: f.text("司机", 32, ALERT),
    freightNo: f.text("运单号", 32, { ...ALERT, filter: "contains" }),
    threshold: f.text("阈值", 32, ALERT),
    actual: f.text("实际", 32, ALERT),
    level: f.int("等级", 1, 2, ALERT),
    detectedAt: f.datetime("发现时间", { ...ALERT, filter: "range" }),
    startedAt: f.datetime("开始时间", { detail: "告警信息", export: true }),
    handledName: f.text("处理人", 32, ALERT),
    handleRemark: f.textarea("处理备注", 200, ALERT),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "OPEN",
    states: ALERT_STATES,
    transitions: {
      handle: { label: "处理", from: ["OPEN"], to: "HANDLED", permission: [], kinds: OWNERS, input: { handleRemark: f.textarea("处理备注", 200, { required: true }) }, tone: "primary" },
    },
    editableIn: [],
  },
  permissions: { list: [], detail: [], export: [] },
  // Raised by the detector, never created or edited by hand: 处理 is the one write (its own kinds).
  kinds: { read: OWNERS, write: [] },
  example: { as: "ORG_USER", body: () => ({}) },
  defaultSort: ["detectedAt", "desc"],
});

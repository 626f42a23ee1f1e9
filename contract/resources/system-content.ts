/**
 * Content the platform manages: 敏感词 (domain 6.14, screened against every free-text field marked
 * `screen`), 微信群 (6.19) and 安全须知 (6.20: every user reads the published ones; holders of
 * TMS_SAFETY_NOTICE draft, publish and archive them).
 */
import { FREIGHT_WAY_LABELS } from "../freight.js";
import { defineResource, f, type Options } from "./kit.js";
import { ENABLE_STATES, EVERYONE, enableToggles } from "./vocabulary.js";

const SHOWN = { list: true, detail: true, form: true, export: true } as const;

export const WORD_CATEGORIES = {
  POLITICS: { label: "涉政" },
  PORN: { label: "色情" },
  AD: { label: "广告" },
  ABUSE: { label: "辱骂" },
  FRAUD: { label: "诈骗" },
  OTHER: { label: "其他" },
} as const satisfies Options;
export const MATCH_MODES = { CONTAINS: { label: "包含" }, EXACT: { label: "完全匹配" } } as const satisfies Options;
export const WORD_ACTIONS = { BLOCK: { label: "拒绝提交", tone: "error" }, MASK: { label: "替换为 *", tone: "warning" } } as const satisfies Options;
export type WordAction = keyof typeof WORD_ACTIONS;

export const sensitiveWord = defineResource({
  key: "sensitiveWord",
  name: "敏感词",
  api: "sys-sensitive-word",
  titleField: "word",
  fields: {
    word: f.text("敏感词", 32, { ...SHOWN, required: true, filter: "contains" }),
    category: f.enumOf("分类", WORD_CATEGORIES, { ...SHOWN, required: true, filter: "eq" }),
    matchMode: f.enumOf("匹配方式", MATCH_MODES, { ...SHOWN, required: true }),
    action: f.enumOf("处理方式", WORD_ACTIONS, { ...SHOWN, required: true, filter: "eq" }),
  },
  status: { field: "enabled", label: "状态", initial: "ENABLED", states: ENABLE_STATES, transitions: enableToggles("SYSTEM_USER_CONFIG", ["SYSTEM_USER"]), editableIn: ["ENABLED", "DISABLED"] },
  permissions: { list: ["SYSTEM_USER_CONFIG"], detail: ["SYSTEM_USER_CONFIG"], create: ["SYSTEM_USER_CONFIG"], update: ["SYSTEM_USER_CONFIG"], delete: ["SYSTEM_USER_CONFIG"], export: ["SYSTEM_USER_CONFIG"] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  createdFilter: "创建时间",
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", body: (n) => ({ word: `违禁词${n}`, category: "OTHER", matchMode: "CONTAINS", action: "BLOCK" }) },
});


export const WX_PURPOSES = { DISPATCH: { label: "调度群" }, ROUTE: { label: "线路群" }, PROJECT: { label: "项目群" }, SERVICE: { label: "客服群" } } as const satisfies Options;

export const wxGroup = defineResource({
  key: "wxGroup",
  name: "微信群",
  api: "sys-wx-group",
  titleField: "name",
  fields: {
    name: f.text("群名称", 32, { ...SHOWN, required: true, filter: "contains", screen: true }),
    purpose: f.enumOf("用途", WX_PURPOSES, { ...SHOWN, required: true, filter: "eq" }),
    routeText: f.text("线路/项目", 64, { ...SHOWN, screen: true }),
    qrCode: f.images("二维码", 1, { ...SHOWN }),
    qrExpiresAt: f.date("二维码到期", { ...SHOWN, expiry: true }),
    ownerName: f.text("群主", 32, { ...SHOWN, required: true, sanitize: true }),
    ownerMobile: f.mobile("群主手机号", { detail: true, form: true, export: true, mask: true }),
    memberCount: f.int("人数", 0, 500, { ...SHOWN, unit: "人" }),
    showInApp: f.bool("APP 展示", { ...SHOWN, required: true }),
    sort: f.int("排序", 0, 9999, { detail: true, form: true }),
    remark: f.textarea("备注", 200, { detail: true, form: true, screen: true }),
  },
  status: { field: "enabled", label: "状态", initial: "ENABLED", states: ENABLE_STATES, transitions: enableToggles("TMS_WX_GROUP", ["SYSTEM_USER"]), editableIn: ["ENABLED", "DISABLED"] },
  permissions: { list: ["TMS_WX_GROUP"], detail: ["TMS_WX_GROUP"], create: ["TMS_WX_GROUP"], update: ["TMS_WX_GROUP"], delete: ["TMS_WX_GROUP"], export: ["TMS_WX_GROUP"] },
  kinds: { read: ["SYSTEM_USER"], write: ["SYSTEM_USER"] },
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", body: (n) => ({ name: `蚌埠-芜湖粮食线路群${n % 1000}`, purpose: "ROUTE", routeText: "蚌埠 → 芜湖", ownerName: "王运营", ownerMobile: "13800000002", memberCount: 120, showInApp: true, qrExpiresAt: "2099-12-31" }) },
});


export const NOTICE_AUDIENCES = { ALL: { label: "全部" }, DRIVER: { label: "司机" }, CAPTAIN: { label: "船长" } } as const satisfies Options;
export const NOTICE_STATES = { DRAFT: { label: "草稿", tone: "warning" }, PUBLISHED: { label: "已发布", tone: "success" }, ARCHIVED: { label: "已归档" } } as const satisfies Options;
const EDITORS = ["SYSTEM_USER"] as const;
const NOTICE = "TMS_SAFETY_NOTICE";

export const safetyNotice = defineResource({
  key: "safetyNotice",
  name: "安全须知",
  api: "sys-safety-notice",
  titleField: "title",
  fields: {
    title: f.text("标题", 64, { ...SHOWN, required: true, filter: "contains", screen: true }),
    content: f.textarea("正文", 20_000, { detail: "正文", form: true, export: true, required: true, screen: true }),
    audience: f.enumOf("对象", NOTICE_AUDIENCES, { ...SHOWN, required: true, filter: "eq" }),
    freightWay: f.enumOf("运输方式", { ROAD: { label: FREIGHT_WAY_LABELS.ROAD }, WATER: { label: FREIGHT_WAY_LABELS.WATER } }, { ...SHOWN, hint: "不选则公路、水路都适用" }),
    mustConfirm: f.bool("须确认", { ...SHOWN, required: true }),
    minReadSeconds: f.int("最短阅读时长", 0, 120, { detail: true, form: true, export: true, unit: "秒" }),
    noticeVersion: f.int("版本", 0, 9999, { list: true, detail: true, export: true }),
    publishedAt: f.datetime("发布时间", { list: true, detail: true, export: true }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "DRAFT",
    states: NOTICE_STATES,
    editableIn: ["DRAFT"],
    transitions: {
      publish: { label: "发布", from: ["DRAFT"], to: "PUBLISHED", permission: NOTICE, kinds: EDITORS, tone: "primary", confirm: "发布后所有用户可见，版本号加 1" },
      archive: { label: "归档", from: ["PUBLISHED"], to: "ARCHIVED", permission: NOTICE, kinds: EDITORS, confirm: "归档后用户不再看到这条须知" },
      revise: { label: "修订", from: ["PUBLISHED", "ARCHIVED"], to: "DRAFT", permission: NOTICE, kinds: EDITORS, confirm: "修订期间用户看不到这条须知，重新发布后生效" },
    },
  },
  /** No code needed to read: everyone reads what is published (the scope hides drafts from non-editors). */
  permissions: { list: [], detail: [], create: [NOTICE], update: [NOTICE], delete: [NOTICE], export: [] },
  kinds: { read: EVERYONE, write: EDITORS },
  defaultSort: ["createdTime", "desc"],
  example: { as: "SYSTEM_USER", body: (n) => ({ title: `装卸货安全须知 第 ${n} 版`, content: "进入库区须佩戴安全帽，车辆熄火拉手刹，听从库区人员指挥。", audience: "DRIVER", mustConfirm: true, minReadSeconds: 15 }) },
});


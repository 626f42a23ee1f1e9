/**
 * The other /system pages on the engine (domain 6.3–6.20): APP上传信息, 企业配置 and its edit page
 * (`?orgId=`), 推送日志, 免推送配置, 敏感词, the three complaint pages with one detail page, 微信群 and
 * 安全须知 (readable by everyone; editors manage it on the same list).
 */
import { complaint, complaintReply } from "../../contract/resources/complaint";
import { safetyNotice, sensitiveWord, wxGroup } from "../../contract/resources/system-content";
import { appDeviceReport, enterpriseConfig, noPushRule, pushLog, smsSendLog } from "../../contract/resources/system-ops";
import { pagesOf, type ListPage, type ResourcePage } from "./kit";

export const phoneInfoPages = pagesOf(appDeviceReport, {
  list: { path: "/system/PhoneInfo", rowActions: [] },
});

/** The edit page is addressed by the organisation (`?orgId=`): a configuration's id is its organisation's id. */
export const ENTERPRISE_CONFIG_EDIT = "/system/enterpriseConfigEdit";
export const enterpriseConfigPages = pagesOf(enterpriseConfig, {
  list: { path: "/system/enterpriseConfig", rowActions: ["edit"], showOrg: true },
  edit: { path: ENTERPRISE_CONFIG_EDIT },
});
enterpriseConfigPages.list!.links.edit = `${ENTERPRISE_CONFIG_EDIT}?orgId=:id`;

export const pushLogPages = pagesOf(pushLog, {
  list: { path: "/system/pushLog", rowActions: [] },
});

export const smsLogPages = pagesOf(smsSendLog, {
  list: { path: "/system/smsLog", rowActions: [] },
});

export const noPushPages = pagesOf(noPushRule, {
  list: { path: "/system/noPushConfig", rowActions: ["remove"], inlineForm: true, createLabel: "新增免推送规则" },
});

export const sensitiveWordPages = pagesOf(sensitiveWord, {
  list: { path: "/system/sensitiveWords", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

const replies = (): ListPage => ({ def: complaintReply, kind: "list", path: "/system/complaintDetail", rowActions: [], links: {} });

/** One complaint: its details, the conversation, and every step the caller may take now. */
export const complaintPages = pagesOf(complaint, {
  list: {
    path: "/system/complaintAndAdvice",
    rowActions: ["detail", "followUp"],
    inlineForm: true,
    showOrg: true,
    createLabel: "提交投诉/建议",
    columns: ["complaintNo", "kind", "source", "category", "complainantName", "targetName", "freightNo", "status", "handlerName", "createdTime", "deadlineAt"],
  },
  detail: {
    path: "/system/complaintDetail",
    actions: ["accept", "reject", "handle", "reply", "close", "followUp"],
    related: [{ title: "沟通记录", page: replies, filter: (record) => ({ complaintId: Number(record.id) }) }],
  },
});

const queue = (path: string, stage: string, rowActions: readonly string[]) =>
  pagesOf(complaint, {
    list: { path, rowActions, preset: { stage }, showOrg: true, columns: ["complaintNo", "kind", "category", "complainantName", "targetName", "freightNo", "status", "handlerName", "deadlineAt"] },
    detail: { path: "/system/complaintDetail", actions: [] },
  });

/** 投诉处理: 待处理 and 处理中 (受理, 不予受理, 处理). */
export const complaintHandlingPages = { list: queue("/system/complaintHandling", "HANDLING", ["detail", "accept", "reject", "handle"]).list };
/** 投诉回复: handled complaints and suggestions to answer, and answered ones to close. */
export const complaintResponsePages = { list: queue("/system/complaintResponse", "ANSWERING", ["detail", "reply", "close"]).list };

export const wxGroupPages = pagesOf(wxGroup, {
  list: { path: "/system/wxGroup", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

export const safetyNoticePages = pagesOf(safetyNotice, {
  list: { path: "/system/safetyNotice", rowActions: ["detail", "edit", "publish", "archive", "revise", "delete"], inlineForm: true },
  detail: { path: "/system/safetyNoticeDetail", actions: ["edit", "publish", "archive", "revise"] },
});

export const SYSTEM_PAGE_GROUPS: Array<Record<string, ResourcePage | undefined>> = [phoneInfoPages, enterpriseConfigPages, pushLogPages, smsLogPages, noPushPages, sensitiveWordPages, complaintPages, complaintHandlingPages, complaintResponsePages, wxGroupPages, safetyNoticePages];

/**
 * 注册邀请 (domain 2.9): platform or tenant staff invite a driver, captain, shipowner, fleet leader or
 * enterprise administrator to register, by SMS, WeChat, link or QR code. Each invitation has a
 * YQ number and an 8-character code; it is valid 7 days, may be sent again (重发, at most 3 sends a
 * China day, each renewing the 7 days) or withdrawn (撤回). Registration and certification in the
 * app move it on (已注册, 已认证); a SENT invitation past its expiry becomes 已过期.
 */
import { SUBJECT_TYPES } from "./credential.js";
import { access, defineResource, f, labelled, someOf } from "./kit.js";
import { AUDITORS } from "./vocabulary.js";

export const INVITE_ROLES = { ...someOf(SUBJECT_TYPES, ["DRIVER", "CAPTAIN", "SHIPOWNER", "FLEET_LEADER"]), ORG_ADMIN: { label: "企业管理员" } } as const;

export const INVITE_CHANNELS = labelled({ SMS: "短信", WECHAT: "微信", LINK: "链接", QR: "二维码" });

export const INVITE_STATES = {
  SENT: { label: "已邀请", tone: "info" },
  REGISTERED: { label: "已注册", tone: "warning" },
  CERTIFIED: { label: "已认证", tone: "success" },
  EXPIRED: { label: "已过期", tone: "default" },
  REVOKED: { label: "已撤回", tone: "error" },
} as const;

/** Days an invitation stays valid after each send; sends allowed per China day. */
export const INVITE_VALID_DAYS = 7;
export const INVITE_SENDS_PER_DAY = 3;

const SHOWN = { list: true, detail: "邀请信息", export: true } as const;
const ASKED = { ...SHOWN, form: "create" } as const;

export const invitation = defineResource({
  key: "invitation",
  name: "注册邀请",
  api: "tms-registration-invite",
  titleField: "inviteNo",
  fields: {
    inviteNo: f.text("邀请编号", 20, { ...SHOWN, filter: "contains" }),
    inviteeName: f.text("被邀请人", 32, { ...ASKED, sanitize: true }),
    inviteeMobile: f.mobile("手机号", { ...ASKED, required: true, mask: true, filter: "contains" }),
    role: f.enumOf("邀请身份", INVITE_ROLES, { ...ASKED, required: true, filter: "eq" }),
    inviteCode: f.text("邀请码", 8, SHOWN),
    channel: f.enumOf("渠道", INVITE_CHANNELS, { ...ASKED, required: true }),
    inviteOrgId: f.ref("邀请企业", "enterprise", "orgName", { ...ASKED, column: "org_id", hint: "被邀请人注册后加入该企业；邀请企业管理员时必选" }),
    inviterName: f.text("邀请人", 32, { ...SHOWN, filter: "contains" }),
    invitedAt: f.datetime("邀请时间", { ...SHOWN, column: "created_at" }),
    expiresAt: f.datetime("有效期至", SHOWN),
    registeredAt: f.datetime("注册时间", SHOWN),
    certifiedAt: f.datetime("认证时间", { detail: "邀请信息", export: true }),
    sendCountDay: f.int("当日发送次数", 0, 99, { detail: "发送记录" }),
    lastSentDay: f.date("最近发送日期", { detail: "发送记录" }),
  },
  status: {
    field: "status",
    label: "状态",
    initial: "SENT",
    states: INVITE_STATES,
    transitions: {
      resend: { label: "重发", from: ["SENT"], to: "SENT", permission: "TMS_REGISTER_INVITE", kinds: AUDITORS, confirm: `将再次发送邀请，有效期顺延至发送后 ${INVITE_VALID_DAYS} 天（每天最多发送 ${INVITE_SENDS_PER_DAY} 次）` },
      revoke: { label: "撤回", from: ["SENT"], to: "REVOKED", permission: "TMS_REGISTER_INVITE", kinds: AUDITORS, tone: "danger", confirm: "撤回后邀请码立即失效" },
    },
    editableIn: [],
  },
  permissions: access(["TMS_REGISTER_INVITE"], ["TMS_REGISTER_INVITE"], ["create"]),
  kinds: { read: AUDITORS, write: AUDITORS },
  createdFilter: "邀请时间",
  example: {
    as: "TENANT_USER",
    body: (n, refs) => ({
      inviteeName: "赵师傅",
      inviteeMobile: `176${String(n % 100_000_000).padStart(8, "0")}`,
      role: "DRIVER",
      channel: "SMS",
      ...(refs.enterprise ? { inviteOrgId: refs.enterprise } : {}),
    }),
  },
  defaultSort: ["createdTime", "desc"],
});


/**
 * The shared vocabulary of domain 0.3: one set of codes and Chinese labels (with tag tones) that
 * every master-data resource uses, and the generic audit machine of domain 0.4.4.
 */
import type { PermissionCode } from "../permissions.js";
import type { UserType } from "../platforms.js";
import { isIdCardNo } from "../validation.js";
import { f, type Options, type Placement, type StatusSpec, type Transition } from "./kit.js";

export const AUDIT_STATES = {
  PENDING: { label: "待审核", tone: "warning" },
  APPROVED: { label: "已认证", tone: "success" },
  REJECTED: { label: "已驳回", tone: "error" },
} as const satisfies Options;
export type AuditState = keyof typeof AUDIT_STATES;

export const ENABLE_STATES = {
  ENABLED: { label: "启用", tone: "success" },
  DISABLED: { label: "停用", tone: "error" },
} as const satisfies Options;

export const PARTY_KINDS = { COMPANY: { label: "企业" }, PERSON: { label: "个人" } } as const satisfies Options;

export const OPERATION_STATES = {
  IDLE: { label: "空闲", tone: "success" },
  ON_TRIP: { label: "运输中", tone: "info" },
  MAINTENANCE: { label: "维修", tone: "warning" },
  SUSPENDED: { label: "停运", tone: "error" },
} as const satisfies Options;

/** A roster row (企业司机, 企业船长): 合作中 until the organisation ends it. */
export const ROSTER_STATES = { ACTIVE: { label: "合作中", tone: "success" }, REMOVED: { label: "已解除", tone: "default" } } as const satisfies Options;

export const AUDITORS: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER"];
export const OWNERS: readonly UserType[] = ["ORG_USER", "INDIVIDUAL_USER"];
export const EVERYONE: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"];

/** The audited person's closing fields: 启用/停用, 备注 and the last 审核意见. */
export const auditedPersonTail = () => ({
  enabled: enabledField(),
  remark: f.textarea("备注", 200, { detail: "基本信息", form: true }),
  auditRemark: f.textarea("审核意见", 500, { detail: "审核" }),
});

/** 审核意见: optional on 通过, required on 撤销认证. */
export const auditRemark = (required: boolean) => ({ auditRemark: f.textarea("审核意见", 500, { required }) });

/**
 * 驳回 of a 证照 or an audited subject: a 驳回原因 from the platform's dictionary (AUDIT_REJECT_REASON),
 * with optional 补充说明; the platform writes both as the 审核意见 (「证件照片模糊：背面看不清」).
 */
export const rejectInput = () => ({
  rejectReason: f.dict("驳回原因", "AUDIT_REJECT_REASON", "auditRemark", { required: true }),
  auditRemark: f.textarea("补充说明", 400, { hint: "选填；驳回原因选「其他」时必填" }),
});

/** 通过 / 驳回 of a 待审核 subject by platform or tenant staff holding `permission` (驳回 needs a remark). */
export function approveReject(permission: PermissionCode): Record<"approve" | "reject", Transition<string>> {
  return {
    approve: { label: "通过", from: ["PENDING"], to: "APPROVED", permission, kinds: AUDITORS, group: "audit", input: auditRemark(false), tone: "primary" },
    reject: { label: "驳回", from: ["PENDING"], to: "REJECTED", permission, kinds: AUDITORS, group: "audit", input: rejectInput(), tone: "danger" },
  };
}

/**
 * Domain 0.4.4 for a subject audited by platform or tenant staff: 通过 / 驳回 while 待审核, 撤销认证 once
 * approved, 重新提交 by the owner after a rejection; edits send an approved subject back to 待审核.
 */
export function auditMachine(approve: PermissionCode, ownerWrite: readonly PermissionCode[], options: { owners?: readonly UserType[] } = {}) {
  const transitions: Record<string, Transition<string>> = {
    ...approveReject(approve),
    revoke: { label: "撤销认证", from: ["APPROVED"], to: "REJECTED", permission: approve, kinds: AUDITORS, input: auditRemark(true), tone: "danger" },
    resubmit: { label: "重新提交审核", from: ["REJECTED"], to: "PENDING", permission: ownerWrite, kinds: options.owners ?? OWNERS, confirm: "重新提交后将进入待审核" },
  };
  return {
    field: "auditStatus",
    label: "认证状态",
    initial: "PENDING" as const,
    states: AUDIT_STATES,
    transitions,
    editableIn: ["PENDING", "APPROVED", "REJECTED"] as const,
    onEdit: "PENDING" as const,
  };
}

/** 启用 / 停用 by the holders of `permission`: on the enum `field` (the status when absent); `disable` names the stop and what it means. */
function toggles(permission: PermissionCode | readonly PermissionCode[], kinds: readonly UserType[], field: string | undefined, disable: { label: string; confirm: string }): Record<string, Transition<string>> {
  const on = field ? { field } : {};
  return {
    disable: { label: disable.label, from: ["ENABLED"], to: "DISABLED", permission, kinds, ...on, tone: "danger", confirm: disable.confirm },
    enable: { label: "启用", from: ["DISABLED"], to: "ENABLED", permission, kinds, ...on },
  };
}

/** 启用 / 停用 on the `enabled` field, by the holders of `permission`. */
export const enableToggles = (permission: PermissionCode | readonly PermissionCode[], kinds: readonly UserType[]) => toggles(permission, kinds, "enabled", { label: "停用", confirm: "停用后将不能再被调度或选用" });

/** 启用 / 停用 as a row's own status (角色, App 版本), editable in either state; `disable` names the stop (停用, 禁用) and what it means. */
export function enableMachine(permission: PermissionCode | readonly PermissionCode[], kinds: readonly UserType[], disable: { label: string; confirm: string }): StatusSpec<keyof typeof ENABLE_STATES> {
  return { field: "status", label: "状态", initial: "ENABLED", states: ENABLE_STATES, transitions: toggles(permission, kinds, undefined, disable), editableIn: ["ENABLED", "DISABLED"] };
}

export const enabledField = () => f.enumOf("状态", ENABLE_STATES, { list: true, detail: true, export: true, filter: "eq" });

/** The same transitions, each allowed only while `field` is in one of `states` (e.g. a relation still 有效). */
export function onlyWhile(transitions: Record<string, Transition<string>>, field: string, states: readonly string[]): Record<string, Transition<string>> {
  return Object.fromEntries(Object.entries(transitions).map(([key, t]) => [key, { ...t, when: { ...t.when, [field]: states } }]));
}

/**
 * A relation (人车, 船员船舶) audited like a subject while it is 有效, and 解除 by the auditors or its
 * owners with a reason: `field` holds the relation's own state (ACTIVE → DISSOLVED).
 */
export function relationMachine(
  audit: ReturnType<typeof auditMachine>,
  dissolve: { field: string; permission: readonly PermissionCode[]; kinds: readonly UserType[]; reason: ReturnType<typeof f.text>; confirm?: string },
) {
  return {
    ...audit,
    label: "审核状态",
    transitions: {
      ...onlyWhile(audit.transitions, dissolve.field, ["ACTIVE"]),
      dissolve: {
        label: "解除",
        from: ["ACTIVE"],
        to: "DISSOLVED",
        field: dissolve.field,
        permission: dissolve.permission,
        kinds: dissolve.kinds,
        tone: "danger" as const,
        ...(dissolve.confirm ? { confirm: dissolve.confirm } : {}),
        input: { dissolveReason: dissolve.reason },
      },
    },
  };
}

/** Every person-shaped resource is found by 姓名/手机号. */
export const PERSON_KEYWORD = { label: "姓名/手机号", fields: ["name", "mobile"] } as const;

/** 身份证号 (GB 11643): upper-cased, checked to the check character, masked in lists. */
export const idCardNoField = (placement: Placement & { required?: boolean }, label = "身份证号", message = `${label}不正确（18 位，末位为校验位）`) =>
  f.text(label, 18, { ...placement, mask: "idCard", normalise: (v) => v.toUpperCase(), checks: [[isIdCardNo, message]] });

/**
 * The person block of domain 1 (司机, 船长, 车队长 and their profiles): 姓名 (spec 5 filter, at least
 * 2 characters), 手机号 and 身份证号, all required. `idCard` places the ID number where it differs
 * (set on create only, not in lists); `maskMobile` masks the mobile in lists.
 */
export function personFields(placement: Placement, options: { idCard?: Placement; maskMobile?: boolean } = {}) {
  return {
    name: f.text("姓名", 32, { ...placement, required: true, sanitize: true, checks: [[(v) => v.length >= 2, "姓名至少 2 个字"]] }),
    mobile: f.mobile("手机号", { ...placement, required: true, mask: options.maskMobile ?? true }),
    idCardNo: idCardNoField({ ...placement, ...options.idCard, required: true }),
  };
}

/** The audit machine plus 启用 / 停用, both run by platform or tenant staff (profiles, 车队长). */
export function auditedWithToggles(approve: PermissionCode, ownerWrite: readonly PermissionCode[], toggle: PermissionCode, options: { owners?: readonly UserType[] } = {}) {
  const machine = auditMachine(approve, ownerWrite, options);
  return { ...machine, transitions: { ...machine.transitions, ...enableToggles(toggle, AUDITORS) } };
}

/**
 * A person the platform registers once (司机档案, 船长档案, 车队长): audited, 启用/停用 by platform or
 * tenant staff, who alone write it; everyone may read it, found by 姓名/手机号, filtered by 注册时间.
 */
export function registeredPerson(approve: PermissionCode, ownerWrite: readonly PermissionCode[], toggle: PermissionCode, options: { owners?: readonly UserType[] } = {}) {
  return { status: auditedWithToggles(approve, ownerWrite, toggle, options), kinds: { read: EVERYONE, write: AUDITORS }, keyword: PERSON_KEYWORD, createdFilter: "注册时间" };
}

/** A roster row's 在册状态: the organisation ends the cooperation (解除合作) and, where `restore` is given, may resume it. */
export function rosterMachine(permission: PermissionCode, confirm: { remove: string; restore?: string }): StatusSpec<keyof typeof ROSTER_STATES> {
  const transitions: Record<string, Transition<string>> = {
    remove: { label: "解除合作", from: ["ACTIVE"], to: "REMOVED", permission, kinds: OWNERS, tone: "danger", confirm: confirm.remove },
  };
  if (confirm.restore) transitions.restore = { label: "恢复合作", from: ["REMOVED"], to: "ACTIVE", permission, kinds: OWNERS, confirm: confirm.restore };
  return { field: "status", label: "在册状态", initial: "ACTIVE", states: ROSTER_STATES, transitions, editableIn: ["ACTIVE"] };
}

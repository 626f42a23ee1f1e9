/**
 * The shared vocabulary of domain 0.3: one set of codes and Chinese labels (with tag tones) that
 * every master-data resource uses, and the generic audit machine of domain 0.4.4.
 */
import type { PermissionCode } from "../permissions.js";
import type { UserType } from "../platforms.js";
import { f, type Options, type Transition } from "./kit.js";

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

export const AUDITORS: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER"];
export const OWNERS: readonly UserType[] = ["ORG_USER", "INDIVIDUAL_USER"];
export const EVERYONE: readonly UserType[] = ["SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"];

/** 审核意见: optional on 通过, required on 驳回 and 撤销认证. */
export const auditRemark = (required: boolean) => ({ auditRemark: f.textarea("审核意见", 500, { required }) });

/**
 * Domain 0.4.4 for a subject audited by platform or tenant staff: 通过 / 驳回 while 待审核, 撤销认证 once
 * approved, 重新提交 by the owner after a rejection; edits send an approved subject back to 待审核.
 */
export function auditMachine(approve: PermissionCode, ownerWrite: readonly PermissionCode[], options: { owners?: readonly UserType[] } = {}) {
  const transitions: Record<string, Transition<string>> = {
    approve: { label: "通过", from: ["PENDING"], to: "APPROVED", permission: approve, kinds: AUDITORS, group: "audit", input: auditRemark(false), tone: "primary" },
    reject: { label: "驳回", from: ["PENDING"], to: "REJECTED", permission: approve, kinds: AUDITORS, group: "audit", input: auditRemark(true), tone: "danger" },
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

/** 启用 / 停用 on the `enabled` field, by the holders of `permission`. */
export function enableToggles(permission: PermissionCode | readonly PermissionCode[], kinds: readonly UserType[]): Record<string, Transition<string>> {
  return {
    disable: { label: "停用", from: ["ENABLED"], to: "DISABLED", permission, kinds, field: "enabled", tone: "danger", confirm: "停用后将不能再被调度或选用" },
    enable: { label: "启用", from: ["DISABLED"], to: "ENABLED", permission, kinds, field: "enabled" },
  };
}

export const enabledField = () => f.enumOf("状态", ENABLE_STATES, { list: true, detail: true, export: true, filter: "eq" });

/** The same transitions, each allowed only while `field` is in one of `states` (e.g. a relation still 有效). */
export function onlyWhile(transitions: Record<string, Transition<string>>, field: string, states: readonly string[]): Record<string, Transition<string>> {
  return Object.fromEntries(Object.entries(transitions).map(([key, t]) => [key, { ...t, when: { ...t.when, [field]: states } }]));
}

import { enterprise } from "../../contract/resources/enterprise";
import { invitation } from "../../contract/resources/invitation";
import { pagesOf } from "./kit";
import { credentialsSection } from "./credential";

/** 企业 for platform and tenant staff (domain 2.1): list, add, detail, edit, audit. */
export const enterprisePages = pagesOf(enterprise, {
  list: {
    path: "/userInfoManage/enterpriseList",
    title: "企业列表",
    rowActions: ["detail", "edit", "audit", "disable", "enable", "resendAdminPassword"],
    columns: ["name", "creditCode", "kind", "tenantId", "adminName", "adminMobile", "businessMode", "auditStatus", "enabled", "registeredAt"],
  },
  create: { path: "/userInfoManage/addEnterprise", title: "新增企业" },
  detail: { path: "/userInfoManage/enterprise/:id", title: "企业详情", actions: ["edit", "audit", "revoke", "resubmit", "disable", "enable", "resendAdminPassword"], related: [credentialsSection("ENTERPRISE")] },
  edit: { path: "/userInfoManage/enterpriseUpdate/:id", title: "编辑企业" },
  audit: { path: "/userInfoManage/enterprise/:id/audit", title: "企业审核", group: "audit", related: [credentialsSection("ENTERPRISE")] },
});

/** 注册邀请 (domain 2.9): one list with the 发起邀请 dialog and 重发 / 撤回. */
export const invitationPages = pagesOf(invitation, {
  list: {
    path: "/userInfoManage/registrationInvitationList",
    title: "注册邀请",
    rowActions: ["resend", "revoke"],
    columns: ["inviteNo", "inviteeName", "inviteeMobile", "role", "status", "inviteCode", "channel", "inviteOrgId", "inviterName", "invitedAt", "registeredAt"],
    inlineForm: true,
  },
});

import { enterprise } from "../../contract/resources/enterprise";
import { invitation } from "../../contract/resources/invitation";
import { pagesOf } from "./kit";
import { credentialsSection } from "./credential";

/** 企业 for platform and tenant staff (domain 2.1): list, add, detail, edit, audit. */
export const enterprisePages = pagesOf(enterprise, {
  list: {
    path: "/userInfoManage/enterpriseList",
    rowActions: ["detail", "edit", "audit", "disable", "enable", "resendAdminPassword"],
    columns: ["name", "creditCode", "kind", "tenantId", "adminName", "adminMobile", "businessMode", "auditStatus", "enabled", "registeredAt"],
  },
  create: { path: "/userInfoManage/addEnterprise" },
  detail: { path: "/userInfoManage/enterprise/:id", actions: ["edit", "audit", "revoke", "resubmit", "disable", "enable", "resendAdminPassword"], related: [credentialsSection("ENTERPRISE")] },
  edit: { path: "/userInfoManage/enterpriseUpdate/:id" },
  audit: { path: "/userInfoManage/enterprise/:id/audit", group: "audit", related: [credentialsSection("ENTERPRISE")] },
});

/** 注册邀请 (domain 2.9): one list with the 发起邀请 dialog and 重发 / 撤回. */
export const invitationPages = pagesOf(invitation, {
  list: {
    path: "/userInfoManage/registrationInvitationList",
    rowActions: ["resend", "revoke"],
    columns: ["inviteNo", "inviteeName", "inviteeMobile", "role", "status", "inviteCode", "channel", "inviteOrgId", "inviterName", "invitedAt", "registeredAt"],
    inlineForm: true,
  },
});

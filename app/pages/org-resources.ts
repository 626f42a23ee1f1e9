/**
 * Page bindings of an organisation's own resources (spec 2.2 resourceManager, userInfoManage 托运人):
 * 托运人 with its own add/edit/detail pages and the staff's audit view; 货物, 联系人, 项目 and 核算单位
 * as lists with their add/edit dialog.
 */
import { cargo } from "../../contract/resources/cargo";
import { contact } from "../../contract/resources/contact";
import { project } from "../../contract/resources/project";
import { settlementUnit } from "../../contract/resources/settlement-unit";
import { shipper } from "../../contract/resources/shipper";
import { pagesOf, type RelatedSection } from "./kit";

/** 货物 (domain 1.4). */
export const cargoPages = pagesOf(cargo, {
  list: { path: "/resourceManager/cargoList", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

/** 联系人/常用地址 (domain 1.5). */
export const contactPages = pagesOf(contact, {
  list: {
    path: "/resourceManager/contactsList",
    rowActions: ["edit", "delete"],
    inlineForm: true,
    columns: ["kind", "contactName", "contactMobile", "place", "regionCode", "address", "companyName", "isDefault"],
  },
});

/** 项目 (domain 1.6); audited in /system/projectAudit. */
export const projectPages = pagesOf(project, {
  list: {
    path: "/resourceManager/projectManagementList",
    rowActions: ["edit", "resubmit", "finish"],
    inlineForm: true,
    columns: ["projectNo", "name", "shipperId", "periodFrom", "periodTo", "plannedWeight", "auditStatus", "status"],
  },
});

/** 核算单位 (domain 1.9). */
export const settlementUnitPages = pagesOf(settlementUnit, {
  list: { path: "/resourceManager/unitOfAccount", rowActions: ["edit", "disable", "enable"], inlineForm: true },
});

const SHIPPER_RELATED: readonly RelatedSection[] = [
  { title: "核算单位", page: () => settlementUnitPages.list!, filter: (record) => ({ shipperId: Number(record.id) }) },
  { title: "项目", page: () => projectPages.list!, filter: (record) => ({ shipperId: Number(record.id) }) },
];

const SHIPPER_COLUMNS = ["shipperNo", "name", "kind", "creditCode", "idCardNo", "contactName", "contactMobile", "settleMode", "auditStatus", "enabled"] as const;

/** 托运人 of the organisation (domain 1.8): list, add, edit, detail with its settlement units and projects. */
export const shipperPages = pagesOf(shipper, {
  list: { path: "/resourceManager/shipperList", rowActions: ["detail", "edit", "resubmit", "disable", "enable", "delete"], columns: SHIPPER_COLUMNS },
  detail: { path: "/resourceManager/shipper/detail/:id", actions: ["edit", "resubmit", "disable", "enable", "delete"], related: SHIPPER_RELATED },
  create: { path: "/resourceManager/shipper/add" },
  edit: { path: "/resourceManager/shipper/edit/:id" },
});

/** 托运人 for platform and tenant staff (domain 2.7): list with 所属企业 and 开票信息完整, detail, audit. */
export const shipperAudit = pagesOf(shipper, {
  list: { path: "/userInfoManage/shipperList", rowActions: ["detail", "audit", "revoke", "disable", "enable"], showOrg: true, columns: ["shipperNo", "name", "kind", "creditCode", "idCardNo", "contactMobile", "auditStatus", "enabled", "taxComplete"] },
  detail: { path: "/userInfoManage/shipper/detail/:id", actions: ["audit", "revoke", "disable", "enable"] },
  audit: { path: "/userInfoManage/shipper/audit/:id", group: "audit" },
});

/**
 * The /system pages that are plain engine lists over master data (spec 2.2 系统管理): 货物类别, 船舶配置
 * (the ship dictionaries) and 项目审核 (projects organisations submitted under /resourceManager).
 */
import { cargoCategory } from "../../contract/resources/cargo-category";
import { dictItem } from "../../contract/resources/dict-item";
import { project } from "../../contract/resources/project";
import { pagesOf } from "./kit";

/** 货物类别 (domain 6.16): the categories orders, cargos and supplies choose from. */
export const cargoCategoryPages = pagesOf(cargoCategory, {
  list: { path: "/system/relationList", rowActions: ["edit", "delete"], inlineForm: true },
});

/** 船舶配置 (domain 6.10): the ship types and navigation areas ship forms offer. */
export const shipConfigPages = pagesOf(dictItem, {
  list: { path: "/system/shipConfig", rowActions: ["edit", "disable", "enable", "delete"], inlineForm: true },
});

/** 项目审核 (domain 6.18): 通过 / 驳回 of the projects awaiting audit, in the caller's platform or tenant. */
export const projectAuditPages = pagesOf(project, {
  list: {
    path: "/system/projectAudit",
    rowActions: ["approve", "reject", "revoke"],
    showOrg: true,
    columns: ["projectNo", "name", "shipperId", "periodFrom", "periodTo", "plannedWeight", "auditStatus", "status"],
  },
});

import { driver, driverProfile } from "../../contract/resources/driver";
import { fleetLeader, fleetLeaderMember } from "../../contract/resources/fleet-leader";
import { vehicleRelation } from "../../contract/resources/vehicle-relation";
import { pagesOf } from "./kit";
import { credentialsSection } from "./credential";

/** 人车关系 for platform and tenant staff: audit and 解除 from the list's confirmation dialogs (domain 2.5). */
export const relationAudit = pagesOf(vehicleRelation, {
  list: { path: "/userInfoManage/vehicleRelationshipList", title: "人车关系", rowActions: ["approve", "reject", "revoke", "dissolve"], showOrg: true },
});

/** 司机档案 for platform and tenant staff: list, add, detail (with the person's 人车关系), audit (domain 2.3). */
export const driverAudit = pagesOf(driverProfile, {
  list: { path: "/userInfoManage/driverList", title: "司机列表", rowActions: ["detail", "audit", "revoke", "resubmit", "disable", "enable"] },
  create: { path: "/userInfoManage/driver/add", title: "新增司机" },
  detail: {
    path: "/userInfoManage/driver/detail/:id",
    title: "司机详情",
    actions: ["audit", "revoke", "resubmit", "disable", "enable"],
    related: [credentialsSection("DRIVER"), { title: "人车关系", page: () => relationAudit.list!, filter: (record) => ({ driverProfileId: record.id as number }) }],
  },
  audit: { path: "/userInfoManage/driver/audit/:id", title: "司机审核", group: "audit", related: [credentialsSection("DRIVER")] },
});

/** The members of a fleet, shown on the fleet leader's detail (no page of their own). */
export const fleetMembers = pagesOf(fleetLeaderMember, {
  list: { path: "/userInfoManage/driverMaster/detail/:id", title: "车队成员", rowActions: [] },
});

/** 车队长 for platform and tenant staff (domain 2.4). */
export const fleetLeaderAudit = pagesOf(fleetLeader, {
  list: { path: "/userInfoManage/driverMasterList", title: "车队长列表", rowActions: ["detail", "audit", "revoke", "resubmit", "disable", "enable"] },
  create: { path: "/userInfoManage/driverMaster/add", title: "新增车队长" },
  detail: {
    path: "/userInfoManage/driverMaster/detail/:id",
    title: "车队长详情",
    actions: ["audit", "revoke", "resubmit", "disable", "enable"],
    related: [{ title: "车队成员", page: () => fleetMembers.list!, filter: (record) => ({ fleetLeaderId: record.id as number }) }],
  },
  audit: { path: "/userInfoManage/driverMaster/audit/:id", title: "车队长审核", group: "audit", related: [{ title: "车队成员", page: () => fleetMembers.list!, filter: (record) => ({ fleetLeaderId: record.id as number }) }] },
});

/** 企业司机: an organisation's (or individual's) roster (domain 1.2). */
export const ownDrivers = pagesOf(driver, {
  list: { path: "/resourceManager/driverList", title: "司机列表", rowActions: ["detail", "edit", "remove"] },
  create: { path: "/resourceManager/driver/add", title: "新增司机" },
  detail: { path: "/resourceManager/driver/detail", title: "司机详情", actions: ["edit", "remove"], related: [credentialsSection("DRIVER", { subjectKey: "profileId", ownPage: "/resourceManager/driver/detail" })] },
  edit: { path: "/resourceManager/driver/driverEdit", title: "编辑司机" },
});

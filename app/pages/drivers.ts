import { driver, driverProfile } from "../../contract/resources/driver";
import { fleetLeader, fleetLeaderMember } from "../../contract/resources/fleet-leader";
import { vehicleRelation } from "../../contract/resources/vehicle-relation";
import { pagesOf } from "./kit";
import { credentialsSection } from "./credential";

/** 人车关系 for platform and tenant staff: audit and 解除 from the list's confirmation dialogs (domain 2.5). */
export const relationAudit = pagesOf(vehicleRelation, {
  list: { path: "/userInfoManage/vehicleRelationshipList", rowActions: ["approve", "reject", "revoke", "dissolve"], showOrg: true },
});

/** 司机档案 for platform and tenant staff: list, add, detail (with the person's 人车关系), audit (domain 2.3). */
export const driverAudit = pagesOf(driverProfile, {
  list: { path: "/userInfoManage/driverList", rowActions: ["detail", "audit", "revoke", "resubmit", "disable", "enable"] },
  create: { path: "/userInfoManage/driver/add" },
  detail: {
    path: "/userInfoManage/driver/detail/:id",
    actions: ["audit", "revoke", "resubmit", "disable", "enable"],
    related: [credentialsSection("DRIVER"), { title: "人车关系", page: () => relationAudit.list!, filter: (record) => ({ driverProfileId: record.id as number }) }],
  },
  audit: { path: "/userInfoManage/driver/audit/:id", group: "audit", related: [credentialsSection("DRIVER")] },
});

/** The members of a fleet, shown on the fleet leader's detail (no page of their own). */
export const fleetMembers = pagesOf(fleetLeaderMember, {
  list: { path: "/userInfoManage/driverMaster/detail/:id", title: "车队成员", rowActions: [] },
});

/** 车队长 for platform and tenant staff (domain 2.4). */
export const fleetLeaderAudit = pagesOf(fleetLeader, {
  list: { path: "/userInfoManage/driverMasterList", rowActions: ["detail", "audit", "revoke", "resubmit", "disable", "enable"] },
  create: { path: "/userInfoManage/driverMaster/add" },
  detail: {
    path: "/userInfoManage/driverMaster/detail/:id",
    actions: ["audit", "revoke", "resubmit", "disable", "enable"],
    related: [{ title: "车队成员", page: () => fleetMembers.list!, filter: (record) => ({ fleetLeaderId: record.id as number }) }],
  },
  audit: { path: "/userInfoManage/driverMaster/audit/:id", group: "audit", related: [{ title: "车队成员", page: () => fleetMembers.list!, filter: (record) => ({ fleetLeaderId: record.id as number }) }] },
});

/** 企业司机: an organisation's (or individual's) roster (domain 1.2). */
export const ownDrivers = pagesOf(driver, {
  list: { path: "/resourceManager/driverList", rowActions: ["detail", "edit", "remove"] },
  create: { path: "/resourceManager/driver/add" },
  detail: { path: "/resourceManager/driver/detail", actions: ["edit", "remove"], related: [credentialsSection("DRIVER", { subjectKey: "profileId", ownPage: "/resourceManager/driver/detail" })] },
  edit: { path: "/resourceManager/driver/driverEdit" },
});

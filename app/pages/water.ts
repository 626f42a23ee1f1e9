/**
 * Water master data pages (spec 2.2; domain 1.3, 1.7, 2.6, 2.7, 2.8). The route map hides them without
 * the CAPTAIN version function; the platform refuses their data without the water right.
 */
import { captain, captainProfile } from "../../contract/resources/captain";
import { ship } from "../../contract/resources/ship";
import { shipRelation } from "../../contract/resources/ship-relation";
import { shipowner } from "../../contract/resources/shipowner";
import { pagesOf, type ListPage, type RelatedSection } from "./kit";
import { credentialsSection } from "./credential";

/** 人船关系 for platform and tenant staff: 通过, 驳回 or 解除 from the list, each through its confirmation dialog. */
export const shipRelationAudit = pagesOf(shipRelation, {
  list: { path: "/userInfoManage/relationsShipList", rowActions: ["approve", "reject", "dissolve"], showOrg: true },
});

/** 船舶 for platform and tenant staff: list, detail, audit (spec 2.2 userInfoManage). */
export const shipAudit = pagesOf(ship, {
  list: { path: "/userInfoManage/shipList", rowActions: ["detail", "audit", "revoke", "disable", "enable"], showOrg: true },
  detail: { path: "/userInfoManage/ship/detail/:id", actions: ["audit", "revoke", "disable", "enable"], related: [credentialsSection("SHIP"), relationsOf("shipId")] },
  audit: { path: "/userInfoManage/ship/audit/:id", group: "audit", related: [credentialsSection("SHIP"), relationsOf("shipId")] },
});

/** A read-only table of ships inside another record's detail, each linking to its detail on the reader's own ship pages. */
function shipsOf(key: "captainId" | "shipownerId", pages: { list?: ListPage }): RelatedSection {
  const page = (): ListPage => ({
    ...pages.list!,
    columns: ["shipName", "mmsi", "shipType", "loadCapacity", "navArea", key === "captainId" ? "shipownerId" : "captainId", "operationStatus", "auditStatus"],
    rowActions: ["detail"],
  });
  return { title: "船舶", page, filter: (record) => ({ [key]: Number(record.id) }) };
}

function relationsOf(key: "shipId" | "shipownerId"): RelatedSection {
  const page = (): ListPage => ({ ...shipRelationAudit.list!, rowActions: [], links: {}, columns: ["shipId", "partyName", "partyType", "relationType", "validFrom", "validTo", "relationStatus", "auditStatus"] });
  return { title: "人船关系", page, filter: (record) => ({ [key]: Number(record.id) }) };
}

/**
 * 船舶 of an organisation (hidden pages beside 船长列表 / 船东列表; the spec gives organisations none, yet a new
 * water carrier must register its ships and upload their 证照 before dispatch may use them).
 */
export const ownShips = pagesOf(ship, {
  list: { path: "/resourceManager/shipList", rowActions: ["detail", "edit", "resubmit", "delete"], wideColumns: ["shipIdentityNo", "createdTime"] },
  create: { path: "/resourceManager/ship/add" },
  edit: { path: "/resourceManager/ship/edit/:id" },
  detail: {
    path: "/resourceManager/ship/detail/:id",
    actions: ["edit", "resubmit", "delete"],
    related: [credentialsSection("SHIP", { ownPage: "/resourceManager/ship/detail/:id" }), relationsOf("shipId")],
  },
});

/** 船长 of an organisation: roster list, add (finds or creates the profile by 身份证号), edit, detail with the captain's ships. */
export const captainPages = pagesOf(captain, {
  list: { path: "/resourceManager/captainList", rowActions: ["detail", "edit", "remove", "restore", "delete"] },
  create: { path: "/resourceManager/captain/add" },
  edit: { path: "/resourceManager/captain/edit/:id" },
  detail: {
    path: "/resourceManager/captain/detail/:id",
    actions: ["edit", "remove", "restore", "delete"],
    related: [credentialsSection("CAPTAIN", { subjectKey: "profileId", ownPage: "/resourceManager/captain/detail/:id" }), shipsOf("captainId", ownShips)],
  },
});

/** 船长档案 for platform and tenant staff: list, detail and audit with the captain's 证照, each 通过 / 驳回 (like drivers). */
export const captainAudit = pagesOf(captainProfile, {
  list: { path: "/userInfoManage/captainList", rowActions: ["detail", "audit", "revoke", "resubmit", "disable", "enable"] },
  detail: { path: "/userInfoManage/captain/detail/:id", actions: ["audit", "revoke", "resubmit", "disable", "enable"], related: [credentialsSection("CAPTAIN")] },
  audit: { path: "/userInfoManage/captain/audit/:id", group: "audit", related: [credentialsSection("CAPTAIN")] },
});

/** 船东 of an organisation: list, add, edit, detail with its ships and ship relations. */
export const shipownerPages = pagesOf(shipowner, {
  list: { path: "/resourceManager/shipownerList", rowActions: ["detail", "edit", "resubmit", "disable", "enable", "delete"] },
  create: { path: "/resourceManager/shipowner/add" },
  edit: { path: "/resourceManager/shipowner/edit/:id" },
  detail: { path: "/resourceManager/shipowner/detail/:id", actions: ["edit", "resubmit", "disable", "enable", "delete"], related: [shipsOf("shipownerId", ownShips), relationsOf("shipownerId")] },
});

/** 船东 for platform and tenant staff: list of every organisation's shipowners, detail, audit (spec 2.7). */
export const shipownerAudit = pagesOf(shipowner, {
  list: { path: "/userInfoManage/shipownerList", rowActions: ["detail", "audit", "revoke", "disable", "enable"], showOrg: true },
  detail: { path: "/userInfoManage/shipowner/detail/:id", actions: ["audit", "revoke", "disable", "enable"], related: [shipsOf("shipownerId", shipAudit), relationsOf("shipownerId")] },
  audit: { path: "/userInfoManage/shipowner/audit/:id", group: "audit", related: [shipsOf("shipownerId", shipAudit)] },
});

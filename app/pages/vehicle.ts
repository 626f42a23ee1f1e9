import { vehicle } from "../../contract/resources/vehicle";
import { credentialsSection } from "./credential";
import { pagesOf } from "./kit";

/** 车辆 for platform and tenant staff: list, detail, audit (spec 2.2 userInfoManage). */
export const carAudit = pagesOf(vehicle, {
  list: { path: "/userInfoManage/carList", rowActions: ["detail", "audit", "revoke", "disable", "enable"], showOrg: true },
  detail: { path: "/userInfoManage/car/detail/:id", actions: ["audit", "revoke", "disable", "enable"], related: [credentialsSection("VEHICLE")] },
  audit: { path: "/userInfoManage/car/audit/:id", group: "audit", related: [credentialsSection("VEHICLE")] },
});

/** 车辆运营 for organisations and individuals: their own vehicles, added and edited on the list (spec 2.2 carAdministration); 详情 shows and uploads their 证照. */
export const ownCars = pagesOf(vehicle, {
  list: { path: "/carAdministration/carOperate", rowActions: ["detail", "edit", "resubmit", "delete"], inlineForm: true },
  detail: { path: "/carAdministration/carDetail/:id", actions: ["resubmit"], related: [credentialsSection("VEHICLE", { ownPage: "/carAdministration/carDetail/:id" })] },
});

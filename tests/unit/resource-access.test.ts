import { describe, expect, it } from "vitest";
import { SUBJECT_RESOURCES, SUBJECT_TYPES } from "../../contract/resources/credential";
import { INVITE_ROLES } from "../../contract/resources/invitation";
import { access, someOf } from "../../contract/resources/kit";
import { PARTY_TYPES } from "../../contract/resources/ship-relation";

describe("access: the usual permissions", () => {
  it("lets the readers list, open and export, the writers run only the verbs named", () => {
    expect(access(["TMS_VEHICLE_LIST"], ["TMS_VEHICLE_ADD"], ["create", "update"])).toEqual({
      list: ["TMS_VEHICLE_LIST"],
      detail: ["TMS_VEHICLE_LIST"],
      create: ["TMS_VEHICLE_ADD"],
      update: ["TMS_VEHICLE_ADD"],
      export: ["TMS_VEHICLE_LIST"],
    });
  });

  it("exports with other codes where given", () => {
    const permissions = access([], ["TMS_ENTERPRISE_MANAGEMENT"], ["create", "update", "delete"], ["TMS_ENTERPRISE_APPROVE"]);
    expect(permissions.export).toEqual(["TMS_ENTERPRISE_APPROVE"]);
    expect(permissions.delete).toEqual(["TMS_ENTERPRISE_MANAGEMENT"]);
    expect(permissions.list).toEqual([]);
  });
});

describe("the credential subjects' one table", () => {
  it("gives every subject type a label and a resource", () => {
    expect(Object.keys(SUBJECT_RESOURCES)).toEqual(Object.keys(SUBJECT_TYPES));
    expect(SUBJECT_TYPES.FLEET_LEADER).toEqual({ label: "车队长" });
    expect(SUBJECT_RESOURCES.FLEET_LEADER).toBe("fleetLeader");
  });

  it("lends its labels to the invitation roles and the ship relation's parties (someOf keeps the order asked)", () => {
    expect(Object.entries(INVITE_ROLES).map(([code, o]) => `${code}:${o.label}`)).toEqual(["DRIVER:司机", "CAPTAIN:船长", "SHIPOWNER:船东", "FLEET_LEADER:车队长", "ORG_ADMIN:企业管理员"]);
    expect(PARTY_TYPES).toEqual({ CAPTAIN: { label: "船长" }, SHIPOWNER: { label: "船东" } });
    expect(Object.keys(someOf(SUBJECT_TYPES, ["SHIP", "DRIVER"]))).toEqual(["SHIP", "DRIVER"]);
  });
});

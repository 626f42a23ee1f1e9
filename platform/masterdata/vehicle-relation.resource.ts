/**
 * 人车关系 binding (domain 2.5): rows of the organisation that submitted them. A relation names a driver
 * profile and a vehicle the submitter may see; 租赁 and 受雇驾驶 need an end date, 本人车辆 needs the
 * driver to be the vehicle's registered owner; a new submission for the same pair replaces the old one.
 */
import { RefusalCode } from "../../contract/envelope.js";
import { vehicleRelation } from "../../contract/resources/vehicle-relation.js";
import { nowIso } from "../db/index.js";
import { HttpError, Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import type { CallerScope } from "../scope.js";

async function checkPair(trx: AnyDb, values: Record<string, unknown>): Promise<string> {
  const profile = await trx.selectFrom("driver_profiles").select(["name"]).where("id", "=", Number(values.driver_profile_id)).executeTakeFirstOrThrow();
  const vehicle = await trx.selectFrom("freight_vehicles").select(["plate_no", "owner_name"]).where("id", "=", Number(values.vehicle_id)).executeTakeFirstOrThrow();
  const type = values.relation_type;
  if ((type === "LEASED" || type === "EMPLOYED") && !values.valid_to) throw new HttpError(400, "租赁或受雇驾驶关系须填写有效期至");
  if (values.valid_from && values.valid_to && String(values.valid_from) > String(values.valid_to)) throw new HttpError(400, "有效期起不能晚于有效期至");
  if (type === "OWNER" && vehicle.owner_name !== profile.name) throw new HttpError(400, `关系类型为本人车辆时，司机姓名须与行驶证所有人（${vehicle.owner_name ?? "未填写"}）一致`);
  return `${profile.name} · ${vehicle.plate_no}`.slice(0, 64);
}

/** A new submission for the same driver and vehicle replaces the active one. */
async function replaceActive(trx: AnyDb, scope: CallerScope, values: Record<string, unknown>): Promise<void> {
  const olds = await trx.selectFrom("vehicle_relations").selectAll().where("driver_profile_id", "=", Number(values.driver_profile_id)).where("vehicle_id", "=", Number(values.vehicle_id)).where("status", "=", "ACTIVE").where("deleted_at", "is", null).execute();
  for (const old of olds) {
    await trx.updateTable("vehicle_relations").set({ status: "DISSOLVED", dissolve_reason: "已由新的人车关系申请替代", updated_at: nowIso(), updated_by: scope.userId, version: Number(old.version) + 1 }).where("id", "=", old.id).execute();
    await recordResourceEvent(trx, scope, vehicleRelation.key, { ...old, id: Number(old.id) }, { action: "DISSOLVE", label: "解除", from: "ACTIVE", to: "DISSOLVED", remark: "已由新的人车关系申请替代" });
  }
}

export const vehicleRelationBinding = bindResource(vehicleRelation, {
  table: "vehicle_relations",
  scope: orgScope(),
  labels: {
    driverName: { table: "driver_profiles", via: "driver_profile_id", column: "name" },
    plateNo: { table: "freight_vehicles", via: "vehicle_id", column: "plate_no" },
  },
  hooks: {
    beforeCreate: async (trx, scope, values) => {
      values.pair_name = await checkPair(trx, values);
      await replaceActive(trx, scope, values);
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      if (before.status !== "ACTIVE") throw new Refusal(RefusalCode.illegalState, `人车关系 ${String(before.pair_name)} 已解除，不能编辑`);
      await checkPair(trx, { ...before, ...values });
    },
  },
});

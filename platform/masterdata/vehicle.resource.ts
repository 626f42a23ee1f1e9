/** The vehicle binding: freight_vehicles, scoped like the freight service's rows (domain 0.7). */
import { RefusalCode } from "../../contract/envelope.js";
import { LIGHT_VEHICLE_MAX_KG, vehicle } from "../../contract/resources/vehicle.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope } from "../resources/bind.js";
import { requireCredentialsFor } from "./credentials.js";
import { INDIVIDUAL_ROWS } from "../scope.js";

/** 总质量 must exceed 核定载质量; over 4.5 t the vehicle needs its 道路运输证 (domain 2.2). */
function checkMasses(values: Record<string, unknown>): void {
  const load = Number(values.load_capacity);
  const gross = Number(values.gross_mass);
  if (values.gross_mass != null && values.load_capacity != null && gross <= load) throw new Refusal(RefusalCode.invalid, "总质量应大于核定载质量");
  if (values.gross_mass != null && gross > LIGHT_VEHICLE_MAX_KG && !values.road_cert_no) throw new Refusal(RefusalCode.invalid, "总质量超过 4.5 吨的车辆须填写道路运输证号");
}

export const vehicleBinding = bindResource(vehicle, {
  table: "freight_vehicles",
  // An individual sees the vehicles they own and those their driver rows drive (platform/scope.ts).
  scope: orgScope({ individual: INDIVIDUAL_ROWS.freight_vehicles }),
  labels: { driverName: { table: "freight_drivers", via: "driver_id", column: "name" } },
  unique: { plateNo: (v) => `车牌号 ${String(v)} 已登记` },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => checkMasses(values),
    beforeUpdate: async (_trx, _scope, before, values) => checkMasses({ ...before, ...values }),
    onTransition: requireCredentialsFor("VEHICLE"),
  },
});

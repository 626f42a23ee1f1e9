import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * Operational rules (docs/design/operational-rules.md): the live waybills of a driver, vehicle, captain
 * or ship are looked up on every dispatch and every picker page, so each carrier column is indexed with
 * the status. 企业配置 gains 超载容差 (basis points of the plan, default 5 %): loading or unloading
 * above the plan by more than it marks the waybill abnormal.
 */
const CARRIER_INDEXES: Array<[string, string[]]> = [
  ["freights_driver_status", ["driver_id", "status"]],
  ["freights_vehicle_status", ["vehicle_id", "status"]],
  ["freights_captain_status", ["captain_id", "status"]],
  ["freights_ship_status", ["ship_id", "status"]],
];

export function operationalRulesMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, columns] of CARRIER_INDEXES) await db.schema.createIndex(name).on("freights").columns(columns).execute();
      await db.schema.alterTable("enterprise_configs").addColumn("overload_tolerance_bp", "integer", (c) => c.notNull().defaultTo(500)).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of CARRIER_INDEXES) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable("enterprise_configs").dropColumn("overload_tolerance_bp").execute();
    },
  };
}

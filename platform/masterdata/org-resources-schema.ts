/**
 * Tables of an organisation's own resources (migration 0010): shippers, cargos, contacts, projects,
 * settlement units, typed from their definitions (`tableOf`, platform/resources/table-of.ts).
 */
import type { SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { cargo } from "../../contract/resources/cargo.js";
import { contact } from "../../contract/resources/contact.js";
import { project } from "../../contract/resources/project.js";
import { settlementUnit } from "../../contract/resources/settlement-unit.js";
import { shipper } from "../../contract/resources/shipper.js";

/** `tax_complete` (0/1) is kept by the binding's hooks: the tax block is complete enough to invoice. */
export const SHIPPER_TABLE = tableOf(shipper, { status: "auditStatus", generated: ["taxComplete", "enabled"], notNull: ["shipperNo"] });

export interface ShippersTable extends TableOf<typeof SHIPPER_TABLE>, EngineColumns, SealedColumns<"id_card_no"> {}

/** The category's name and ministry code are copied from the chosen category. */
export const CARGO_TABLE = tableOf(cargo, { status: "enabled", generated: ["enabled"], notNull: ["categoryName", "ministryCode"], nullable: ["unitPrice", "lossAllowanceBp"] });

export interface CargosTable extends TableOf<typeof CARGO_TABLE>, EngineColumns {}

export const CONTACT_TABLE = tableOf(contact, { generated: ["isDefault"] });

export interface ContactsTable extends TableOf<typeof CONTACT_TABLE>, EngineColumns {}

export const PROJECT_TABLE = tableOf(project, { status: "auditStatus", generated: ["status"], notNull: ["projectNo"] });

export interface ProjectsTable extends TableOf<typeof PROJECT_TABLE>, EngineColumns {}

export const SETTLEMENT_UNIT_TABLE = tableOf(settlementUnit, { status: "enabled", generated: ["enabled"] });

export interface SettlementUnitsTable extends TableOf<typeof SETTLEMENT_UNIT_TABLE>, EngineColumns {}

export interface OrgResourceTables {
  shippers: ShippersTable;
  cargos: CargosTable;
  contacts: ContactsTable;
  projects: ProjectsTable;
  settlement_units: SettlementUnitsTable;
}

import type { SealedColumns } from "../db/personal.js";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { taxRegistration } from "../../contract/resources/tax-registration.js";

export const TAX_REGISTRATION_TABLE = tableOf(taxRegistration, { status: "status", generated: ["personType"], notNull: ["name", "idCardNo", "mobile", "taxpayerNo"] });

/** 临时税务登记 (migration 0022, 0026). Dates YYYY-MM-DD, times ISO text. */
export interface TaxRegistrationsTable extends TableOf<typeof TAX_REGISTRATION_TABLE>, EngineColumns, SealedColumns<"id_card_no" | "taxpayer_no"> {
  /** The driver or captain profile's id (`person_type` says which; migration 0026). */
  person_id: number;
}

export interface TaxTables {
  tax_registrations: TaxRegistrationsTable;
}

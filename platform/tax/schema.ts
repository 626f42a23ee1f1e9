import type { EngineColumns } from "../resources/schema.js";

/** 临时税务登记 (migration 0022, 0026). Dates YYYY-MM-DD, times ISO text. */
export interface TaxRegistrationsTable extends EngineColumns {
  /** DRIVER or CAPTAIN (migration 0026); `person_id` is the driver or captain profile's id. */
  person_type: string;
  person_id: number;
  driver_profile_id: number | null;
  captain_profile_id: number | null;
  name: string;
  id_card_no: string;
  mobile: string;
  tax_authority: string;
  taxpayer_no: string;
  registered_at: string | null;
  valid_to: string | null;
  authorization_file: string;
  fail_reason: string | null;
  status: string;
}

export interface TaxTables {
  tax_registrations: TaxRegistrationsTable;
}

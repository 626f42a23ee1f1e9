/** Tables of an organisation's own resources (migration 0010): shippers, cargos, contacts, projects, settlement units. */
import type { EngineColumns } from "../resources/schema.js";

export interface ShippersTable extends EngineColumns {
  shipper_no: string;
  kind: string;
  name: string;
  credit_code: string | null;
  id_card_no: string | null;
  legal_person: string | null;
  address: string | null;
  contact_name: string;
  contact_mobile: string;
  tax_title: string | null;
  tax_no: string | null;
  tax_address: string | null;
  tax_phone: string | null;
  tax_bank_name: string | null;
  tax_bank_account: string | null;
  /** 0/1, kept by the binding's hooks: the tax block is complete enough to invoice. */
  tax_complete: number;
  receive_name: string | null;
  receive_mobile: string | null;
  receive_address: string | null;
  receive_email: string | null;
  settle_mode: string;
  /** fen; CREDIT only. */
  credit_limit: number | null;
  audit_status: string;
  audit_remark: string | null;
  enabled: string;
  remark: string | null;
}

export interface CargosTable extends EngineColumns {
  name: string;
  category_id: number;
  category_name: string;
  ministry_code: string;
  packaging: string;
  /** fen per tonne. */
  unit_price: number | null;
  /** basis points (3 ‰ = 30). */
  loss_allowance_bp: number | null;
  remark: string | null;
  enabled: string;
}

export interface ContactsTable extends EngineColumns {
  kind: string;
  contact_name: string;
  contact_mobile: string;
  place: string;
  region_code: string;
  address: string;
  company_name: string | null;
  fence_radius_m: number | null;
  is_default: number;
}

export interface ProjectsTable extends EngineColumns {
  project_no: string;
  name: string;
  shipper_id: number;
  contract_no: string | null;
  loading_contact_id: number | null;
  unloading_contact_id: number | null;
  period_from: string | null;
  period_to: string | null;
  /** kg */
  planned_weight: number | null;
  status: string;
  audit_status: string;
  audit_remark: string | null;
  remark: string | null;
}

export interface SettlementUnitsTable extends EngineColumns {
  shipper_id: number;
  code: string;
  name: string;
  /** fen */
  budget: number | null;
  tax_title: string | null;
  tax_no: string | null;
  tax_address: string | null;
  tax_phone: string | null;
  tax_bank_name: string | null;
  tax_bank_account: string | null;
  enabled: string;
}

export interface OrgResourceTables {
  shippers: ShippersTable;
  cargos: CargosTable;
  contacts: ContactsTable;
  projects: ProjectsTable;
  settlement_units: SettlementUnitsTable;
}

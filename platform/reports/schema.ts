import type { Generated } from "kysely";
import type { ClickModule } from "../../contract/reports.js";

/** A click on a waybill page, recorded from the console (运单点击分析). */
export interface WaybillClicksTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  user_id: number;
  module: ClickModule;
  content: string;
  freight_no: string | null;
  created_at: string;
}

export interface ReportTables {
  waybill_clicks: WaybillClicksTable;
}

import type { Generated } from "kysely";
import type { ClickModule } from "../../contract/reports.js";
import type { FreightWay } from "../../contract/freight.js";
import type { DailyStatsMeasure } from "../db/migrations/0041_waybill_daily_stats.js";
import type { ListStatsMeasure } from "../db/migrations/0042_waybill_list_stats.js";
import type { KeyStatsKind, KeyStatsMeasure } from "../db/migrations/0044_waybill_key_stats.js";
import type { RiskStatsMeasure, SupplierKind, SupplierStatsMeasure } from "../db/migrations/0055_dispatch_facts.js";
import type { FreightStatus } from "../../contract/freight.js";

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

/** The per-day summary of the waybills (migration 0041, daily-stats.ts): measures are kg, fen and counts. */
export type WaybillDailyStatsTable = {
  platform_id: string;
  tenant_id: number;
  org_id: number;
  /** China date, "YYYY-MM-DD". */
  day: string;
  freight_way: FreightWay;
} & Record<DailyStatsMeasure, number>;

/** The waybill list's summary (migration 0042): waybills and the list's five sums (kg, fen) per creation day and status. */
export type WaybillListStatsTable = {
  platform_id: string;
  tenant_id: number;
  org_id: number;
  /** China date of creation, "YYYY-MM-DD". */
  day: string;
  freight_way: FreightWay;
  status: FreightStatus;
} & Record<ListStatsMeasure, number>;

/** The summary by place and cargo (migration 0044): traffic figures (kg, fen) per statistics day and place or cargo. */
export type WaybillKeyStatsTable = {
  platform_id: string;
  tenant_id: number;
  org_id: number;
  /** China date of the statistics time, "YYYY-MM-DD". */
  day: string;
  freight_way: FreightWay;
  kind: KeyStatsKind;
  /** The place or the cargo. */
  key: string;
} & Record<KeyStatsMeasure, number>;

/** The risk summary (migration 0055): waybills and how many break each risk rule, per statistics day. */
export type WaybillRiskStatsTable = {
  platform_id: string;
  tenant_id: number;
  org_id: number;
  /** China date of the statistics time, "YYYY-MM-DD". */
  day: string;
  freight_way: FreightWay;
} & Record<RiskStatsMeasure, number>;

/** The supplier summary (migration 0055): 供应商统计's figures (kg, fen, scores) per statistics day and supplier. */
export type WaybillSupplierStatsTable = {
  platform_id: string;
  tenant_id: number;
  org_id: number;
  /** China date of the statistics time, "YYYY-MM-DD". */
  day: string;
  freight_way: FreightWay;
  supplier_kind: SupplierKind;
  /** The fleet's, the shipowner's or the carrier's name, as at dispatch. */
  supplier: string;
} & Record<SupplierStatsMeasure, number>;

/** How far the backfill has come: waybills with id ≤ covered_to are in the summary; done once all are. */
export interface WaybillDailyStatsProgressTable {
  id: number;
  covered_to: number;
  done: number;
}

export interface ReportTables {
  waybill_clicks: WaybillClicksTable;
  waybill_daily_stats: WaybillDailyStatsTable;
  waybill_daily_stats_progress: WaybillDailyStatsProgressTable;
  waybill_list_stats: WaybillListStatsTable;
  waybill_key_stats: WaybillKeyStatsTable;
  waybill_risk_stats: WaybillRiskStatsTable;
  waybill_supplier_stats: WaybillSupplierStatsTable;
}

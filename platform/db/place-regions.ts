/**
 * The county (GB/T 2260) of an order's and a waybill's 装货地 / 卸货地 (docs/design/numbers-and-regions.md).
 * New orders choose it with the cascader; a row that came without one (older rows, demo data, a waybill
 * whose address was corrected) takes the county its 详细地址 names. One rule, used by the migration,
 * the demo seed and the address correction; 数据报送 reads the stored code first.
 */
import { regionCodeIn } from "../../contract/regions.js";
import type { AnyDb } from "../resources/bind.js";

export const PLACE_REGION_TABLES = ["freight_orders", "freights"] as const;
const ENDS = [["loading_address", "loading_region_code"], ["unloading_address", "unloading_region_code"]] as const;

/** The code a place without a chosen one stands for: the county (or city) its address names. */
export const placeRegionOf = (address: string | null | undefined): string | null => regionCodeIn(String(address ?? ""));

/** A place's county: the stored code when there is one, else the one its address names (older rows). */
export const placeRegion = (code: string | null | undefined, address: string | null | undefined): string | null => code || placeRegionOf(address);

/** Fills the missing codes of a table from the addresses (one update per distinct address). */
export async function fillPlaceRegions(db: AnyDb, table: (typeof PLACE_REGION_TABLES)[number]): Promise<void> {
  for (const [address, code] of ENDS) {
    const rows: Array<Record<string, unknown>> = await db.selectFrom(table).select(address).distinct().where(code, "is", null).execute();
    for (const row of rows) {
      const found = placeRegionOf(row[address] as string);
      if (found) await db.updateTable(table).set({ [code]: found }).where(code, "is", null).where(address, "=", row[address]).execute();
    }
  }
}

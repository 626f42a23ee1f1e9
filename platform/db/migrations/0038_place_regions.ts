import type { Kysely, Migration } from "kysely";
import { fillPlaceRegions, PLACE_REGION_TABLES } from "../place-regions.js";
import type { AnyDb } from "../../resources/bind.js";
import type { DialectName } from "../index.js";

/**
 * 装货地区划 / 卸货地区划 (docs/design/numbers-and-regions.md): orders and waybills keep the
 * GB/T 2260 county of each place next to the name and 详细地址. Nullable, so older rows stay readable;
 * the ones whose address names a county get it now.
 */
export function placeRegionsMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of PLACE_REGION_TABLES) {
        await db.schema.alterTable(table).addColumn("loading_region_code", "varchar(6)").execute();
        await db.schema.alterTable(table).addColumn("unloading_region_code", "varchar(6)").execute();
        await fillPlaceRegions(db as unknown as AnyDb, table);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of PLACE_REGION_TABLES) {
        await db.schema.alterTable(table).dropColumn("unloading_region_code").execute();
        await db.schema.alterTable(table).dropColumn("loading_region_code").execute();
      }
    },
  };
}

/** Tables of 货源管理 (migration 0013, domain 4). Weights in kg, prices in fen per tonne, times ISO UTC. */
import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { supply, supplyCallLog, supplyDispute, supplyFavorite, supplyPriceChange, supplySubscription } from "../../contract/resources/supply.js";

export const SUPPLY_TABLE = tableOf(supply, { status: "status", generated: ["takenWeight", "takenVehicles", "prepayEnabled", "requireLoadingProof", "requireUnloadingProof", "scanToAccept", "viewCount", "callCount", "favoriteCount"], nullable: ["shipperUnitPrice", "cargoUnitPrice"], notNull: ["supplyNo", "cargoName", "categoryName"] });

export interface SuppliesTable extends TableOf<typeof SUPPLY_TABLE>, EngineColumns {
  order_id: number | null;
}

export const SUPPLY_PRICE_CHANGE_TABLE = tableOf(supplyPriceChange, { nullable: ["oldShipperPrice", "newShipperPrice"], notNull: ["supplyId", "oldCarrierPrice", "newCarrierPrice", "reason", "operatorName"] });

export interface SupplyPriceChangesTable extends TableOf<typeof SUPPLY_PRICE_CHANGE_TABLE>, EngineColumns {}

/** `push_channels` holds the chosen channels comma-separated (APP_PUSH,SMS). */
export const SUPPLY_SUBSCRIPTION_TABLE = tableOf(supplySubscription, { status: "enabled", generated: ["matchedCount", "enabled"], notNull: ["subscriberName", "subscriberMobile", "fromRegionCode", "fromRegionName", "freightWay", "pushChannels"] });

export interface SupplySubscriptionsTable extends TableOf<typeof SUPPLY_SUBSCRIPTION_TABLE>, EngineColumns {
  /** The subscriber's login, when they have one; drivers without one are known by their roster row. */
  user_id: number | null;
  driver_id: number | null;
  cargo_category_id: number | null;
}

export const SUPPLY_CALL_LOG_TABLE = tableOf(supplyCallLog, { generated: ["durationS", "grabbed"], notNull: ["supplyId", "supplyNo", "route", "callerName", "callerMobile", "calleeMobile", "callType", "startedTime", "started", "result"] });

export interface SupplyCallLogsTable extends TableOf<typeof SUPPLY_CALL_LOG_TABLE>, EngineColumns {
  caller_user_id: number | null;
}

export const SUPPLY_FAVORITE_TABLE = tableOf(supplyFavorite, { generated: ["grabbed"], notNull: ["supplyId", "supplyNo", "route", "cargoName", "carrierUnitPrice", "userName", "userMobile", "supplyStatus"] });

export interface SupplyFavoritesTable extends TableOf<typeof SUPPLY_FAVORITE_TABLE>, EngineColumns {
  user_id: number | null;
}

export interface SupplyViewsTable {
  id: Generated<number>;
  supply_id: number;
  user_id: number | null;
  viewed_at: string;
  source: string;
}

export const SUPPLY_DISPUTE_TABLE = tableOf(supplyDispute, { status: "status", notNull: ["disputeNo", "supplyId", "supplyNo", "type", "raisedByRole", "raisedByName", "raisedByMobile", "description"] });

export interface SupplyDisputesTable extends TableOf<typeof SUPPLY_DISPUTE_TABLE>, EngineColumns {
  freight_id: number | null;
  raised_by_user_id: number | null;
  evidence: string | null;
  handler_user_id: number | null;
}

export interface SupplyTables {
  supplies: SuppliesTable;
  supply_price_changes: SupplyPriceChangesTable;
  supply_subscriptions: SupplySubscriptionsTable;
  supply_call_logs: SupplyCallLogsTable;
  supply_favorites: SupplyFavoritesTable;
  supply_views: SupplyViewsTable;
  supply_disputes: SupplyDisputesTable;
}

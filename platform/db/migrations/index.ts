import type { Migration } from "kysely";
import type { DialectName } from "../index.js";
import { identityMigration } from "./0001_identity.js";
import { notificationsMigration } from "./0002_notifications.js";
import { freightMigration } from "./0003_freight.js";
import { freightSumIndexesMigration } from "./0004_freight_sum_indexes.js";
import { riskAppealsMigration } from "./0005_risk_appeals.js";

/** Every migration, in order. Names sort in the order they must run. Add new ones at the end. */
export const migrations: Record<string, (dialect: DialectName) => Migration> = {
  "0001_identity": identityMigration,
  "0002_notifications": notificationsMigration,
  "0003_freight": freightMigration,
  "0004_freight_sum_indexes": freightSumIndexesMigration,
  "0005_risk_appeals": riskAppealsMigration,
};

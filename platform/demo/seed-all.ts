import type { Db } from "../db/index.js";
import { settleBacklog } from "../ledger/settlements.js";
import { seedNotifications } from "../iam/notifications/seed.js";
import { seedFreight } from "../freight/seed.js";
import { seedAppeals } from "../appeal/seed.js";
import { seedDictionaries } from "../masterdata/dict-item.resource.js";
import { seedDrivers, seedEnterprises, seedOrgResources, seedVehicles, seedWater } from "../masterdata/seed.js";
import { DEMO_PASSWORD, isSeeded, seedIdentity, type SeedIds } from "../db/seed.js";
import { hashPassword } from "../identity/crypto.js";
import { seedSupplies } from "../supply/seed.js";

/** Each service's demo data, run in order after the identity seed. Add new seeders at the end. */
const seeders: Array<(db: Db, ids: SeedIds) => Promise<void>> = [
  seedNotifications,
  seedFreight,
  seedAppeals,
  seedVehicles,
  seedDictionaries,
  seedEnterprises,
  seedOrgResources,
  seedDrivers,
  seedWater,
  seedSupplies,
  seedSubmission,
  seedFleet,
  seedFindCar,
  seedSystemPages,
  seedOrders,
  seedReports,
  seedLedger,
  seedIamAdmin,
  seedDeliveries,
  seedBilling,
  seedFinanceRecords,
  seedFindShip,
  seedDocuments,
  seedOnboarded,
  seedPlaceRegions,
  sealPersonalNumbers,
];
import { seedSubmission } from "../submission/seed.js";
import { seedFleet } from "../fleet/seed.js";
import { seedFindCar } from "../fleet/find-car-seed.js";
import { seedSystemPages } from "../system/seed.js";
import { seedOrders } from "../orders/orders-seed.js";
import { seedReports } from "../reports/seed.js";
import { seedLedger } from "../ledger/seed.js";
import { seedIamAdmin } from "../iam/admin/seed.js";
import { seedDeliveries } from "../orders/deliveries-seed.js";
import { seedBilling } from "../billing/seed.js";
import { seedFinanceRecords } from "./finance-seed.js";
import { seedFindShip } from "../findship/seed.js";
import { seedDocuments } from "../documents/seed.js";
import { seedOnboarded } from "./onboarded-seed.js";
import { fillPlaceRegions, PLACE_REGION_TABLES } from "../db/place-regions.js";
import { sealStoredIds } from "../db/personal.js";
import { sealStoredReports } from "../submission/card-field.js";
import type { Kysely } from "kysely";

/** The seeders write ID numbers as the people typed them; the demo database keeps them sealed, as the platform writes them (platform/db/personal.ts). */
async function sealPersonalNumbers(db: Db): Promise<void> {
  await sealStoredIds(db.kysely as Kysely<unknown>);
  await sealStoredReports(db.kysely as Kysely<unknown>);
}

/** The demo orders and waybills are written with addresses: their 区划 come from them (place-regions.ts). */
async function seedPlaceRegions(db: Db): Promise<void> {
  for (const table of PLACE_REGION_TABLES) await fillPlaceRegions(db.kysely, table);
}

/** Seeds the demo data when the database is empty; returns whether it seeded. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  if (await isSeeded(db)) return false;
  const ids = await seedIdentity(db, await hashPassword(DEMO_PASSWORD));
  for (const seed of seeders) await seed(db, ids);
  // Any seeder's waybills written straight as 已完成 get their settlements, as the 完成 step writes them.
  await settleBacklog(db.kysely);
  return true;
}

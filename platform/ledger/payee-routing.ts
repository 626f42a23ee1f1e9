/**
 * Payee routing of freight payments (提现分配, domain 6.12): a carrier with an ACTIVE payee setting has
 * `payee_share_bp` of each net freight paid into the payee's wallet (车队长/船东 代收), the rest into
 * their own. Read inside the payment's money transaction, so the setting in force when the item is
 * paid applies.
 */
import { chinaDate } from "../../contract/units.js";
import { sql, type SqlBool } from "kysely";
import { FULL_SHARE_BP } from "../../contract/resources/payee-setting.js";
import { walletAccount } from "./ledger.js";
import type { AnyDb } from "../resources/bind.js";
import type { MoneyDb } from "./tx.js";

export interface PayeeRoute {
  settingId: number;
  payeeUserId: number;
  accountId: number;
  shareBp: number;
}

/** The payee's part of a net amount (rounded down: the carrier keeps the odd fen). */
export const routedShare = (net: number, shareBp: number) => Math.floor((net * Math.min(shareBp, FULL_SHARE_BP)) / FULL_SHARE_BP);

/** Routes of the given carriers (by user id), with the payees' wallets created when missing. */
export async function payeeRoutes(trx: MoneyDb, platformId: string, carrierUserIds: number[]): Promise<Map<number, PayeeRoute>> {
  const routes = new Map<number, PayeeRoute>();
  const day = chinaDate();
  for (const carrier of new Set(carrierUserIds)) {
    const setting = await activePayeeSetting(trx, platformId, carrier, day);
    if (!setting) continue;
    const payeeUserId = Number(setting.payee_user_id);
    routes.set(carrier, { settingId: Number(setting.id), payeeUserId, accountId: await walletAccount(trx, payeeUserId), shareBp: Number(setting.payee_share_bp) });
  }
  return routes;
}

/** An ACTIVE payee setting of a carrier valid on the China date `day` (the ledger's payment flow reads it). */
export function activePayeeSetting(db: AnyDb, platformId: string, carrierUserId: number, day: string) {
  return db
    .selectFrom("payee_settings")
    .select(["id", "payee_user_id", "payee_name", "payee_share_bp"])
    .where("platform_id", "=", platformId)
    .where("carrier_user_id", "=", carrierUserId)
    .where("status", "=", "ACTIVE")
    .where("deleted_at", "is", null)
    .where("valid_from", "<=", day)
    .where(sql<SqlBool>`(valid_to is null or valid_to >= ${day})`)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

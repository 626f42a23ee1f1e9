/**
 * Payee routing of freight payments (提现分配, domain 6.12): a carrier with an ACTIVE payee setting has
 * `payee_share_bp` of each net freight paid into the payee's wallet (车队长/船东 代收), the rest into
 * their own. Read inside the payment's money transaction, so the setting in force when the item is
 * paid applies.
 */
import { chinaDate } from "../../contract/units.js";
import { FULL_SHARE_BP } from "../../contract/resources/finance2.js";
import { walletAccount } from "../ledger/ledger.js";
import type { MoneyDb } from "../ledger/tx.js";
import { activePayeeSetting } from "./resources.js";

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

import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, withId } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * The ledger (domain 5.1) and the money documents around it: settlements of completed waybills,
 * payments and their items, recharges, bank cards, withdrawals and their bank transfers. Amounts are
 * integer fen. PLATFORM accounts have owner_id 0 (not null) so the account uniqueness holds in both
 * databases. `ledger_entries` is append-only; `accounts.balance`/`frozen` are caches that
 * `npm run ledger:check` proves equal to the sums of the entries.
 */
export function ledgerMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const time = "varchar(32)";
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("accounts"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("owner_type", "varchar(16)", (c) => c.notNull())
        .addColumn("owner_id", big, (c) => c.notNull())
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("account_type", "varchar(16)", (c) => c.notNull())
        .addColumn("account_no", "varchar(20)", (c) => c.notNull().unique())
        .addColumn("account_name", "varchar(128)", (c) => c.notNull())
        .addColumn("balance", big, (c) => c.notNull().defaultTo(0))
        .addColumn("frozen", big, (c) => c.notNull().defaultTo(0))
        .addColumn("credit_limit", big, (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("ACTIVE"))
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addUniqueConstraint("accounts_owner_unique", ["platform_id", "owner_type", "owner_id", "account_type"])
        .execute();
      await db.schema.createIndex("accounts_org_idx").on("accounts").columns(["org_id"]).execute();

      await withId(db.schema.createTable("ledger_transactions"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("txn_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("txn_type", "varchar(24)", (c) => c.notNull())
        .addColumn("idempotency_key", "varchar(64)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("biz_type", "varchar(24)", (c) => c.notNull())
        .addColumn("biz_id", big, (c) => c.notNull())
        .addColumn("biz_no", "varchar(32)", (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("POSTED"))
        .addColumn("reversal_of_id", big)
        .addColumn("operator_user_id", big, (c) => c.notNull())
        .addColumn("operator_name", "varchar(64)", (c) => c.notNull())
        .addColumn("remark", "varchar(200)")
        .addColumn("created_at", time, (c) => c.notNull())
        .addUniqueConstraint("ledger_txn_key_unique", ["platform_id", "idempotency_key"])
        .execute();

      await withId(db.schema.createTable("ledger_entries"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("txn_id", big, (c) => c.notNull().references("ledger_transactions.id"))
        .addColumn("account_id", big, (c) => c.notNull().references("accounts.id"))
        .addColumn("owner_type", "varchar(16)", (c) => c.notNull())
        .addColumn("owner_id", big, (c) => c.notNull())
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("frozen_delta", big, (c) => c.notNull())
        .addColumn("balance_after", big, (c) => c.notNull())
        .addColumn("frozen_after", big, (c) => c.notNull())
        .addColumn("entry_type", "varchar(24)", (c) => c.notNull())
        .addColumn("summary", "varchar(200)", (c) => c.notNull())
        .addColumn("biz_no", "varchar(32)", (c) => c.notNull())
        .addColumn("counterparty_name", "varchar(128)")
        .addColumn("created_at", time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ledger_entries_account_idx").on("ledger_entries").columns(["account_id", "id"]).execute();
      await db.schema.createIndex("ledger_entries_txn_idx").on("ledger_entries").columns(["txn_id"]).execute();
      await db.schema.createIndex("ledger_entries_owner_idx").on("ledger_entries").columns(["owner_type", "owner_id", "created_at"]).execute();
      await db.schema.createIndex("ledger_entries_org_idx").on("ledger_entries").columns(["org_id", "created_at"]).execute();
      await db.schema.createIndex("ledger_entries_biz_idx").on("ledger_entries").columns(["biz_no"]).execute();

      await withId(db.schema.createTable("waybill_settlements"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("tenant_id", big, (c) => c.notNull())
        .addColumn("org_id", big, (c) => c.notNull())
        .addColumn("freight_id", big, (c) => c.notNull().unique().references("freights.id"))
        .addColumn("freight_no", "varchar(32)", (c) => c.notNull())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("payee_user_id", big)
        .addColumn("payee_name", "varchar(64)", (c) => c.notNull())
        .addColumn("carrier_payable", big, (c) => c.notNull())
        .addColumn("service_fee", big, (c) => c.notNull())
        .addColumn("tax_reserve", big, (c) => c.notNull())
        .addColumn("withheld_tax", big, (c) => c.notNull())
        .addColumn("net_to_payee", big, (c) => c.notNull())
        .addColumn("shipper_payable", big, (c) => c.notNull())
        .addColumn("settle_status", "varchar(16)", (c) => c.notNull())
        .addColumn("pay_status", "varchar(16)", (c) => c.notNull())
        .addColumn("invoice_status", "varchar(16)", (c) => c.notNull())
        .addColumn("payment_id", big)
        .addColumn("paid_at", time)
        .addColumn("settled_at", time, (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("waybill_settlements_org_idx").on("waybill_settlements").columns(["org_id", "pay_status"]).execute();

      await withId(db.schema.createTable("payments"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("tenant_id", big, (c) => c.notNull())
        .addColumn("org_id", big, (c) => c.notNull())
        .addColumn("payment_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("request_no", "varchar(64)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("freight_way", "varchar(8)", (c) => c.notNull())
        .addColumn("payer_account_id", big, (c) => c.notNull().references("accounts.id"))
        .addColumn("item_count", "integer", (c) => c.notNull())
        .addColumn("total_shipper_payable", big, (c) => c.notNull())
        .addColumn("total_net_to_payee", big, (c) => c.notNull())
        .addColumn("total_service_fee", big, (c) => c.notNull())
        .addColumn("total_tax_reserve", big, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("submitted_by", big, (c) => c.notNull())
        .addColumn("submitted_name", "varchar(64)", (c) => c.notNull())
        .addColumn("submitted_at", time, (c) => c.notNull())
        .addColumn("executed_at", time)
        .addUniqueConstraint("payments_request_unique", ["platform_id", "request_no"])
        .execute();

      await withId(db.schema.createTable("payment_items"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("payment_id", big, (c) => c.notNull().references("payments.id"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("freight_id", big, (c) => c.notNull())
        .addColumn("freight_no", "varchar(32)", (c) => c.notNull())
        .addColumn("settlement_id", big, (c) => c.notNull())
        .addColumn("payee_user_id", big, (c) => c.notNull())
        .addColumn("payee_name", "varchar(64)", (c) => c.notNull())
        .addColumn("payee_account_id", big, (c) => c.notNull())
        .addColumn("shipper_payable", big, (c) => c.notNull())
        .addColumn("net_to_payee", big, (c) => c.notNull())
        .addColumn("service_fee", big, (c) => c.notNull())
        .addColumn("tax_reserve", big, (c) => c.notNull())
        .addColumn("withheld_tax", big, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("ledger_txn_id", big)
        .addColumn("paid_at", time)
        .execute();
      await db.schema.createIndex("payment_items_payment_idx").on("payment_items").columns(["payment_id", "seq"]).execute();
      // A waybill can be in one live payment item only: no double payment (domain 5.3).
      await sql`create unique index payment_items_live_freight on payment_items (freight_id) where status <> 'RELEASED'`.execute(db);

      await withId(db.schema.createTable("recharges"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("tenant_id", big, (c) => c.notNull())
        .addColumn("org_id", big, (c) => c.notNull())
        .addColumn("recharge_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("request_no", "varchar(64)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("account_id", big, (c) => c.notNull().references("accounts.id"))
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("method", "varchar(16)", (c) => c.notNull())
        .addColumn("payer_name", "varchar(128)", (c) => c.notNull())
        .addColumn("payer_account_no", "varchar(32)", (c) => c.notNull())
        .addColumn("payer_bank", "varchar(64)", (c) => c.notNull())
        .addColumn("bank_serial_no", "varchar(64)", (c) => c.notNull())
        .addColumn("transfer_time", time, (c) => c.notNull())
        .addColumn("voucher_url", "varchar(500)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("submitted_by", big, (c) => c.notNull())
        .addColumn("submitted_name", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("confirmed_by", big)
        .addColumn("confirmed_name", "varchar(64)")
        .addColumn("confirmed_at", time)
        .addColumn("reject_reason", "varchar(200)")
        .addColumn("ledger_txn_id", big)
        .addUniqueConstraint("recharges_request_unique", ["platform_id", "request_no"])
        .addUniqueConstraint("recharges_serial_unique", ["platform_id", "bank_serial_no"])
        .execute();

      await withId(db.schema.createTable("bank_cards"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("owner_type", "varchar(16)", (c) => c.notNull())
        .addColumn("owner_id", big, (c) => c.notNull())
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("card_kind", "varchar(16)", (c) => c.notNull())
        .addColumn("holder_name", "varchar(128)", (c) => c.notNull())
        .addColumn("card_no_enc", "varchar(200)", (c) => c.notNull())
        .addColumn("card_no_last4", "varchar(4)", (c) => c.notNull())
        .addColumn("card_no_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("bank_name", "varchar(64)", (c) => c.notNull())
        .addColumn("bank_branch", "varchar(64)")
        .addColumn("reserved_mobile", "varchar(16)")
        .addColumn("verify_status", "varchar(16)", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("bound_at", time, (c) => c.notNull())
        .addColumn("unbound_at", time)
        .execute();
      await sql`create unique index bank_cards_bound_unique on bank_cards (platform_id, owner_type, owner_id, card_no_hash) where status = 'BOUND'`.execute(db);

      await withId(db.schema.createTable("withdrawals"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("owner_type", "varchar(16)", (c) => c.notNull())
        .addColumn("owner_id", big, (c) => c.notNull())
        .addColumn("tenant_id", big)
        .addColumn("org_id", big)
        .addColumn("withdraw_no", "varchar(24)", (c) => c.notNull().unique())
        .addColumn("request_no", "varchar(64)", (c) => c.notNull())
        .addColumn("request_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("account_id", big, (c) => c.notNull().references("accounts.id"))
        .addColumn("owner_name", "varchar(128)", (c) => c.notNull())
        .addColumn("owner_mobile", "varchar(16)", (c) => c.notNull())
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("fee", big, (c) => c.notNull())
        .addColumn("actual_amount", big, (c) => c.notNull())
        .addColumn("bank_card_id", big, (c) => c.notNull().references("bank_cards.id"))
        .addColumn("card_holder", "varchar(128)", (c) => c.notNull())
        .addColumn("card_bank", "varchar(64)", (c) => c.notNull())
        .addColumn("card_last4", "varchar(4)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("audited_by", big)
        .addColumn("audited_name", "varchar(64)")
        .addColumn("audited_at", time)
        .addColumn("audit_remark", "varchar(200)")
        .addColumn("bank_serial_no", "varchar(64)")
        .addColumn("finished_at", time)
        .addColumn("fail_reason", "varchar(200)")
        .addColumn("freeze_txn_id", big)
        .addColumn("payout_txn_id", big)
        .addColumn("release_txn_id", big)
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("updated_at", time, (c) => c.notNull())
        .addUniqueConstraint("withdrawals_request_unique", ["platform_id", "request_no"])
        .execute();
      await db.schema.createIndex("withdrawals_owner_idx").on("withdrawals").columns(["owner_type", "owner_id", "created_at"]).execute();

      await withId(db.schema.createTable("withdrawal_transfers"), dialect)
        .addColumn("platform_id", "varchar(8)", (c) => c.notNull())
        .addColumn("withdrawal_id", big, (c) => c.notNull().references("withdrawals.id"))
        .addColumn("attempt_no", "integer", (c) => c.notNull())
        .addColumn("channel", "varchar(16)", (c) => c.notNull())
        .addColumn("request_serial", "varchar(40)", (c) => c.notNull().unique())
        .addColumn("bank_serial", "varchar(64)")
        .addColumn("amount", big, (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("response_msg", "varchar(200)")
        .addColumn("submitted_at", time, (c) => c.notNull())
        .addColumn("finished_at", time)
        .execute();
    },
  };
}

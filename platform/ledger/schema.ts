import type { Generated } from "kysely";
import type { EngineColumns } from "../resources/schema.js";
import type { AccountType, EntryType, OwnerType, TxnType } from "../../contract/ledger.js";
import { tableOf, type TableOf } from "../resources/table-of.js";
import { payeeSetting } from "../../contract/resources/payee-setting.js";

/** The ledger's tables (migration 0016, domain 5). Money is integer fen; times ISO text. */
export interface AccountsTable {
  id: Generated<number>;
  platform_id: string;
  owner_type: OwnerType;
  /** org id, user id, or 0 for PLATFORM accounts. */
  owner_id: number;
  tenant_id: number | null;
  org_id: number | null;
  account_type: AccountType;
  account_no: string;
  account_name: string;
  balance: Generated<number>;
  frozen: Generated<number>;
  credit_limit: Generated<number>;
  status: Generated<string>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface LedgerTransactionsTable {
  id: Generated<number>;
  platform_id: string;
  txn_no: string;
  txn_type: TxnType;
  idempotency_key: string;
  request_hash: string;
  biz_type: string;
  biz_id: number;
  biz_no: string;
  amount: number;
  status: Generated<string>;
  reversal_of_id: number | null;
  operator_user_id: number;
  operator_name: string;
  remark: string | null;
  created_at: string;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  platform_id: string;
  txn_id: number;
  account_id: number;
  owner_type: OwnerType;
  owner_id: number;
  tenant_id: number | null;
  org_id: number | null;
  amount: number;
  frozen_delta: number;
  balance_after: number;
  frozen_after: number;
  entry_type: EntryType;
  summary: string;
  biz_no: string;
  counterparty_name: string | null;
  created_at: string;
}

export interface WaybillSettlementsTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  freight_id: number;
  freight_no: string;
  freight_way: string;
  payee_user_id: number | null;
  payee_name: string;
  carrier_payable: number;
  service_fee: number;
  tax_reserve: number;
  withheld_tax: number;
  net_to_payee: number;
  shipper_payable: number;
  settle_status: string;
  pay_status: string;
  invoice_status: string;
  payment_id: number | null;
  paid_at: string | null;
  settled_at: string;
  version: Generated<number>;
  /** The live invoice application holding the waybill (0021_billing). */
  invoice_application_id: number | null;
  invoiced_at: string | null;
}

export interface PaymentsTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  payment_no: string;
  request_no: string;
  request_hash: string;
  freight_way: string;
  payer_account_id: number;
  item_count: number;
  total_shipper_payable: number;
  total_net_to_payee: number;
  total_service_fee: number;
  total_tax_reserve: number;
  status: string;
  submitted_by: number;
  submitted_name: string;
  submitted_at: string;
  executed_at: string | null;
  /** 付款须审核 (0036): who approved or rejected the payment, when, and the reason of a rejection. */
  audited_by: number | null;
  audited_name: string | null;
  audited_at: string | null;
  audit_remark: string | null;
}

/** A payment's history (操作记录 on its detail page): created, submitted for audit, approved, rejected, paid. */
export interface PaymentEventsTable {
  id: Generated<number>;
  platform_id: string;
  payment_id: number;
  action: string;
  label: string;
  from_status: string | null;
  to_status: string;
  operator_id: number;
  operator_name: string;
  remark: string | null;
  created_at: string;
}

export interface PaymentItemsTable {
  id: Generated<number>;
  platform_id: string;
  payment_id: number;
  seq: number;
  freight_id: number;
  freight_no: string;
  settlement_id: number;
  payee_user_id: number;
  payee_name: string;
  payee_account_id: number;
  shipper_payable: number;
  net_to_payee: number;
  service_fee: number;
  tax_reserve: number;
  withheld_tax: number;
  status: string;
  ledger_txn_id: number | null;
  paid_at: string | null;
}

export interface RechargesTable {
  id: Generated<number>;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  recharge_no: string;
  request_no: string;
  request_hash: string;
  account_id: number;
  amount: number;
  method: string;
  payer_name: string;
  payer_account_no: string;
  payer_bank: string;
  bank_serial_no: string;
  transfer_time: string;
  voucher_url: string;
  status: string;
  submitted_by: number;
  submitted_name: string;
  created_at: string;
  confirmed_by: number | null;
  confirmed_name: string | null;
  confirmed_at: string | null;
  reject_reason: string | null;
  ledger_txn_id: number | null;
}

export interface BankCardsTable {
  id: Generated<number>;
  platform_id: string;
  owner_type: OwnerType;
  owner_id: number;
  tenant_id: number | null;
  org_id: number | null;
  card_kind: string;
  holder_name: string;
  card_no_enc: string;
  card_no_last4: string;
  card_no_hash: string;
  bank_name: string;
  bank_branch: string | null;
  reserved_mobile: string | null;
  verify_status: string;
  is_default: number;
  status: string;
  bound_at: string;
  unbound_at: string | null;
}

export interface WithdrawalsTable {
  id: Generated<number>;
  platform_id: string;
  owner_type: OwnerType;
  owner_id: number;
  tenant_id: number | null;
  org_id: number | null;
  withdraw_no: string;
  request_no: string;
  request_hash: string;
  account_id: number;
  owner_name: string;
  owner_mobile: string;
  amount: number;
  fee: number;
  actual_amount: number;
  bank_card_id: number;
  card_holder: string;
  card_bank: string;
  card_last4: string;
  status: string;
  audited_by: number | null;
  audited_name: string | null;
  audited_at: string | null;
  audit_remark: string | null;
  bank_serial_no: string | null;
  finished_at: string | null;
  fail_reason: string | null;
  freeze_txn_id: number | null;
  payout_txn_id: number | null;
  release_txn_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface WithdrawalTransfersTable {
  id: Generated<number>;
  platform_id: string;
  withdrawal_id: number;
  attempt_no: number;
  channel: string;
  request_serial: string;
  bank_serial: string | null;
  amount: number;
  status: string;
  response_msg: string | null;
  submitted_at: string;
  finished_at: string | null;
}

export interface InvoiceTitlesTable {
  id: Generated<number>;
  platform_id: string;
  owner_type: OwnerType;
  owner_id: number;
  tax_title: string;
  tax_no: string | null;
  tax_address: string | null;
  tax_phone: string | null;
  tax_bank_name: string | null;
  tax_bank_account: string | null;
  receive_name: string | null;
  receive_mobile: string | null;
  receive_address: string | null;
  receive_email: string | null;
  is_default: Generated<number>;
  updated_by: number;
  updated_at: string;
}

/** Views the engine lists read-only (migration 0043_money_views): 企业余额, 司机应付, 运单跟踪. */
export interface OrgBalancesView {
  id: number;
  platform_id: string;
  tenant_id: number | null;
  org_id: number | null;
  owner_id: number;
  account_no: string;
  account_name: string;
  balance: number;
  frozen: number;
  available: number;
  credit_limit: number;
  status: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface PayeePayablesView {
  id: number;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  freight_way: string;
  payee_user_id: number | null;
  payee_name: string;
  mobile: string | null;
  waybill_count: number;
  net_to_payee: number;
  shipper_payable: number;
  earliest_settled_at: string;
  card_count: number;
}

export interface WaybillMoneyView {
  id: number;
  platform_id: string;
  tenant_id: number;
  org_id: number;
  carrier_user_id: number | null;
  freight_way: string;
  freight_no: string;
  order_no: string;
  shipper_name: string;
  carrier_name: string | null;
  freight_status: string;
  abnormal: number;
  complete_time: string | null;
  created_at: string;
  settle_status: string;
  pay_status: string;
  invoice_status: string | null;
  shipper_payable: number | null;
  paid_at: string | null;
  payment_no: string | null;
}

export const PAYEE_SETTING_TABLE = tableOf(payeeSetting, { status: "status", notNull: ["carrierName", "payeeName"] });

/** 提现分配: who is paid a carrier's freight (migration 0022, domain 6.12); dates YYYY-MM-DD. */
export interface PayeeSettingsTable extends TableOf<typeof PAYEE_SETTING_TABLE>, EngineColumns {
  carrier_user_id: number;
  payee_user_id: number;
}

export interface LedgerTables {
  org_balances: OrgBalancesView;
  payee_payables: PayeePayablesView;
  waybill_money: WaybillMoneyView;
  payee_settings: PayeeSettingsTable;
  invoice_titles: InvoiceTitlesTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  waybill_settlements: WaybillSettlementsTable;
  payments: PaymentsTable;
  payment_items: PaymentItemsTable;
  payment_events: PaymentEventsTable;
  recharges: RechargesTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_transfers: WithdrawalTransfersTable;
}

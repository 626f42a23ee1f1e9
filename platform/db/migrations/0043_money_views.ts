import { sql, type Kysely, type Migration } from "kysely";

/**
 * Three read-only views the resource engine lists (docs/design/money.md, "The money lists on the
 * engine"): the derived money lists that are not one table.
 * - `org_balances` 企业余额: organisations' BASIC accounts with their available amount;
 * - `payee_payables` 司机应付: unpaid settled freight grouped by payee (per organisation and way, so
 *   the scope and the water right apply as on the settlements);
 * - `waybill_money` 运单跟踪: each waybill with its settlement, payment and invoice state.
 * Their columns are named, never `*`, so a later column added to a table does not change a view; a
 * migration that drops or retypes a column a view names must drop and recreate the view (PostgreSQL
 * refuses otherwise).
 */
const VIEWS: Array<[name: string, select: string]> = [
  [
    "org_balances",
    `select a.id, a.platform_id, a.tenant_id, a.org_id, a.owner_id, a.account_no, a.account_name, a.balance, a.frozen,
       a.balance - a.frozen as available, a.credit_limit, a.status, a.version, a.created_at, a.updated_at
     from accounts a where a.owner_type = 'ORG' and a.account_type = 'BASIC'`,
  ],
  [
    "payee_payables",
    `select min(s.id) as id, s.platform_id, s.tenant_id, s.org_id, s.freight_way, s.payee_user_id, s.payee_name,
       max(f.carrier_mobile) as mobile, count(*) as waybill_count, sum(s.net_to_payee) as net_to_payee,
       sum(s.shipper_payable) as shipper_payable, min(s.settled_at) as earliest_settled_at,
       (select count(*) from bank_cards b where b.owner_type = 'USER' and b.owner_id = s.payee_user_id and b.status = 'BOUND') as card_count
     from waybill_settlements s inner join freights f on f.id = s.freight_id
     where s.pay_status = 'UNPAID'
     group by s.platform_id, s.tenant_id, s.org_id, s.freight_way, s.payee_user_id, s.payee_name`,
  ],
  [
    "waybill_money",
    `select f.id, f.platform_id, f.tenant_id, f.org_id, f.carrier_user_id, f.freight_way, f.freight_no, f.order_no,
       f.shipper_name, f.carrier_name, f.status as freight_status, f.abnormal, f.complete_time, f.created_at,
       case when s.id is null then 'UNSETTLED' else 'SETTLED' end as settle_status,
       case when s.id is null then 'UNSETTLED' else s.pay_status end as pay_status,
       s.invoice_status, s.shipper_payable, s.paid_at, p.payment_no
     from freights f
     left join waybill_settlements s on s.freight_id = f.id
     left join payments p on p.id = s.payment_id
     where f.deleted_at is null`,
  ],
];

export function moneyViewsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const [name, select] of VIEWS) await sql.raw(`create view ${name} as ${select}`).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const [name] of [...VIEWS].reverse()) await sql.raw(`drop view if exists ${name}`).execute(db);
    },
  };
}

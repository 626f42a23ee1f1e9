/**
 * A completed waybill's settlement (domain 5.2, docs/design/money.md): written in the transaction that
 * completes the waybill, so the money pages and reports read settlements and never derive them. Waybills
 * completed before this rule, or written straight into the table (the bulk generator, an import), are
 * settled by the backlog sweep: in bounded id ranges, so no one statement scans the whole table.
 */
import { settlementOf } from "../../contract/ledger.js";
import { nowIso } from "../db/index.js";
import type { MoneyDb } from "./tx.js";

/** Writes the settlements the completed waybills among `freightIds` lack; returns how many it wrote. */
export async function settleWaybills(db: MoneyDb, freightIds: readonly number[]): Promise<number> {
  if (!freightIds.length) return 0;
  return settleWhere(db, (q) => q.where("f.id", "in", [...freightIds]));
}

type Unsettled = ReturnType<typeof unsettled>;
const unsettled = (db: MoneyDb) =>
  db
    .selectFrom("freights as f")
    .leftJoin("waybill_settlements as s", "s.freight_id", "f.id")
    .select(["f.id", "f.platform_id", "f.tenant_id", "f.org_id", "f.freight_no", "f.freight_way", "f.carrier_user_id", "f.carrier_name", "f.freight_amount", "f.complete_time"])
    .where("f.status", "=", "COMPLETED")
    .where("s.id", "is", null);

async function settleWhere(db: MoneyDb, narrow: (q: Unsettled) => Unsettled): Promise<number> {
  const rows = await narrow(unsettled(db)).execute();
  if (rows.length === 0) return 0;
  const at = nowIso();
  const values = rows.map((f) => {
    const s = settlementOf(Number(f.freight_amount));
    return {
      platform_id: f.platform_id,
      tenant_id: Number(f.tenant_id),
      org_id: Number(f.org_id),
      freight_id: Number(f.id),
      freight_no: f.freight_no,
      freight_way: f.freight_way,
      payee_user_id: f.carrier_user_id === null ? null : Number(f.carrier_user_id),
      payee_name: f.carrier_name,
      carrier_payable: s.carrierPayable,
      service_fee: s.serviceFee,
      tax_reserve: s.taxReserve,
      withheld_tax: s.withheldTax,
      net_to_payee: s.netToPayee,
      shipper_payable: s.shipperPayable,
      settle_status: "SETTLED",
      pay_status: "UNPAID",
      invoice_status: "NOT_INVOICED",
      settled_at: f.complete_time ?? at,
    };
  });
  for (let i = 0; i < values.length; i += 200) await db.insertInto("waybill_settlements").values(values.slice(i, i + 200)).onConflict((oc) => oc.column("freight_id").doNothing()).execute();
  return values.length;
}

/** Waybill ids per statement of the sweep: a range this wide is a few milliseconds to scan. */
export const SWEEP_RANGE = 20_000;

/** Settles every completed waybill that has no settlement, one id range at a time; returns how many it wrote. */
export async function settleBacklog(db: MoneyDb, range = SWEEP_RANGE): Promise<number> {
  const bounds = await db.selectFrom("freights").select((eb) => [eb.fn.min<number>("id").as("low"), eb.fn.max<number>("id").as("high")]).executeTakeFirst();
  if (bounds?.low == null || bounds.high == null) return 0;
  let written = 0;
  for (let from = Number(bounds.low); from <= Number(bounds.high); from += range) {
    written += await settleWhere(db, (q) => q.where("f.id", ">=", from).where("f.id", "<", from + range));
  }
  return written;
}

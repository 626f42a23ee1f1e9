/** Contracts: each waybill's transport contract, and the framework contracts of orders and of drivers or captains. */
import type { Kysely, Selectable } from "kysely";
import { FREIGHT_LIMITS, type FreightContract } from "../../contract/freight.js";
import type { Database } from "../db/schema.js";
import { notFound } from "../http/envelope.js";
import { orgNames, type FreightRow } from "./records.js";
import type { FreightContractsTable } from "./schema.js";
import { visible, type CallerScope } from "../scope.js";
import { tonnesPlain, yuanPlain } from "../../contract/numbers.js";

/** The transport contract a waybill is dispatched under: its terms are the waybill's own. */
export function freightContract(row: FreightRow, orgName: string): FreightContract {
  const road = row.freight_way === "ROAD";
  return {
    contractNo: row.contract_no,
    kind: "FREIGHT",
    title: road ? "公路货物运输合同" : "水路货物运输合同",
    partyA: orgName,
    partyB: row.carrier_name,
    signedTime: row.created_at,
    validFrom: row.created_at,
    validTo: null,
    terms: [
      `运单号：${row.freight_no}；订单号：${row.order_no}；托运人：${row.shipper_name}。`,
      `货物：${row.cargo_category}，计划重量 ${tonnesPlain(Number(row.planned_weight))} 吨。`,
      `装货地：${row.loading_place}（${row.loading_address}）；卸货地：${row.unloading_place}（${row.unloading_address}）。`,
      `${road ? "车辆" : "船舶"}：${row.conveyance_name}；运价 ${yuanPlain(Number(row.unit_price))} 元/吨，按装、卸货重量较小者结算。`,
      `合理损耗为装货重量的 ${FREIGHT_LIMITS.abnormalLossPerMille}‰，超出部分由承运方承担。`,
    ].join("\n"),
  };
}

function toContract(row: Selectable<FreightContractsTable>): FreightContract {
  return {
    contractNo: row.contract_no,
    kind: row.kind,
    title: row.title,
    partyA: row.party_a,
    partyB: row.party_b,
    signedTime: row.signed_at,
    validFrom: row.valid_from,
    validTo: row.valid_to,
    terms: row.terms,
  };
}

export async function findFreightContract(db: Kysely<Database>, scope: CallerScope, key: { id?: number; freightNo?: string }): Promise<FreightContract> {
  let query = db.selectFrom("freights").selectAll().where(visible("freights", scope));
  query = key.id !== undefined ? query.where("id", "=", key.id) : query.where("freight_no", "=", key.freightNo!.toUpperCase());
  const row = await query.executeTakeFirst();
  if (!row) throw notFound("运单不存在");
  const names = await orgNames(db, [Number(row.org_id)]);
  return freightContract(row, names.get(Number(row.org_id)) ?? "");
}

export async function findPersonContract(db: Kysely<Database>, scope: CallerScope, key: { driverId?: number; captainId?: number }): Promise<FreightContract> {
  let query = db.selectFrom("freight_contracts").selectAll().where("kind", "=", "PERSON").where(visible("freight_contracts", scope));
  query = key.driverId !== undefined ? query.where("driver_id", "=", key.driverId) : query.where("captain_id", "=", key.captainId!);
  const row = await query.orderBy("signed_at", "desc").executeTakeFirst();
  if (!row) throw notFound(key.driverId !== undefined ? "未找到该司机的合同" : "未找到该船长的合同");
  return toContract(row);
}

export async function findOrderContract(db: Kysely<Database>, scope: CallerScope, orderId: number): Promise<FreightContract> {
  const order = await db.selectFrom("freight_orders").select("id").where("id", "=", orderId).where(visible("freight_orders", scope)).executeTakeFirst();
  if (!order) throw notFound("订单不存在");
  const row = await db.selectFrom("freight_contracts").selectAll().where("kind", "=", "ORDER").where("order_id", "=", orderId).executeTakeFirst();
  if (!row) throw notFound("该订单没有合同");
  return toContract(row);
}

/** Terms of an order's framework contract (seed and bulk data use it). */
export function orderContractTerms(order: { orderNo: string; cargo: string; plannedKg: number; unitPriceFen: number; from: string; to: string }): string {
  return [
    `订单号：${order.orderNo}。`,
    `货物：${order.cargo}，总量 ${tonnesPlain(order.plannedKg)} 吨；自 ${order.from} 运至 ${order.to}。`,
    `运价 ${yuanPlain(order.unitPriceFen)} 元/吨，按实际卸货重量与装货重量较小者结算，月结。`,
    `合理损耗为 ${FREIGHT_LIMITS.abnormalLossPerMille}‰。`,
  ].join("\n");
}

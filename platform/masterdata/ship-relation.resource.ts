/**
 * The ship-relation binding (domain 2.8): org-scoped, water only. The party is a captain profile or a
 * shipowner (party_type + party_id, with its name copied as the label); a party has at most one live
 * relation to a ship in any period; 解除 ends a relation for good; approving an owner relation of a
 * shipowner fills the ship's 船东 when it has none.
 */
import { sql, type SqlBool } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { shipRelation } from "../../contract/resources/ship-relation.js";
import { Refusal } from "../http/envelope.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";

/** Sets party_type/party_id/party_name from the chosen captain or shipowner, and checks the relation's own rules. */
async function resolveParty(trx: AnyDb, row: Record<string, unknown>, values: Record<string, unknown>): Promise<void> {
  if (row.party_type === "CAPTAIN") {
    if (row.captain_profile_id == null) throw new Refusal(RefusalCode.invalid, "人员类型为船长时请选择船长");
    const profile = await trx.selectFrom("captain_profiles").select(["id", "name"]).where("id", "=", Number(row.captain_profile_id)).executeTakeFirstOrThrow();
    Object.assign(values, { party_id: profile.id, party_name: profile.name, shipowner_id: null });
  } else {
    if (row.shipowner_id == null) throw new Refusal(RefusalCode.invalid, "人员类型为船东时请选择船东");
    if (row.relation_type === "CAPTAIN") throw new Refusal(RefusalCode.invalid, "「在船船长」关系的人员须为船长");
    const owner = await trx.selectFrom("shipowners").select(["id", "name"]).where("id", "=", Number(row.shipowner_id)).executeTakeFirstOrThrow();
    Object.assign(values, { party_id: owner.id, party_name: owner.name, captain_profile_id: null });
  }
}

function checkValidity(row: Record<string, unknown>): void {
  if (row.relation_type === "LEASED" && row.valid_to == null) throw new Refusal(RefusalCode.invalid, "光租关系须填写有效期至");
  if (row.valid_from != null && row.valid_to != null && String(row.valid_from) > String(row.valid_to)) throw new Refusal(RefusalCode.invalid, "有效期起不能晚于有效期至");
}

/** A party may not hold two live (有效, not 已驳回) relations to one ship whose validity overlaps; open ends overlap everything. */
async function checkOverlap(trx: AnyDb, row: Record<string, unknown>, exceptId: number | null): Promise<void> {
  const from = (row.valid_from as string | null) ?? "0000-01-01";
  const to = (row.valid_to as string | null) ?? "9999-12-31";
  let query = trx
    .selectFrom("ship_relations")
    .select(["party_name", "valid_from", "valid_to"])
    .where("ship_id", "=", Number(row.ship_id))
    .where("party_type", "=", String(row.party_type))
    .where("party_id", "=", Number(row.party_id))
    .where("relation_status", "=", "ACTIVE")
    .where("audit_status", "<>", "REJECTED")
    .where("deleted_at", "is", null)
    .where(sql<SqlBool>`coalesce(valid_from, '0000-01-01') <= ${to} and coalesce(valid_to, '9999-12-31') >= ${from}`);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  const other = await query.executeTakeFirst();
  if (other) {
    const ship = await trx.selectFrom("freight_ships").select("ship_name").where("id", "=", Number(row.ship_id)).executeTakeFirst();
    const period = other.valid_from || other.valid_to ? `（${other.valid_from ?? "不限"} 至 ${other.valid_to ?? "长期"}）` : "（长期）";
    throw new Refusal(RefusalCode.illegalState, `${other.party_name} 与船舶 ${ship?.ship_name ?? ""} 已有有效的人船关系${period}，有效期不能重叠`);
  }
}

export const shipRelationBinding = bindResource(shipRelation, {
  table: "ship_relations",
  scope: orgScope(),
  water: true,
  labels: {
    shipName: { table: "freight_ships", via: "ship_id", column: "ship_name" },
    captainProfileName: { table: "captain_profiles", via: "captain_profile_id", column: "name" },
    shipownerName: { table: "shipowners", via: "shipowner_id", column: "name" },
  },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      await resolveParty(trx, values, values);
      checkValidity(values);
      values.relation_status = "ACTIVE";
      await checkOverlap(trx, values, null);
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      if (before.relation_status === "DISSOLVED") throw new Refusal(RefusalCode.illegalState, `${String(before.party_name)} 的人船关系已解除，不能修改`);
      const row = { ...before, ...values };
      if (row.relation_type === "CAPTAIN" && row.party_type !== "CAPTAIN") throw new Refusal(RefusalCode.invalid, "「在船船长」关系的人员须为船长");
      checkValidity(row);
      await checkOverlap(trx, row, before.id);
    },
    onTransition: async (trx, _scope, row, transition) => {
      if (transition !== "dissolve" && row.relation_status === "DISSOLVED") throw new Refusal(RefusalCode.illegalState, `${String(row.party_name)} 的人船关系已解除，不能再审核或提交`);
      if (transition === "approve" && row.party_type === "SHIPOWNER" && row.relation_type === "OWNER") {
        await trx.updateTable("freight_ships").set({ shipowner_id: Number(row.party_id) }).where("id", "=", Number(row.ship_id)).where("shipowner_id", "is", null).execute();
      }
    },
  },
});

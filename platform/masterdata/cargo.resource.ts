/** The cargo binding (domain 1.4): org-scoped `cargos`; names unique per organisation, the category's name and ministry code copied. */
import { cargo } from "../../contract/resources/cargo.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { invalid, liveRowExists, taken } from "./org-rules.js";

async function copyCategory(trx: AnyDb, values: Record<string, unknown>): Promise<void> {
  if (values.category_id === undefined || values.category_id === null) return;
  const category = await trx.selectFrom("cargo_categories").select(["name", "ministry_code"]).where("id", "=", Number(values.category_id)).where("deleted_at", "is", null).executeTakeFirst();
  if (!category) throw invalid("货物类别不存在或不可选");
  values.category_name = category.name;
  values.ministry_code = category.ministry_code;
}

async function uniqueName(trx: AnyDb, orgId: unknown, name: unknown, exceptId?: number): Promise<void> {
  if (name === undefined || name === null) return;
  if (await liveRowExists(trx, "cargos", { org_id: orgId, name }, exceptId)) throw taken(`货物 ${String(name)} 已存在`);
}

export const cargoBinding = bindResource(cargo, {
  table: "cargos",
  scope: orgScope(),
  labels: { categoryLabel: { table: "cargo_categories", via: "category_id", column: "name" } },
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      await uniqueName(trx, values.org_id, values.name);
      await copyCategory(trx, values);
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      await uniqueName(trx, before.org_id, values.name, before.id);
      await copyCategory(trx, values);
    },
  },
});

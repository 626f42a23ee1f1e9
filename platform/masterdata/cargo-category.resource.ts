/** The cargo category binding (domain 6.16): platform-level `cargo_categories`, read by every caller of the platform. */
import { cargoCategory } from "../../contract/resources/cargo-category.js";
import { bindResource, platformScope } from "../resources/bind.js";
import { invalid, liveReferences, taken } from "./org-rules.js";

export const cargoCategoryBinding = bindResource(cargoCategory, {
  table: "cargo_categories",
  scope: platformScope,
  stamp: "platform",
  labels: { parentName: { table: "cargo_categories", via: "parent_id", column: "name" } },
  defaults: { sort: 0 },
  hooks: {
    beforeCreate: async (_trx, _scope, values) => {
      if (values.sort === null || values.sort === undefined) values.sort = 0;
    },
    beforeUpdate: async (_trx, _scope, before, values) => {
      if (values.parent_id !== undefined && values.parent_id !== null && Number(values.parent_id) === before.id) throw invalid("上级类别不能是它自己");
      if (values.sort === null) values.sort = 0;
    },
    beforeDelete: async (trx, _scope, row) => {
      if ((await liveReferences(trx, "cargo_categories", "parent_id", row.id)) > 0) throw taken(`货物类别 ${String(row.name)} 下还有下级类别，不能删除`);
      if ((await liveReferences(trx, "cargos", "category_id", row.id)) > 0) throw taken(`货物类别 ${String(row.name)} 已被货物使用，不能删除`);
    },
  },
});

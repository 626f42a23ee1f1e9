/** The contact binding (domain 1.5): org-scoped `contacts`; one default per kind per organisation. */
import { contact } from "../../contract/resources/contact.js";
import { nowIso } from "../db/index.js";
import { bindResource, orgScope, type AnyDb } from "../resources/bind.js";
import { liveReferences, taken } from "./org-rules.js";

/** A new default of a kind takes the flag from the organisation's previous one. */
async function takeDefault(trx: AnyDb, orgId: unknown, kind: unknown, exceptId?: number): Promise<void> {
  let query = trx.updateTable("contacts").set({ is_default: 0, updated_at: nowIso() }).where("org_id", "=", Number(orgId)).where("kind", "=", String(kind)).where("is_default", "=", 1).where("deleted_at", "is", null);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  await query.execute();
}

export const contactBinding = bindResource(contact, {
  table: "contacts",
  scope: orgScope(),
  hooks: {
    beforeCreate: async (trx, _scope, values) => {
      values.is_default = values.is_default ? 1 : 0;
      if (values.is_default) await takeDefault(trx, values.org_id, values.kind);
    },
    beforeUpdate: async (trx, _scope, before, values) => {
      if (values.is_default === null) values.is_default = 0;
      const isDefault = values.is_default === undefined ? Number(before.is_default) === 1 : values.is_default === 1;
      if (isDefault) await takeDefault(trx, before.org_id, values.kind ?? before.kind, before.id);
    },
    beforeDelete: async (trx, _scope, row) => {
      const used = (await liveReferences(trx, "projects", "loading_contact_id", row.id)) + (await liveReferences(trx, "projects", "unloading_contact_id", row.id));
      if (used > 0) throw taken(`${String(row.place)} 是 ${used} 个项目的装卸货地，不能删除`);
    },
  },
});

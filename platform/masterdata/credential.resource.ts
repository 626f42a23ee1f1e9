/**
 * The credential binding: a credential is visible to whoever sees its subject (through the subject
 * resource's own scope), belongs where its subject belongs, and replaces an earlier one of the same type.
 */
import { sql, type RawBuilder, type SqlBool } from "kysely";
import { credential, SUBJECT_RESOURCES, type SubjectType } from "../../contract/resources/credential.js";
import { HttpError } from "../http/envelope.js";
import { nowIso } from "../db/index.js";
import { isIndividual, type CallerScope } from "../scope.js";
import { bindResource, NOTHING, type Row, type ScopeRule } from "../resources/bind.js";
import { recordResourceEvent } from "../resources/events.js";
import { bindingOf } from "../resources/lookup.js";
import { checkDocumentRefs, refsOf } from "../documents/refs.js";

/**
 * What an individual holds the papers of, beyond what he may see of the subject: a vehicle he only
 * drives is seen by him (his waybills name it) but its 行驶证 and 道路运输证 are its owner's.
 */
const INDIVIDUAL_HOLDS: Partial<Record<SubjectType, (alias: string, userId: number) => RawBuilder<SqlBool>>> = {
  VEHICLE: (alias, userId) => sql<SqlBool>`${sql.ref(`${alias}.owner_user_id`)} = ${userId}`,
};

/** Ids of the subjects of one type whose credentials the caller may see (an individual: his own), as a subquery. */
export function visibleSubjects(type: SubjectType, scope: CallerScope): RawBuilder<unknown> | null {
  const binding = bindingOf(SUBJECT_RESOURCES[type]);
  if (!binding) return null;
  if (binding.water && !scope.water) return null;
  const holds = isIndividual(scope) ? INDIVIDUAL_HOLDS[type] : undefined;
  const own = holds ? sql` and ${holds("s", scope.userId)}` : sql``;
  return sql`(select s.id from ${sql.table(binding.table)} s where ${binding.scope(scope, "s")}${own} and s.deleted_at is null)`;
}

const credentialScope: ScopeRule = (scope, alias) => {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const type of Object.keys(SUBJECT_RESOURCES) as SubjectType[]) {
    const ids = visibleSubjects(type, scope);
    if (ids) parts.push(sql<SqlBool>`(${sql.ref(`${alias}.subject_type`)} = ${type} and ${sql.ref(`${alias}.subject_id`)} in ${ids})`);
  }
  return parts.length ? sql<SqlBool>`(${sql.ref(`${alias}.platform_id`)} = ${scope.platformId} and (${sql.join(parts, sql` or `)}))` : NOTHING;
};

export const credentialBinding = bindResource(credential, {
  table: "credentials",
  scope: credentialScope,
  stamp: "platform",
  hooks: {
    async beforeCreate(trx, scope, values) {
      await checkDocumentRefs(trx, scope, "证照图片", refsOf(values.images));
      const type = values.subject_type as SubjectType;
      const binding = bindingOf(SUBJECT_RESOURCES[type]);
      const ids = visibleSubjects(type, scope);
      const subject = binding && ids ? ((await trx.selectFrom(`${binding.table} as s`).selectAll("s").where(sql<SqlBool>`s.id in ${ids}`).where("s.id", "=", Number(values.subject_id)).executeTakeFirst()) as Row | undefined) : undefined;
      if (!subject) throw new HttpError(400, isIndividual(scope) ? "只能上传您本人或您名下车辆的证照" : "主体编号不存在或不在您的管理范围内");
      values.platform_id = subject.platform_id;
      values.tenant_id = subject.tenant_id ?? null;
      values.org_id = subject.org_id ?? null;
      // A new upload of the same document replaces the earlier one (kept in the history, soft-deleted).
      const earlier = (await trx.selectFrom("credentials").selectAll().where("subject_type", "=", type).where("subject_id", "=", Number(values.subject_id)).where("cred_type", "=", String(values.cred_type)).where("deleted_at", "is", null).executeTakeFirst()) as Row | undefined;
      if (earlier) {
        await trx.updateTable("credentials").set({ deleted_at: nowIso(), updated_by: scope.userId }).where("id", "=", earlier.id).execute();
        await recordResourceEvent(trx, scope, credential.key, earlier, { action: "REPLACE", label: "重新上传，旧证照作废" });
      }
    },
    async beforeUpdate(trx, scope, before, values) {
      if (values.images !== undefined) await checkDocumentRefs(trx, scope, "证照图片", refsOf(values.images), refsOf(before.images));
    },
    async onTransition(trx, _scope, row, transition, input) {
      if (transition !== "reject") return;
      await trx
        .updateTable("credentials")
        .set({ reject_count: sql`reject_count + 1`, reject_reason: typeof input.auditRemark === "string" ? input.auditRemark.slice(0, 200) : null })
        .where("id", "=", row.id)
        .execute();
    },
  },
});


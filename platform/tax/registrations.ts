/**
 * 临时税务登记 of drivers and captains (domain 5.8): the person's copies (姓名, 身份证号, 手机号) come from
 * their APPROVED driver or captain profile; 登记 in batch picks APPROVED profiles without an active
 * registration (待登记 or 已登记) and creates a 待登记 registration for each, all in one transaction or
 * none (a refusal names the person). The single create and the transitions are the engine's
 * (registration.resource.ts) and use the same profile rule.
 */
import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import { RefusalCode } from "../../contract/envelope.js";
import { TAX_PERSON_TYPES, taxRegistration, type TaxPersonType } from "../../contract/resources/tax-registration.js";
import { nowIso, type Db } from "../db/index.js";
import { HttpError, offsetOf, Refusal } from "../http/envelope.js";
import { requireCode } from "../http/permission.js";
import { moneyTx } from "../ledger/tx.js";
import { idNoHash, openIdNo, sealIdColumns } from "../db/personal.js";
import { maskMobile } from "../../contract/personal.js";
import { isIdCardNo } from "../../contract/validation.js";
import { recordResourceEvent } from "../resources/events.js";
import { SENSITIVE_VIEW } from "../resources/query.js";
import type { AnyDb, Row } from "../resources/bind.js";
import type { CallerScope } from "../scope.js";

const PERSON_KEYS = Object.keys(TAX_PERSON_TYPES) as [TaxPersonType, ...TaxPersonType[]];
/** 待登记 and 已登记: a person with one of these may not be registered again in batch. */
export const ACTIVE_TAX_STATES = ["PENDING", "REGISTERED"] as const;

export interface PersonProfile {
  id: number;
  name: string;
  id_card_no: string;
  mobile: string;
  audit_status: string;
  tenant_id: number | null;
}

/** A driver or captain profile of the platform (null when there is none). */
export async function profileOf(db: AnyDb, platformId: string, type: TaxPersonType, id: number): Promise<PersonProfile | null> {
  const row =
    type === "DRIVER"
      ? await db.selectFrom("driver_profiles").select(["id", "name", "id_card_no", "mobile", "audit_status", "registered_tenant_id as tenant_id"]).where("id", "=", id).where("platform_id", "=", platformId).where("deleted_at", "is", null).executeTakeFirst()
      : await db.selectFrom("captain_profiles").select(["id", "name", "id_card_no", "mobile", "audit_status", "tenant_id"]).where("id", "=", id).where("platform_id", "=", platformId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row) return null;
  // Opened to be copied into a registration (sealed again there) or compared with one.
  return { id: Number(row.id), name: String(row.name), id_card_no: openIdNo(String(row.id_card_no)), mobile: String(row.mobile), audit_status: String(row.audit_status), tenant_id: row.tenant_id == null ? null : Number(row.tenant_id) };
}

const who = (type: TaxPersonType) => TAX_PERSON_TYPES[type].label;

/** The APPROVED profile a registration copies; refuses a missing or not approved one in Chinese. */
export async function approvedProfile(db: AnyDb, platformId: string, type: TaxPersonType, id: number): Promise<PersonProfile> {
  const profile = await profileOf(db, platformId, type, id);
  if (!profile) throw new HttpError(400, `${who(type)}档案不存在`);
  if (profile.audit_status !== "APPROVED") throw new Refusal(RefusalCode.illegalState, `${who(type)} ${profile.name} 的档案尚未审核通过，不能办理临时税务登记`);
  return profile;
}

/** Before 回填登记成功 or 重新登记: the registration's copies must still match the person's APPROVED profile. */
export async function requireMatchingProfile(db: AnyDb, row: Row): Promise<void> {
  const type = (String(row.person_type ?? "DRIVER") as TaxPersonType) in TAX_PERSON_TYPES ? (String(row.person_type ?? "DRIVER") as TaxPersonType) : "DRIVER";
  const profile = await profileOf(db, String(row.platform_id), type, Number(row.person_id ?? row.driver_profile_id));
  const name = String(row.name);
  if (!profile || profile.audit_status !== "APPROVED") throw new Refusal(RefusalCode.illegalState, `${who(type)} ${name} 的档案已不是审核通过状态，不能登记`);
  if (profile.name !== row.name || profile.id_card_no !== openIdNo(String(row.id_card_no)) || profile.mobile !== row.mobile) {
    throw new Refusal(RefusalCode.illegalState, `${who(type)} ${name} 的档案信息（姓名、身份证号或手机号）已变更，与登记信息不一致，请回填登记失败后重新提交登记`);
  }
}

/** The person's registration that is 待登记 or 已登记, if any. */
function activeRegistration(db: AnyDb, platformId: string, type: TaxPersonType, id: number) {
  return db
    .selectFrom("tax_registrations")
    .select(["id", "status"])
    .where("platform_id", "=", platformId)
    .where("person_type", "=", type)
    .where("person_id", "=", id)
    .where("status", "in", [...ACTIVE_TAX_STATES])
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

export const taxCandidateFilterSchema = z.object({
  personType: z.preprocess(blank, z.enum(PERSON_KEYS, { errorMap: () => ({ message: "人员类型 personType 只能是 DRIVER 或 CAPTAIN" }) }).optional()),
  keyword: z.preprocess(blank, z.string({ invalid_type_error: "姓名/手机号必须是文本" }).trim().max(32, "姓名/手机号最多 32 个字").optional()),
});

export const taxBatchSchema = z
  .object({
    persons: z
      .array(
        z
          .object({
            personType: z.enum(PERSON_KEYS, { errorMap: () => ({ message: "人员类型 personType 只能是 DRIVER 或 CAPTAIN" }) }),
            profileId: z.number({ required_error: "请选择档案", invalid_type_error: "档案 profileId 必须是数字" }).int("档案 profileId 必须是整数").positive("档案 profileId 不正确"),
          })
          .strict("请求中有不能填写的字段"),
        { required_error: "请选择要登记的司机或船长", invalid_type_error: "登记人员 persons 格式不正确" },
      )
      .min(1, "请选择要登记的司机或船长")
      .max(200, "一次最多登记 200 人")
      .refine((list) => new Set(list.map((p) => `${p.personType}:${p.profileId}`)).size === list.length, "同一人不能重复选择"),
    taxAuthority: taxRegistration.fields.taxAuthority.wire,
    authorizationFile: taxRegistration.fields.authorizationFile.wire,
  })
  .strict("请求中有不能填写的字段");
export type TaxBatch = z.infer<typeof taxBatchSchema>;

const mayWrite = (scope: CallerScope, label: string) => requireCode(scope, "TMS_TAX_MANAGEMENT", label, ["SYSTEM_USER"]);
const like = (text: string) => `%${text.replace(/[%_]/g, "")}%`;

/**
 * 登记 (batch)'s picker: APPROVED driver and captain profiles of the platform without an active
 * registration, by name, mobile or the full ID number; ID numbers masked, mobiles too without TMS_SENSITIVE_VIEW.
 */
export async function searchTaxCandidates(db: Db, scope: CallerScope, filter: z.infer<typeof taxCandidateFilterSchema>, paging: { current: number; size: number }) {
  mayWrite(scope, "办理临时税务登记");
  const k = db.kysely;
  const notActive = (type: TaxPersonType, alias: string) =>
    sql<SqlBool>`not exists (select 1 from tax_registrations r where r.platform_id = ${scope.platformId} and r.person_type = ${type} and r.person_id = ${sql.ref(`${alias}.id`)} and r.status in ('PENDING', 'REGISTERED') and r.deleted_at is null)`;
  const keyword = filter.keyword;
  const idHash = keyword && isIdCardNo(keyword.trim()) ? idNoHash(keyword) : null;
  const drivers = k
    .selectFrom("driver_profiles as d")
    .select([sql<string>`'DRIVER'`.as("person_type"), "d.id", "d.name", "d.mobile", "d.id_card_no_mask as id_card_no", "d.created_at"])
    .where("d.platform_id", "=", scope.platformId)
    .where("d.audit_status", "=", "APPROVED")
    .where("d.deleted_at", "is", null)
    .where(notActive("DRIVER", "d"))
    .$if(!!keyword, (q) => q.where((eb) => eb.or([eb("d.name", "like", like(keyword!)), eb("d.mobile", "like", like(keyword!)), eb("d.id_card_no_hash", "=", String(idHash))])));
  const captains = k
    .selectFrom("captain_profiles as c")
    .select([sql<string>`'CAPTAIN'`.as("person_type"), "c.id", "c.name", "c.mobile", "c.id_card_no_mask as id_card_no", "c.created_at"])
    .where("c.platform_id", "=", scope.platformId)
    .where("c.audit_status", "=", "APPROVED")
    .where("c.deleted_at", "is", null)
    .where(notActive("CAPTAIN", "c"))
    .$if(!!keyword, (q) => q.where((eb) => eb.or([eb("c.name", "like", like(keyword!)), eb("c.mobile", "like", like(keyword!)), eb("c.id_card_no_hash", "=", String(idHash))])));
  const union = filter.personType === "DRIVER" ? drivers : filter.personType === "CAPTAIN" ? captains : drivers.unionAll(captains);
  const all = k.selectFrom(union.as("p"));
  const total = Number((await all.select(sql<number>`count(*)`.as("n")).executeTakeFirst())?.n ?? 0);
  const rows = await all.selectAll().orderBy("p.person_type", "desc").orderBy("p.name").orderBy("p.id").limit(paging.size).offset(offsetOf(paging.current, paging.size)).execute();
  const plain = scope.permissions.has(SENSITIVE_VIEW);
  const records = rows.map((r) => ({
    key: `${String(r.person_type)}:${Number(r.id)}`,
    personType: String(r.person_type),
    profileId: Number(r.id),
    name: String(r.name),
    mobile: plain ? String(r.mobile) : maskMobile(String(r.mobile)),
    idCardNo: String(r.id_card_no),
    // 批量登记 may take every candidate (the caller holds 税务管理, checked above).
    actions: ["batchRegister"],
  }));
  return { records, total, current: paging.current, size: paging.size };
}

/** Locks the profiles for the transaction (PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises). */
async function lockProfiles(trx: AnyDb, dialect: Db["dialect"], table: "driver_profiles" | "captain_profiles", ids: number[]) {
  if (dialect !== "postgres" || ids.length === 0) return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`select id from ${sql.table(table)} where id in (${sql.join(sorted)}) order by id for update`.execute(trx);
}

/**
 * 登记 in batch: one 待登记 registration per chosen person, in one transaction. A person whose profile
 * is missing or not approved, or who already has a 待登记 / 已登记 registration, refuses the whole batch
 * naming them; nothing is written then.
 */
export async function registerInBatch(db: Db, scope: CallerScope, input: TaxBatch) {
  mayWrite(scope, "办理临时税务登记");
  return moneyTx(db, async (trx) => {
    await lockProfiles(trx, db.dialect, "driver_profiles", input.persons.filter((p) => p.personType === "DRIVER").map((p) => p.profileId));
    await lockProfiles(trx, db.dialect, "captain_profiles", input.persons.filter((p) => p.personType === "CAPTAIN").map((p) => p.profileId));
    const profiles: Array<{ type: TaxPersonType; profile: PersonProfile }> = [];
    for (const p of input.persons) {
      const profile = await approvedProfile(trx, scope.platformId, p.personType, p.profileId);
      const active = await activeRegistration(trx, scope.platformId, p.personType, p.profileId);
      if (active) throw new Refusal(RefusalCode.illegalState, `${who(p.personType)} ${profile.name} 已有${active.status === "PENDING" ? "待登记" : "已登记"}的临时税务登记，不能重复登记`);
      profiles.push({ type: p.personType, profile });
    }
    const at = nowIso();
    const created: Array<{ id: number; name: string; personType: TaxPersonType }> = [];
    for (const { type, profile } of profiles) {
      const row = await trx
        .insertInto("tax_registrations")
        .values(sealIdColumns("tax_registrations", {
          platform_id: scope.platformId,
          tenant_id: profile.tenant_id,
          org_id: null,
          owner_user_id: null,
          created_at: at,
          created_by: scope.userId,
          updated_at: at,
          updated_by: scope.userId,
          person_type: type,
          person_id: profile.id,
          driver_profile_id: type === "DRIVER" ? profile.id : null,
          captain_profile_id: type === "CAPTAIN" ? profile.id : null,
          name: profile.name,
          id_card_no: profile.id_card_no,
          mobile: profile.mobile,
          taxpayer_no: profile.id_card_no,
          tax_authority: input.taxAuthority,
          authorization_file: JSON.stringify(input.authorizationFile),
          status: "PENDING" as const,
        }))
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordResourceEvent(trx, scope, "taxRegistration", row as unknown as Row, { action: "CREATE", label: "批量登记", to: "PENDING" });
      created.push({ id: Number(row.id), name: profile.name, personType: type });
    }
    return { count: created.length, records: created };
  });
}

/**
 * Retention of personal data (个人信息保护法 art. 19 and 47; docs/design/security-data.md "Retention"):
 * the 证照 images and the ID numbers of a person whose account was closed more than
 * TMS_PERSONAL_RETENTION_YEARS ago are purged by the `personal-retention` job, each purge written to
 * 操作日志 (who: 系统, whose, what).
 *
 * A person's account is closed when its registered record (司机档案, 船长档案, 车队长, 船东) is 停用 or
 * deleted and its login account, if it has one, is 停用 too: then nobody can work with the person any
 * more, neither dispatch (a 停用 profile is not eligible) nor the person (no login). The job stamps
 * `closed_at` the first time it finds a record closed and clears it when the record or the account is
 * enabled again, so the years count from the closing without every writer having to remember it.
 * What it purges: the record's sealed ID columns and those of the organisations' roster copies
 * (`freight_drivers`, `freight_captains`), emptied with their hash and mask; the person's 证照: their
 * 证件号码 likewise and their images (the references; the file rows no other record holds; the stored
 * file unless another live row has the same content). Names, mobiles and waybills stay: they are the
 * transaction records the 网络货运 rules and the e-commerce law keep for three years from the
 * transaction, and tax records (税务登记, 申报记录) follow the tax law's ten years.
 */
import { unlink } from "node:fs/promises";
import { join } from "node:path";
import { sql, type SqlBool } from "kysely";
import { columnOf } from "../../contract/resources/derive.js";
import { RESOURCES } from "../../contract/resources/index.js";
import { SUBJECT_RESOURCES, type SubjectType } from "../../contract/resources/credential.js";
import type { ServiceContext } from "../context.js";
import { nowIso } from "../db/index.js";
import { hashColumn, maskColumn, sealedColumnsOf } from "../db/personal.js";
import { yieldToRequests } from "../db/yield.js";
import { isDocumentHeld } from "../documents/documents.js";
import { fileIdOf, refsOf } from "../documents/refs.js";
import { dataDirOf } from "../iam/admin/files.js";
import { writeOperation } from "../iam/admin/oplog.js";
import type { AnyDb } from "../resources/bind.js";

/** The registered persons: their table, the 证照 subject they are, and the rosters that copy their numbers. */
export const RETAINED_PERSONS = [
  { table: "driver_profiles", subject: "DRIVER", rosters: ["freight_drivers"] },
  { table: "captain_profiles", subject: "CAPTAIN", rosters: ["freight_captains"] },
  { table: "fleet_leaders", subject: "FLEET_LEADER", rosters: [] },
  { table: "shipowners", subject: "SHIPOWNER", rosters: [] },
] as const satisfies ReadonlyArray<{ table: string; subject: SubjectType; rosters: readonly string[] }>;

type Person = (typeof RETAINED_PERSONS)[number];

/** Years after the closing a person's numbers and 证照 images are kept: a whole year, as the setting says. */
export function retentionCutoff(now: string, years: number): string {
  const at = new Date(now);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return at.toISOString();
}

/** The record is closed: 停用 or deleted, and its login account (if any) 停用. */
const closed = (alias: string) =>
  sql<SqlBool>`((${sql.ref(`${alias}.enabled`)} <> 'ENABLED' or ${sql.ref(`${alias}.deleted_at`)} is not null) and (${sql.ref(`${alias}.user_id`)} is null or exists (select 1 from users u where u.id = ${sql.ref(`${alias}.user_id`)} and u.status <> 'ACTIVE')))`;

/** The sealed columns of a table emptied, with their hash and mask. */
function erased(table: string): Record<string, string | null> {
  return Object.fromEntries(sealedColumnsOf(table).flatMap((c) => [[c, ""], [hashColumn(c), null], [maskColumn(c), null]]));
}

const PAGE = 200;

export interface RetentionRun {
  /** Records found closed this run (their `closed_at` stamped). */
  closed: number;
  /** Records enabled again (their `closed_at` cleared). */
  reopened: number;
  /** Persons purged this run. */
  purged: number;
}

/** One run of the job: stamps closings, clears reopenings, purges the persons closed before the cutoff. */
export async function purgeClosedPersons(ctx: Pick<ServiceContext, "db" | "config">, options: { years: number; now?: string }): Promise<RetentionRun> {
  const db = ctx.db.kysely as unknown as AnyDb;
  const now = options.now ?? nowIso();
  const cutoff = retentionCutoff(now, options.years);
  const run: RetentionRun = { closed: 0, reopened: 0, purged: 0 };
  for (const person of RETAINED_PERSONS) {
    const stamped = await db.updateTable(`${person.table} as p`).set({ closed_at: now }).where("p.closed_at", "is", null).where(closed("p")).executeTakeFirst();
    run.closed += Number(stamped.numUpdatedRows);
    // Enabled again: the years start over at the next closing, which purges again whatever was entered since.
    const reopened = await db.updateTable(`${person.table} as p`).set({ closed_at: null, purged_at: null }).where("p.closed_at", "is not", null).where(sql<SqlBool>`not ${closed("p")}`).executeTakeFirst();
    run.reopened += Number(reopened.numUpdatedRows);
    for (;;) {
      const due = await db.selectFrom(`${person.table} as p`).select(["p.id", "p.name", "p.platform_id"]).where("p.closed_at", "<", cutoff).where("p.purged_at", "is", null).orderBy("p.id").limit(PAGE).execute();
      for (const row of due) {
        if (await purgePerson(ctx, person, row as { id: number; name: string; platform_id: string }, now)) run.purged += 1;
        await yieldToRequests();
      }
      if (due.length < PAGE) break;
    }
  }
  return run;
}

/** The label of each purged column of a table, from its resource's fields (身份证号, 驾驶证号 …). */
function fieldLabels(resourceKey: string, table: string): string[] {
  const sealed = new Set(sealedColumnsOf(table));
  const def = RESOURCES[resourceKey];
  return def ? Object.entries(def.fields).filter(([key, field]) => sealed.has(columnOf(key, field))).map(([, field]) => field.label) : [];
}

/** Purges one person in one transaction (numbers, 证照, the purge mark, the 操作日志 row); then removes the files nobody else holds. */
async function purgePerson(ctx: Pick<ServiceContext, "db" | "config">, person: Person, row: { id: number; name: string; platform_id: string }, now: string): Promise<boolean> {
  const db = ctx.db.kysely as unknown as AnyDb;
  const resourceKey = SUBJECT_RESOURCES[person.subject];
  const freed = await db.transaction().execute(async (trx) => {
    // Taken by this run only while not purged yet: two runs at once purge a person once.
    const taken = await trx.updateTable(person.table).set({ purged_at: now, ...erased(person.table) }).where("id", "=", row.id).where("purged_at", "is", null).executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    for (const roster of person.rosters) await trx.updateTable(roster).set(erased(roster)).where("profile_id", "=", row.id).execute();
    const credentials = await trx.selectFrom("credentials").select(["id", "images"]).where("subject_type", "=", person.subject).where("subject_id", "=", row.id).execute();
    const fileIds = credentials.flatMap((c) => refsOf(c.images).map(fileIdOf)).filter((id): id is number => id !== null);
    if (credentials.length) await trx.updateTable("credentials").set({ images: "[]", ...erased("credentials") }).where("id", "in", credentials.map((c) => c.id)).execute();
    // A file another record still holds (a seed document shared by many) stays; the person's own go.
    const unheld: number[] = [];
    for (const id of new Set(fileIds)) if (!(await isDocumentHeld(trx, id))) unheld.push(id);
    const files = unheld.length ? await trx.selectFrom("system_files").select(["id", "storage_key"]).where("id", "in", unheld).where("deleted_at", "is", null).execute() : [];
    if (files.length) await trx.updateTable("system_files").set({ deleted_at: now }).where("id", "in", files.map((f) => f.id)).execute();
    const what = [...fieldLabels(resourceKey, person.table), ...(credentials.length ? ["证照证件号码"] : []), `证照图片 ${fileIds.length} 张`].join("、");
    await writeOperation(trx, {
      platformId: row.platform_id,
      caller: "system",
      module: RESOURCES[resourceKey]?.name ?? person.table,
      content: `个人信息到期清除：${RESOURCES[resourceKey]?.name ?? person.table} ${row.name}（编号 ${row.id}）账号注销已满保存期限，清除${what}`,
      system: "job",
      kind: "PURGE",
      result: "SUCCESS",
      ip: "-",
      userAgent: "personal-retention",
    });
    return files.map((f) => String(f.storage_key));
  });
  if (!freed) return false;
  // The store keeps one file per content: it goes only when no live row holds that content any more.
  for (const key of new Set(freed)) {
    const held = await db.selectFrom("system_files").select("id").where("storage_key", "=", key).where("deleted_at", "is", null).limit(1).executeTakeFirst();
    if (!held) await unlink(join(dataDirOf(ctx), key)).catch(() => undefined);
  }
  return true;
}

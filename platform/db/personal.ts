/**
 * Personal ID numbers at rest (docs/design/security-data.md "Personal data"). Each column below holds
 * `enc:` + the value sealed under TMS_ID_KEY; beside it `<column>_hash` (HMAC under TMS_ID_HASH_KEY, for
 * unique indexes and search by the full number) and `<column>_mask` (3401**********0316, what every list,
 * detail and export shows). Licence, qualification and taxpayer numbers are listed too: for a person
 * they are the ID number. The clear value exists only in memory, inside the exchange that needs it.
 */
import { sql, type Kysely } from "kysely";
import { maskIdNo } from "../../contract/personal.js";
import { sealer } from "./sealed.js";
import { yieldToRequests } from "./yield.js";

export const SEALED_ID_COLUMNS = {
  freight_drivers: ["id_card_no", "license_no", "qualification_cert_no"],
  driver_profiles: ["id_card_no", "driving_license_no", "qualification_cert_no"],
  freight_captains: ["id_card_no"],
  captain_profiles: ["id_card_no"],
  fleet_leaders: ["id_card_no"],
  shipowners: ["id_card_no"],
  shippers: ["id_card_no"],
  enterprise_profiles: ["legal_person_id_no"],
  tax_registrations: ["id_card_no", "taxpayer_no"],
  declare_logs: ["id_card_no"],
  match_invoices: ["driver_tax_no"],
  credentials: ["cert_no"],
} as const satisfies Record<string, readonly string[]>;

const ids = sealer({ seal: ["TMS_ID_KEY", "tms-development-id-key"], hash: ["TMS_ID_HASH_KEY", "tms-development-id-hash-key"], previous: "TMS_ID_KEY_PREVIOUS" });

const SEALED = "enc:";
export const isSealedId = (value: unknown): value is string => typeof value === "string" && value.startsWith(SEALED);
/** The keyed hash a full number is found by (upper-cased: ID numbers end in X, typed as x too). */
export const idNoHash = (clear: string) => ids.hash(clear.trim().toUpperCase());
/** The clear number, only for the exchange that needs it (a reveal, a ministry message, a tax declaration): never store or log it. */
export const openIdNo = (stored: string) => (isSealedId(stored) ? ids.open(stored.slice(SEALED.length)) : stored);
export const sealIdNo = (clear: string) => (isSealedId(clear) ? clear : `${SEALED}${ids.seal(clear)}`);

export const sealedColumnsOf = (table: string): readonly string[] => (SEALED_ID_COLUMNS as Record<string, readonly string[]>)[table] ?? [];
export const hashColumn = (column: string) => `${column}_hash`;
export const maskColumn = (column: string) => `${column}_mask`;

/**
 * Seals the clear numbers among a row's values about to be written to `table` (in place, and returned):
 * the column gets the sealed value, its `_hash` and `_mask` columns follow. A value already sealed (a
 * copy of another row's columns) is left with whatever siblings the caller copied.
 */
export function sealIdColumns<T extends Record<string, unknown>>(table: string, values: T): T {
  const row = values as Record<string, unknown>;
  for (const column of sealedColumnsOf(table)) {
    if (!(column in row) || isSealedId(row[column])) continue;
    const value = row[column];
    if (value === null || value === undefined || value === "") {
      if (value !== undefined) Object.assign(row, { [hashColumn(column)]: null, [maskColumn(column)]: null });
      continue;
    }
    const clear = String(value).trim().toUpperCase();
    Object.assign(row, { [column]: sealIdNo(clear), [hashColumn(column)]: idNoHash(clear), [maskColumn(column)]: maskIdNo(clear) });
  }
  return values;
}

/** The sealed column with its siblings, as a copy to another table with the same columns takes them. */
export function sealedCopy(row: Record<string, unknown>, from: string, to = from): Record<string, unknown> {
  return { [to]: row[from], [hashColumn(to)]: row[hashColumn(from)] ?? null, [maskColumn(to)]: row[maskColumn(from)] ?? null };
}

const PAGE = 500;

/**
 * Seals every clear number still stored (the migration after the upgrade, the demo seed after its
 * writers, a restore of an old backup): walks each table by id, a page at a time.
 */
export async function sealStoredIds(db: Kysely<unknown>): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  let sealed = 0;
  for (const [table, columns] of Object.entries(SEALED_ID_COLUMNS)) {
    let after = 0;
    for (;;) {
      // A clear value, or a sealed one copied without its hash (a seeder copying another row's column).
      const pending = sql<boolean>`(${sql.join(columns.map((c) => sql`(${sql.ref(c)} is not null and ${sql.ref(c)} <> '' and (${sql.ref(c)} not like 'enc:%' or ${sql.ref(hashColumn(c))} is null))`), sql` or `)})`;
      const rows = (await k.selectFrom(table).select(["id", ...columns, ...columns.map(hashColumn)]).where("id", ">", after).where(pending).orderBy("id").limit(PAGE).execute()) as Array<Record<string, unknown>>;
      for (const row of rows) {
        const values: Record<string, unknown> = {};
        for (const column of columns) {
          const value = row[column];
          if (value !== null && value !== "" && (!isSealedId(value) || row[hashColumn(column)] === null)) values[column] = isSealedId(value) ? openIdNo(value) : value;
        }
        await k.updateTable(table).set(sealIdColumns(table, values)).where("id", "=", row.id).execute();
        sealed += 1;
      }
      if (rows.length < PAGE) break;
      after = Number(rows.at(-1)!.id);
    }
  }
  return sealed;
}

/** The `_hash` and `_mask` columns beside a table's sealed columns (null where the number is). */
export type SealedColumns<C extends string> = { [K in `${C}_hash` | `${C}_mask`]: string | null };

/** A registered person's retention stamps (migration 0052, platform/masterdata/retention.ts): when its account was found closed, when it was purged. */
export interface RetentionColumns {
  closed_at: string | null;
  purged_at: string | null;
}

/** A stored ID value under the current TMS_ID_KEY: re-sealed when TMS_ID_KEY_PREVIOUS sealed it, null when already current. */
export const resealIdNo = (stored: string): string | null => {
  if (!isSealedId(stored)) return null;
  const next = ids.reseal(stored.slice(SEALED.length));
  return next === null ? null : `${SEALED}${next}`;
};

export interface RotationProgress {
  table: string;
  /** Rows read so far in this table, and those whose values were re-sealed. */
  checked: number;
  resealed: number;
  /** The last id done: a run stopped here resumes by running again (done rows are found current and skipped). */
  lastId: number;
}

/**
 * Re-seals every stored ID value from TMS_ID_KEY_PREVIOUS to TMS_ID_KEY (`npm run keys:rotate`): each
 * table of SEALED_ID_COLUMNS, then the submission payloads (`report_records`), walked by id, one
 * transaction per batch. Idempotent: a value the current key opens is left as it is, so running it
 * again after a stop, or twice, changes nothing more. Hashes and masks do not depend on the key.
 */
export async function rotateIdKey(db: Kysely<unknown>, options: { batch?: number; reseal?: (payload: string) => string | null; progress?: (p: RotationProgress) => void } = {}): Promise<RotationProgress[]> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const k = db as Kysely<any>;
  const batch = options.batch ?? PAGE;
  const done: RotationProgress[] = [];
  const tables: Array<[string, readonly string[], (value: string) => string | null]> = [
    ...Object.entries(SEALED_ID_COLUMNS).map(([table, columns]) => [table, columns, resealIdNo] as [string, readonly string[], (value: string) => string | null]),
    ...(options.reseal ? [["report_records", ["payload"], options.reseal] as [string, readonly string[], (value: string) => string | null]] : []),
  ];
  for (const [table, columns, reseal] of tables) {
    const progress: RotationProgress = { table, checked: 0, resealed: 0, lastId: 0 };
    const sealed = sql<boolean>`(${sql.join(columns.map((c) => sql`${sql.ref(c)} like ${"%enc:%"}`), sql` or `)})`;
    for (;;) {
      const rows = await k.transaction().execute(async (trx) => {
        const page = (await trx.selectFrom(table).select(["id", ...columns]).where("id", ">", progress.lastId).where(sealed).orderBy("id").limit(batch).execute()) as Array<Record<string, unknown>>;
        for (const row of page) {
          const values: Record<string, string> = {};
          for (const column of columns) {
            let next: string | null = null;
            try {
              next = typeof row[column] === "string" ? reseal(row[column]) : null;
            } catch {
              throw new Error(`${table}.${column} 编号 ${String(row.id)}：当前密钥和旧密钥都打不开 / neither TMS_ID_KEY nor TMS_ID_KEY_PREVIOUS opens it`);
            }
            if (next !== null) values[column] = next;
          }
          if (Object.keys(values).length) {
            await trx.updateTable(table).set(values).where("id", "=", row.id).execute();
            progress.resealed += 1;
          }
        }
        return page;
      });
      progress.checked += rows.length;
      if (rows.length) progress.lastId = Number(rows.at(-1)!.id);
      options.progress?.({ ...progress });
      if (rows.length < batch) break;
      await yieldToRequests();
    }
    done.push(progress);
  }
  return done;
}

/** Small helpers the org-resource bindings share: refusals and "is there another live row like this". */
import { sql } from "kysely";
import { RefusalCode } from "../../contract/envelope.js";
import { Refusal } from "../http/envelope.js";
import type { AnyDb } from "../resources/bind.js";

export const invalid = (message: string) => new Refusal(RefusalCode.invalid, message);
export const taken = (message: string) => new Refusal(RefusalCode.illegalState, message);

/** Whether a non-deleted row of `table` matches every column (other than `exceptId`). */
export async function liveRowExists(trx: AnyDb, table: string, where: Record<string, unknown>, exceptId?: number): Promise<boolean> {
  let query = trx.selectFrom(table).select("id").where("deleted_at", "is", null);
  for (const [column, value] of Object.entries(where)) query = value === null ? query.where(column, "is", null) : query.where(column, "=", value);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return !!(await query.limit(1).executeTakeFirst());
}

/** How many non-deleted rows of `table` point at `id` through `column`. */
export async function liveReferences(trx: AnyDb, table: string, column: string, id: number): Promise<number> {
  const row = await trx.selectFrom(table).select(sql<number>`count(*)`.as("n")).where(column, "=", id).where("deleted_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export const blank = (value: unknown) => value === null || value === undefined || value === "";

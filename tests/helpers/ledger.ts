/** Completed waybills of the first demo organisation, paid to the demo driver: what the crash test and bench/ledger pay. */
import type { Db } from "../../platform/db/index.js";
import { DEMO_ACCOUNTS } from "../../platform/db/seed.js";

export async function payableWaybills(db: Db, count: number, options: { amount: number; prefix: string }): Promise<{ ids: number[]; orgName: string }> {
  const k = db.kysely;
  const org = await k.selectFrom("organisations").selectAll().orderBy("id").executeTakeFirstOrThrow();
  const driver = await k.selectFrom("users").select("id").where("mobile", "=", DEMO_ACCOUNTS.INDIVIDUAL_USER).executeTakeFirstOrThrow();
  const template = await k.selectFrom("freights").selectAll().where("org_id", "=", org.id).where("status", "=", "COMPLETED").executeTakeFirstOrThrow();
  const { id: _id, ...rest } = template;
  void _id;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({ ...rest, freight_no: `${options.prefix}${String(i + j).padStart(8, "0")}`, freight_amount: options.amount, carrier_user_id: Number(driver.id) }));
    ids.push(...(await k.insertInto("freights").values(rows).returning("id").execute()).map((r) => Number(r.id)));
  }
  return { ids, orgName: org.name };
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, startTestPlatform, type TestPlatform } from "../helpers/platform.js";
import { explainStatements, freightIndexes, readCalls, statementKeeper, type Plan } from "../helpers/query-plans.js";
import { reportScope } from "../../bench/lib/scope.js";
import type { ServiceContext } from "../../platform/context.js";
import type { Db } from "../../platform/db/index.js";

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform("query_plans");
});
afterAll(async () => {
  await p?.close();
});

describe(`query plans (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  // The indexes of `freights` are narrowed to what these reads need (migration 0054): each of them must
  // still find its waybills through an index, never by reading the whole table.
  it("reads the waybills of every report, list filter and dashboard through an index", async () => {
    const keeper = statementKeeper();
    const db: Db = { ...p.db, kysely: p.db.kysely.withPlugin(keeper.plugin) };
    const ctx = { ...p.ctx, db } as ServiceContext;
    const scopes = await Promise.all(Object.values(DEMO_ACCOUNTS).map((mobile) => reportScope(p.db, mobile)));
    const indexes = await freightIndexes(p.db);
    const calls = readCalls(scopes);
    const scans: string[] = [];
    const plans: Plan[] = [];
    for (const call of calls) {
      const statements = await keeper.capture(() => call.run(ctx));
      const explained = await explainStatements(p.db, statements, indexes, { avoidSeqScan: true });
      plans.push(...explained);
      for (const plan of explained.filter((e) => e.fullScan && !scansByNature(call.name, e))) scans.push(`${call.name}: ${plan.text}\n${plan.sql}`);
    }
    expect(scans).toEqual([]);
    // The reads did reach the waybills (the summaries answer many of them, the pages of rows never).
    expect(plans.filter((plan) => plan.indexes.length > 0).length).toBeGreaterThan(scopesReadingRows);
  });
});

/** Every scope's list pages read rows of `freights`: at least one plan per scope and list filter names an index. */
const scopesReadingRows = Object.keys(DEMO_ACCOUNTS).length * 5;

/**
 * The count and sums of a text (contains) or 异常 filter over a platform's or a tenant's waybills read
 * every waybill of that scope whatever the index (no index orders by a substring), and the planner
 * rightly reads the table once instead of an index and then the table. The page of rows of the same
 * filter still walks the creation index newest first.
 */
function scansByNature(call: string, plan: Plan): boolean {
  return /^list (carrierName|abnormal) (SYSTEM_USER|TENANT_USER)$/.test(call) && plan.sql.startsWith('select count(*) as "total"');
}

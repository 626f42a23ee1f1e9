import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportResult } from "../../contract/reports.js";
import { WAYBILL_COUNTERS } from "../../platform/db/migrations/0045_waybill_counters.js";
import { as, dispatchFresh, driveTo, okData, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("waybill_counters");
});
afterAll(async () => {
  await f?.close();
});

const COLUMNS = Object.values(WAYBILL_COUNTERS).flatMap((counters) => Object.keys(counters));

/** Every waybill whose stored counters differ from a fresh count of its child rows (none, when they are kept). */
async function drifted() {
  const fresh = Object.entries(WAYBILL_COUNTERS).flatMap(([table, counters]) =>
    Object.entries(counters).map(([column, expr]) => `f.${column} <> (select ${expr === "1" ? "count(*)" : `coalesce(sum(c.${expr}), 0)`} from ${table} c where c.freight_id = f.id)`),
  );
  const { rows } = await sql.raw<{ id: number }>(`select f.id from freights f where ${fresh.join(" or ")}`).execute(f.p.db.kysely);
  return rows.map((r) => Number(r.id));
}

const counters = (id: number) => f.p.db.kysely.selectFrom("freights").select(COLUMNS as ["track_points"]).where("id", "=", id).executeTakeFirstOrThrow();

describe(`waybill counters (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("hold the seeded waybills' track points, comments, scores and appeals", async () => {
    expect(await drifted()).toEqual([]);
    const { n } = await f.p.db.kysely.selectFrom("freights").select(sql<number>`count(*)`.as("n")).where("track_points", ">", 0).executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(0);
  });

  it("move with every insert, delete and score change, from the API or straight in the tables", async () => {
    const [a, b] = await dispatchFresh(f, { individual: true, count: 2 });
    await driveTo(f, a!.id, "UNLOADED");
    const db = f.p.db.kysely;
    const point = (freightId: number, i: number) => ({ freight_id: freightId, lat: 31.8 + i / 1000, lng: 117.2, speed: 40, recorded_at: new Date(Date.now() - i * 60_000).toISOString() });
    await db.insertInto("freight_track_points").values(Array.from({ length: 12 }, (_, i) => point(a!.id, i))).execute();
    await db.insertInto("freight_track_points").values([point(b!.id, 1), point(a!.id, 99)]).execute();
    expect(await counters(a!.id)).toMatchObject({ track_points: 13, comments: 0, comment_score: 0, appeals: 0 });
    expect((await counters(b!.id)).track_points).toBe(1);

    await okData(as(f, "INDIVIDUAL_USER", "/tms-freight-driver-comment", { freightId: a!.id, score: 4, content: "卸货排队一小时" }));
    expect(await counters(a!.id)).toMatchObject({ comments: 1, comment_score: 4 });
    await db.updateTable("freight_comments").set({ score: 2 }).where("freight_id", "=", a!.id).execute();
    expect(await counters(a!.id)).toMatchObject({ comments: 1, comment_score: 2 });

    await db.deleteFrom("freight_track_points").where("freight_id", "=", a!.id).where("recorded_at", "<", new Date(Date.now() - 9.5 * 60_000).toISOString()).execute();
    expect((await counters(a!.id)).track_points).toBe(10);
    await db.deleteFrom("freight_comments").where("freight_id", "=", a!.id).execute();
    expect(await counters(a!.id)).toMatchObject({ comments: 0, comment_score: 0 });
    expect(await drifted()).toEqual([]);

    // A waybill inserted as a copy of another (a seed, a data fix) has none of the copy's child rows.
    const { id: _id, ...copy } = await db.selectFrom("freights").selectAll().where("id", "=", b!.id).executeTakeFirstOrThrow();
    expect(copy.track_points).toBe(1);
    const inserted = await db.insertInto("freights").values({ ...copy, freight_no: `${copy.freight_no}C` }).returning("id").executeTakeFirstOrThrow();
    expect(await counters(inserted.id)).toMatchObject({ track_points: 0, comments: 0, comment_score: 0, appeals: 0 });
    await db.deleteFrom("freights").where("id", "=", inserted.id).execute();
    expect(await drifted()).toEqual([]);
  });

  it("answer 运单风险's 轨迹缺失 and 申诉 as the child rows would", async () => {
    const range = { dateFrom: new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10), dateTo: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) };
    const risk = await okData<ReportResult>(as(f, "SYSTEM_USER", "/tms-report/waybillRisk/search", range));
    const { rows } = await sql
      .raw<{ missing: number; appealed: number }>(
        `select sum(case when f.loading_time is not null and (select count(*) from freight_track_points t where t.freight_id = f.id) < 10 then 1 else 0 end) as missing,
                sum(case when exists (select 1 from risk_appeals a where a.freight_id = f.id) then 1 else 0 end) as appealed
         from freights f where f.platform_id = 'A' and f.status <> 'CANCELLED'`,
      )
      .execute(f.p.db.kysely);
    expect(risk.totals?.track_missing).toBe(Number(rows[0]!.missing));
    expect(risk.totals?.appealed).toBe(Number(rows[0]!.appealed));
    expect(Number(rows[0]!.appealed)).toBeGreaterThan(0);
  });
});

/** The dispatch home figures: in transit now, completed today, this month's tonnage and freight, 30-day series. */
import { sql, type RawBuilder } from "kysely";
import type { FreightDashboard, FreightWay } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import type { DialectName } from "../db/index.js";
import { filteredFreights } from "./search.js";
import type { CallerScope } from "../scope.js";
import { addDays, chinaDate, chinaDayStart } from "../../contract/units.js";
import { chinaDateSql } from "../db/china-date.js";
import { statTime } from "./stat-time.js";
import { dailyStatsOf, summaryServes } from "../reports/daily-stats.js";

/** The China calendar date of an ISO-text time column, as "YYYY-MM-DD". */
function chinaDateOf(dialect: DialectName, column: string): RawBuilder<string> {
  return chinaDateSql(dialect, sql.ref(column));
}

const DAYS = 30;

export async function freightDashboard(ctx: ServiceContext, scope: CallerScope, freightWay: FreightWay | undefined): Promise<FreightDashboard> {
  if (await summaryServes(ctx.db.kysely, scope)) return fromDailyStats(ctx, scope, freightWay);
  const db = ctx.db.kysely;
  const base = () => filteredFreights(db, scope, { freightWay });
  const today = chinaDate();
  const firstDay = addDays(today, -(DAYS - 1));
  const since = chinaDayStart(firstDay);
  const monthStart = chinaDayStart(`${today.slice(0, 7)}-01`);
  const completedPerDay = () =>
    base()
      .select([chinaDateOf(ctx.db.dialect, "complete_time").as("day"), sql<number>`count(*)`.as("value")])
      .where("complete_time", ">=", since)
      .groupBy(sql`1`)
      .execute();
  // A waybill loaded since a time has its statistics time since then too, so the loaded figures read the
  // report index's range (covering); a waybill not loaded yet counts nothing (no loading time, no day).
  // `loading_time >=` in the WHERE would make SQLite take the loading-time index and every row it names.
  const sinceByStatTime = (time: string) => base().where(statTime(), ">=", time).where("status", "!=", "CANCELLED");

  const [inTransit, month, created, completed, loaded] = await Promise.all([
    base().select(sql<number>`count(*)`.as("n")).where("status", "=", "IN_TRANSIT").executeTakeFirstOrThrow(),
    sinceByStatTime(monthStart)
      .select([sql<number>`coalesce(sum(loaded_weight), 0)`.as("weight"), sql<number>`coalesce(sum(case when loading_time is not null then freight_amount end), 0)`.as("freight")])
      .executeTakeFirstOrThrow(),
    base()
      .select([chinaDateOf(ctx.db.dialect, "created_at").as("day"), sql<number>`count(*)`.as("value")])
      .where("created_at", ">=", since)
      .groupBy(sql`1`)
      .execute(),
    completedPerDay(),
    sinceByStatTime(since)
      .select([chinaDateOf(ctx.db.dialect, "loading_time").as("day"), sql<number>`coalesce(sum(loaded_weight), 0)`.as("value")])
      .groupBy(sql`1`)
      .execute(),
  ]);
  return shape({ today, firstDay, inTransit: inTransit.n, month, created, completed, loaded });
}

interface Figures {
  today: string;
  firstDay: string;
  inTransit: number;
  month: { weight: number; freight: number };
  created: Array<{ day: string; value: number }>;
  completed: Array<{ day: string; value: number }>;
  loaded: Array<{ day: string; value: number }>;
}

function shape({ today, firstDay, inTransit, month, created, completed, loaded }: Figures): FreightDashboard {
  const byDay = (rows: Array<{ day: string; value: number }>) => new Map(rows.map((r) => [r.day, Number(r.value)]));
  const createdBy = byDay(created);
  const completedBy = byDay(completed);
  const loadedBy = byDay(loaded);
  return {
    inTransitCount: Number(inTransit),
    // Only a completed waybill has a complete_time (and it stays completed): today's figure is the last day's.
    completedToday: completedBy.get(today) ?? 0,
    monthLoadedWeight: Number(month.weight),
    monthFreight: Number(month.freight),
    daily: Array.from({ length: DAYS }, (_, i) => {
      const date = addDays(firstDay, i);
      return { date, created: createdBy.get(date) ?? 0, completed: completedBy.get(date) ?? 0, loadedWeight: loadedBy.get(date) ?? 0 };
    }),
  };
}

/**
 * The same figures from the daily summary (platform/reports/daily-stats.ts): two statements over the
 * scope's summary rows instead of five over its waybills. In transit is summed over every day (a waybill
 * in transit counts on its loading day); the month's figures over the statistics days since the 1st.
 */
async function fromDailyStats(ctx: ServiceContext, scope: CallerScope, freightWay: FreightWay | undefined): Promise<FreightDashboard> {
  const today = chinaDate();
  const firstDay = addDays(today, -(DAYS - 1));
  const monthStart = `${today.slice(0, 7)}-01`;
  let stats = dailyStatsOf(ctx.db.kysely, scope);
  // As filteredFreights: without water transport only ROAD is visible (the scope rule adds it), the way asked for is ignored.
  if (freightWay && scope.water) stats = stats.where("s.freight_way", "=", freightWay);
  const since = firstDay < monthStart ? firstDay : monthStart;
  const sum = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
  const [all, days] = await Promise.all([
    stats.select(sum("s.in_transit").as("n")).executeTakeFirstOrThrow(),
    stats
      .where("s.day", ">=", since)
      .select(["s.day", sum("s.created").as("created"), sum("s.completed").as("completed"), sum("s.loaded_of_loaded").as("loaded"), sum("s.loaded").as("weight"), sum("s.freight_of_loaded").as("freight")])
      .groupBy("s.day")
      .execute(),
  ]);
  const inSeries = days.filter((d) => d.day >= firstDay);
  const inMonth = days.filter((d) => d.day >= monthStart);
  const series = (key: "created" | "completed" | "loaded") => inSeries.map((d) => ({ day: d.day, value: Number(d[key]) }));
  return shape({
    today,
    firstDay,
    inTransit: all.n,
    month: { weight: inMonth.reduce((n, d) => n + Number(d.weight), 0), freight: inMonth.reduce((n, d) => n + Number(d.freight), 0) },
    created: series("created"),
    completed: series("completed"),
    loaded: series("loaded"),
  });
}

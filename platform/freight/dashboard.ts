/** The dispatch home figures: in transit now, completed today, this month's tonnage and freight, 30-day series. */
import { sql, type RawBuilder } from "kysely";
import type { FreightDashboard, FreightWay } from "../../contract/freight.js";
import type { ServiceContext } from "../context.js";
import type { DialectName } from "../db/index.js";
import { filteredFreights } from "./search.js";
import type { CallerScope } from "../scope.js";
import { addDays, chinaDate, chinaDayStart } from "../../contract/units.js";
import { chinaDateSql } from "../db/china-date.js";

/** The China calendar date of an ISO-text time column, as "YYYY-MM-DD". */
function chinaDateOf(dialect: DialectName, column: string): RawBuilder<string> {
  return chinaDateSql(dialect, sql.ref(column));
}

const DAYS = 30;

export async function freightDashboard(ctx: ServiceContext, scope: CallerScope, freightWay: FreightWay | undefined): Promise<FreightDashboard> {
  const db = ctx.db.kysely;
  const base = () => filteredFreights(db, scope, { freightWay });
  const today = chinaDate();
  const firstDay = addDays(today, -(DAYS - 1));
  const since = chinaDayStart(firstDay);
  const monthStart = chinaDayStart(`${today.slice(0, 7)}-01`);
  const perDay = (column: "created_at" | "complete_time" | "loading_time", value: RawBuilder<number>) =>
    base()
      .select([chinaDateOf(ctx.db.dialect, column).as("day"), value.as("value")])
      .where(column, ">=", since)
      .where("status", "!=", "CANCELLED")
      .groupBy(sql`1`)
      .execute();

  const [inTransit, month, created, completed, loaded] = await Promise.all([
    base().select(sql<number>`count(*)`.as("n")).where("status", "=", "IN_TRANSIT").executeTakeFirstOrThrow(),
    base()
      .select([sql<number>`coalesce(sum(loaded_weight), 0)`.as("weight"), sql<number>`coalesce(sum(freight_amount), 0)`.as("freight")])
      .where("loading_time", ">=", monthStart)
      .where("status", "!=", "CANCELLED")
      .executeTakeFirstOrThrow(),
    base()
      .select([chinaDateOf(ctx.db.dialect, "created_at").as("day"), sql<number>`count(*)`.as("value")])
      .where("created_at", ">=", since)
      .groupBy(sql`1`)
      .execute(),
    perDay("complete_time", sql<number>`count(*)`),
    perDay("loading_time", sql<number>`coalesce(sum(loaded_weight), 0)`),
  ]);
  const byDay = (rows: Array<{ day: string; value: number }>) => new Map(rows.map((r) => [r.day, Number(r.value)]));
  const createdBy = byDay(created);
  const completedBy = byDay(completed);
  const loadedBy = byDay(loaded);
  return {
    inTransitCount: Number(inTransit.n),
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

/** Waybill search (spec 5): the caller's scope, the filters, newest first, and sums over the whole filter. */
import { sql, type Kysely } from "kysely";
import type { FreightFilter, FreightSearchResult, FreightSums } from "../../contract/freight.js";
import type { Database } from "../db/schema.js";
import { offsetOf } from "../http/envelope.js";
import { contains, toFreightRecords, type FreightRow } from "./records.js";
import { visible, type CallerScope } from "../scope.js";
import { chinaDayEnd, chinaDayStart } from "../../contract/units.js";
import { summaryServes } from "../reports/daily-stats.js";

/**
 * The caller's waybills matching the filter, as a query to select from. A caller who may not see
 * water transport has freightWay set to ROAD, whatever they asked for (spec 5).
 */
export function filteredFreights(db: Kysely<Database>, scope: CallerScope, requested: FreightFilter) {
  const filter = scope.water ? requested : { ...requested, freightWay: "ROAD" as const };
  let query = db.selectFrom("freights").where(visible("freights", scope));
  if (filter.freightWay) query = query.where("freight_way", "=", filter.freightWay);
  if (filter.status) query = query.where("status", "in", filter.status);
  if (filter.freightNo) query = query.where(contains("freights.freight_no", filter.freightNo.toUpperCase()));
  if (filter.orderNo) query = query.where(contains("freights.order_no", filter.orderNo.toUpperCase()));
  if (filter.carrierName) query = query.where(contains("freights.carrier_name", filter.carrierName));
  if (filter.conveyanceName) query = query.where(contains("freights.conveyance_name", filter.conveyanceName));
  if (filter.loadingPlace) query = query.where(contains("freights.loading_place", filter.loadingPlace));
  if (filter.unloadingPlace) query = query.where(contains("freights.unloading_place", filter.unloadingPlace));
  if (filter.abnormal != null) query = query.where("abnormal", "=", filter.abnormal ? 1 : 0);
  if (filter.createdFrom) query = query.where("created_at", ">=", chinaDayStart(filter.createdFrom));
  if (filter.createdTo) query = query.where("created_at", "<", chinaDayEnd(filter.createdTo));
  if (filter.loadingFrom) query = query.where("loading_time", ">=", chinaDayStart(filter.loadingFrom));
  if (filter.loadingTo) query = query.where("loading_time", "<", chinaDayEnd(filter.loadingTo));
  return query;
}

/** The filters the list's summary (`waybill_list_stats`) has keys for; any other one present reads `freights`. */
const SUMMARY_FILTERS: ReadonlySet<string> = new Set(["status", "freightWay", "createdFrom", "createdTo"]);
/** As filteredFreights reads them: an empty text, null or undefined filters nothing. */
const absent = (value: unknown) => value === undefined || value === null || value === "";

/** The list's footer sums by the `freights` column each adds up (the summary's measures bear the same names). */
const SUM_COLUMNS: Record<keyof FreightSums, string> = { totalWeight: "planned_weight", loadedWeight: "loaded_weight", pickupWeight: "pickup_weight", unloadedWeight: "unloaded_weight", totalFreight: "freight_amount" };
const footerSums = (prefix: string) => Object.entries(SUM_COLUMNS).map(([key, column]) => sql<number>`coalesce(sum(${sql.ref(prefix + column)}), 0)`.as(key));

interface ListTotals extends FreightSums {
  total: number;
}

/**
 * The filter's rows of the list's summary (migration 0042, design/reports.md "The list's count and
 * sums", alias s), or null when it cannot answer exactly: an individual carrier (the summary has no
 * carrier key), a filter other than status, way and creation dates, or the backfill not done. Same
 * waybills as filteredFreights: the scope rule on the same columns, the way forced to ROAD for a caller
 * without water transport, and createdFrom/createdTo (China days, `chinaDayStart(from) <= created_at <
 * chinaDayEnd(to)`) are exactly the creation days from..to, which the summary is keyed by.
 */
async function listStatsOf(db: Kysely<Database>, scope: CallerScope, requested: FreightFilter) {
  if (Object.entries(requested).some(([key, value]) => !SUMMARY_FILTERS.has(key) && !absent(value))) return null;
  if (!(await summaryServes(db, scope))) return null;
  const filter = scope.water ? requested : { ...requested, freightWay: "ROAD" as const };
  let query = db.selectFrom("waybill_list_stats as s").where(visible("freights", scope, "s"));
  if (filter.freightWay) query = query.where("s.freight_way", "=", filter.freightWay);
  if (filter.status) query = query.where("s.status", "in", filter.status);
  if (filter.createdFrom) query = query.where("s.day", ">=", filter.createdFrom);
  if (filter.createdTo) query = query.where("s.day", "<=", filter.createdTo);
  return query;
}

/** The filter's count and footer sums from the list's summary, or null when it cannot answer them (listStatsOf). */
export async function listTotalsFromSummary(db: Kysely<Database>, scope: CallerScope, requested: FreightFilter): Promise<ListTotals | null> {
  const stats = await listStatsOf(db, scope, requested);
  if (!stats) return null;
  const row = await stats.select([sql<number>`coalesce(sum(s.waybills), 0)`.as("total"), ...footerSums("s.")]).executeTakeFirstOrThrow();
  return numbers(row);
}

/**
 * Where the row at `offset` of the newest-first list lies: its China creation day and how many of the
 * filter's waybills were created on later days, from the list's summary (one row per day, not one per
 * waybill); null when the summary cannot answer the filter or the offset is past the end.
 */
export async function creationDayAt(db: Kysely<Database>, scope: CallerScope, filter: FreightFilter, offset: number): Promise<{ day: string; newer: number } | null> {
  const stats = await listStatsOf(db, scope, filter);
  if (!stats) return null;
  const days = await stats.select(["s.day", sql<number>`sum(s.waybills)`.as("waybills")]).groupBy("s.day").orderBy("s.day", "desc").execute();
  let newer = 0;
  for (const { day, waybills } of days) {
    if (newer + Number(waybills) > offset) return { day, newer };
    newer += Number(waybills);
  }
  return null;
}

/** The filter's count and footer sums aggregated from `freights` (what the summary must equal). */
export async function listTotalsLive(db: Kysely<Database>, scope: CallerScope, filter: FreightFilter): Promise<ListTotals> {
  const row = await filteredFreights(db, scope, filter)
    .select([sql<number>`count(*)`.as("total"), ...footerSums("")])
    .executeTakeFirstOrThrow();
  return numbers(row);
}

/** The driver's text or bigint figures as numbers, each key of the totals. */
const numbers = (row: Record<string, unknown>): ListTotals => Object.fromEntries(["total", ...Object.keys(SUM_COLUMNS)].map((key) => [key, Number(row[key])])) as unknown as ListTotals;

/** From this offset on, a page is read from the creation day that holds it, or from whichever end of the result is nearer. */
export const DEEP_PAGE_OFFSET = 10_000;

export async function searchFreights(
  db: Kysely<Database>,
  scope: CallerScope,
  filter: FreightFilter,
  { current, size }: { current: number; size: number },
  deepPageOffset = DEEP_PAGE_OFFSET,
): Promise<FreightSearchResult> {
  const totalsOf = async () => (await listTotalsFromSummary(db, scope, filter)) ?? (await listTotalsLive(db, scope, filter));
  const offset = offsetOf(current, size);
  const newestFirst = (query: ReturnType<typeof filteredFreights>, skip: number) => query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(size).offset(skip).execute();
  if (offset < deepPageOffset) {
    const [{ total, ...sums }, rows] = await Promise.all([totalsOf(), newestFirst(filteredFreights(db, scope, filter), offset)]);
    return { records: await toFreightRecords(db, rows, scope.type), total, current, size, sums };
  }
  const [{ total, ...sums }, at] = await Promise.all([totalsOf(), creationDayAt(db, scope, filter, offset)]);
  const rows = async () => {
    // OFFSET reads and drops every row before the page. When the list's summary answers the filter,
    // the page starts at the end of the creation day that holds its first row (the later days are
    // skipped by the index and counted from the summary): at most one day's waybills at any depth.
    if (at) return newestFirst(filteredFreights(db, scope, filter).where("created_at", "<", chinaDayEnd(at.day)), offset - at.newer);
    if (offset >= total) return [];
    // Otherwise a page in the older half of a large result is read oldest first from the other end,
    // then turned back.
    const fromOldest = total - offset - size;
    if (fromOldest >= offset) return newestFirst(filteredFreights(db, scope, filter), offset);
    const oldestFirst = filteredFreights(db, scope, filter).selectAll().orderBy("created_at", "asc").orderBy("id", "asc");
    return (await oldestFirst.limit(Math.min(size, total - offset)).offset(Math.max(0, fromOldest)).execute()).reverse();
  };
  return { records: await toFreightRecords(db, await rows(), scope.type), total, current, size, sums };
}

/** Where a keyset walk through a newest-first result stands: after this row. */
export interface FreightCursor {
  createdAt: string;
  id: number;
}

/** The filter's waybills after `cursor`, newest first (keyset pagination), to select columns from. */
export function freightsAfter(db: Kysely<Database>, scope: CallerScope, filter: FreightFilter, cursor: FreightCursor | null) {
  let query = filteredFreights(db, scope, filter);
  if (cursor) {
    // The bound on created_at alone is what an index range can start from; under the OR by itself
    // PostgreSQL reads the index from the newest row and filters its way down to the cursor.
    query = query
      .where("created_at", "<=", cursor.createdAt)
      .where((eb) => eb.or([eb("created_at", "<", cursor.createdAt), eb("id", "<", cursor.id)]));
  }
  return query.orderBy("created_at", "desc").orderBy("id", "desc");
}

/** One page of a newest-first walk through the filter, after `cursor`. */
export async function freightPageAfter(
  db: Kysely<Database>,
  scope: CallerScope,
  filter: FreightFilter,
  cursor: FreightCursor | null,
  limit: number,
): Promise<FreightRow[]> {
  return freightsAfter(db, scope, filter, cursor).selectAll().limit(limit).execute();
}

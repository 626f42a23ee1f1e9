import { sql, type RawBuilder } from "kysely";

/**
 * A waybill's statistics time (domain 7.1 stat_date): its loading time, or its creation before loading.
 * The report indexes (migration 0017, per platform, tenant and organisation) lead with it, so a query
 * over a time range that bounds it reads one index range instead of the whole table.
 */
export const statTime = (alias?: string): RawBuilder<string> =>
  alias ? sql<string>`coalesce(${sql.ref(`${alias}.loading_time`)}, ${sql.ref(`${alias}.created_at`)})` : sql<string>`coalesce(loading_time, created_at)`;

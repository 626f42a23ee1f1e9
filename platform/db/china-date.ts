/** China calendar dates in SQL: the database-side twin of contract/units.ts `chinaDate` (same zone, one copy). */
import { sql, type RawBuilder } from "kysely";
import { CHINA_OFFSET_HOURS, CHINA_TIME_ZONE } from "../../contract/units.js";
import type { DialectName } from "./index.js";

/** The China calendar date ("YYYY-MM-DD") of an ISO-text time expression. */
export function chinaDateSql(dialect: DialectName, time: RawBuilder<unknown>): RawBuilder<string> {
  return dialect === "postgres"
    ? sql<string>`to_char((${time})::timestamptz at time zone ${sql.lit(CHINA_TIME_ZONE)}, 'YYYY-MM-DD')`
    : sql<string>`substr(datetime(${time}, ${sql.lit(`+${CHINA_OFFSET_HOURS} hours`)}), 1, 10)`;
}

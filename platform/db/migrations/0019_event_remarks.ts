import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * A waybill event's remark holds what a step changed (an address update names four places of up to
 * 200 characters each), so it is text rather than varchar(500). SQLite does not enforce lengths.
 */
export function eventRemarksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") await sql`alter table freight_events alter column remark type text`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === "postgres") await sql`alter table freight_events alter column remark type varchar(500) using left(remark, 500)`.execute(db);
    },
  };
}

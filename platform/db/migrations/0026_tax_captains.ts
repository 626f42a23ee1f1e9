import { sql, type Kysely, type Migration } from "kysely";
import { bigintType, engineTable } from "../columns.js";
import type { DialectName } from "../index.js";

/**
 * 临时税务登记 for captains too (domain 5.8 `person_type, person_id`): a registration names a driver
 * profile or a captain profile. `driver_profile_id` becomes nullable, `captain_profile_id` is added,
 * and `person_type` / `person_id` say whose it is (existing rows: DRIVER, their driver profile).
 * PostgreSQL alters the table; SQLite cannot drop a NOT NULL, so it rebuilds the table (nothing
 * references it) and copies the rows.
 */
const SHARED = ["id", "platform_id", "tenant_id", "org_id", "owner_user_id", "created_at", "created_by", "updated_by", "updated_at", "version", "deleted_at", "driver_profile_id", "name", "id_card_no", "mobile", "tax_authority", "taxpayer_no", "registered_at", "valid_to", "authorization_file", "fail_reason", "status"];

export function taxCaptainsMigration(dialect: DialectName): Migration {
  const big = bigintType(dialect);
  const text = (n: number) => `varchar(${n})` as const;
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === "postgres") {
        await sql`alter table tax_registrations alter column driver_profile_id drop not null`.execute(db);
        await db.schema.alterTable("tax_registrations").addColumn("captain_profile_id", big, (c) => c.references("captain_profiles.id")).execute();
        await db.schema.alterTable("tax_registrations").addColumn("person_type", text(16), (c) => c.notNull().defaultTo("DRIVER")).execute();
        await db.schema.alterTable("tax_registrations").addColumn("person_id", big).execute();
        await sql`update tax_registrations set person_id = driver_profile_id`.execute(db);
        await sql`alter table tax_registrations alter column person_id set not null`.execute(db);
      } else {
        await engineTable(db.schema.createTable("tax_registrations_0026"), dialect, { platformLevel: true })
          .addColumn("driver_profile_id", big, (c) => c.references("driver_profiles.id"))
          .addColumn("name", text(32), (c) => c.notNull())
          .addColumn("id_card_no", text(18), (c) => c.notNull())
          .addColumn("mobile", text(16), (c) => c.notNull())
          .addColumn("tax_authority", text(64), (c) => c.notNull())
          .addColumn("taxpayer_no", text(20), (c) => c.notNull())
          .addColumn("registered_at", text(10))
          .addColumn("valid_to", text(10))
          .addColumn("authorization_file", text(2000), (c) => c.notNull())
          .addColumn("fail_reason", text(200))
          .addColumn("status", text(16), (c) => c.notNull())
          .addColumn("captain_profile_id", big, (c) => c.references("captain_profiles.id"))
          .addColumn("person_type", text(16), (c) => c.notNull().defaultTo("DRIVER"))
          .addColumn("person_id", big, (c) => c.notNull())
          .execute();
        const columns = sql.join(SHARED.map((c) => sql.ref(c)));
        await sql`insert into tax_registrations_0026 (${columns}, person_type, person_id) select ${columns}, 'DRIVER', driver_profile_id from tax_registrations`.execute(db);
        await db.schema.dropTable("tax_registrations").execute();
        await sql`alter table tax_registrations_0026 rename to tax_registrations`.execute(db);
        await db.schema.createIndex("tax_registrations_profile").on("tax_registrations").columns(["driver_profile_id", "status"]).execute();
      }
      await db.schema.createIndex("tax_registrations_person").on("tax_registrations").columns(["person_type", "person_id", "status"]).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("tax_registrations_person").execute();
      await sql`delete from tax_registrations where person_type <> 'DRIVER'`.execute(db);
      for (const column of ["person_id", "person_type", "captain_profile_id"]) await db.schema.alterTable("tax_registrations").dropColumn(column).execute();
    },
  };
}

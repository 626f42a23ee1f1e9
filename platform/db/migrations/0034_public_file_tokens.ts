import { randomBytes } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";
import type { DialectName } from "../index.js";

/**
 * A PUBLIC file is read anonymously only through an unguessable token
 * (`/files/p/<32 hex>`), never by its sequential id. Every file gets a token (a file's visibility is
 * fixed at upload, but a token on every row keeps one rule); the stored addresses of PUBLIC files
 * (avatars, app download addresses) move to the token URL.
 */
export function publicFileTokensMigration(_dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("system_files").addColumn("public_token", "varchar(32)").execute();
      const files = await sql<{ id: number; visibility: string }>`select id, visibility from system_files`.execute(db);
      for (const file of files.rows) {
        const token = randomBytes(16).toString("hex");
        await sql`update system_files set public_token = ${token} where id = ${file.id}`.execute(db);
        if (file.visibility !== "PUBLIC") continue;
        const from = `/files/${Number(file.id)}`;
        const to = `/files/p/${token}`;
        await sql`update users set headshot_url = ${to} where headshot_url = ${from}`.execute(db);
        await sql`update app_versions set download_url = ${to} where download_url = ${from}`.execute(db);
      }
      await db.schema.createIndex("system_files_public_token").unique().on("system_files").column("public_token").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("system_files_public_token").execute();
      await db.schema.alterTable("system_files").dropColumn("public_token").execute();
    },
  };
}

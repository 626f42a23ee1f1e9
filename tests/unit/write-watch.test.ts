import { sql, type Generated, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../platform/db/index";

interface Tables {
  users: { id: Generated<number>; name: string };
  roles: { id: Generated<number>; name: string };
  notes: { id: Generated<number>; text: string };
}

describe("the write watch of the SQLite database (the authentication cache's invalidation)", () => {
  it("counts writes per table through builders, aliases and transactions, and raw statements as writes to every table", async () => {
    const db = await openDatabase(":memory:");
    const k = db.kysely as unknown as Kysely<Tables>;
    const watch = db.writes!;
    await sql`create table users (id integer primary key, name text)`.execute(k);
    await sql`create table roles (id integer primary key, name text)`.execute(k);
    await sql`create table notes (id integer primary key, text text)`.execute(k);
    const users = () => watch.generation(["users"]);
    const roles = () => watch.generation(["roles", "users"]);

    let before = users();
    await k.selectFrom("users").selectAll().execute();
    expect(users()).toBe(before);
    await k.insertInto("notes").values({ text: "x" }).execute();
    await k.updateTable("notes").set({ text: "y" }).execute();
    await k.deleteFrom("notes as n").where("n.id", "=", 1).execute();
    expect(users()).toBe(before);

    await k.insertInto("users").values({ name: "a" }).execute();
    expect(users()).toBe(before + 1);
    before = roles();
    await k.updateTable("users as u").set({ name: "b" }).execute();
    await k.transaction().execute(async (trx) => {
      await trx.deleteFrom("roles").execute();
    });
    expect(roles()).toBe(before + 2);

    before = users();
    await sql`update notes set text = 'z'`.execute(k);
    expect(users()).toBe(before + 1);
    await db.destroy();
  });

  it("is not kept on PostgreSQL, where other platforms write", async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url?.startsWith("postgres")) return;
    const db = await openDatabase(url);
    expect(db.writes).toBeUndefined();
    await db.destroy();
  });
});

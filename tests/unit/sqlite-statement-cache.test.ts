import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SQLITE_STATEMENTS_KEPT, withStatementCache } from "../../platform/db/index";

describe("the SQLite statement cache under Kysely", () => {
  it("prepares each SQL text once, gives a busy statement's callers a fresh one, and keeps a bounded number", () => {
    const raw = new SQLite(":memory:");
    let prepared = 0;
    const counting = { prepare: (text: string) => (prepared++, raw.prepare(text)), close: () => raw.close() };
    const db = withStatementCache(counting);
    db.prepare("create table t (n integer)").run();
    const insert = db.prepare("insert into t values (?)");
    for (const n of [1, 2, 3]) db.prepare("insert into t values (?)").run(n);
    expect(db.prepare("insert into t values (?)")).toBe(insert);
    expect(prepared).toBe(2);

    const reading = db.prepare("select n from t order by n");
    const rows = reading.iterate();
    expect(rows.next().value).toEqual({ n: 1 });
    const meanwhile = db.prepare("select n from t order by n");
    expect(meanwhile).not.toBe(reading);
    expect(meanwhile.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare("select n from t order by n")).toBe(reading);

    for (let i = 0; i < SQLITE_STATEMENTS_KEPT + 10; i++) db.prepare(`select ${i}`);
    const before = prepared;
    db.prepare("insert into t values (?)");
    expect(prepared).toBe(before + 1);
    db.close();
  });
});

/**
 * Rotating the ID key (`npm run keys:rotate`, docs/design/security-data.md "Rotating the ID key"):
 * every sealed ID value of the seeded database, columns and submission payloads, ends under the new
 * key and opens to the same number without the previous key; a run stopped half-way resumes by
 * running again; a second run re-seals nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idNoHash, isSealedId, openIdNo, rotateIdKey, SEALED_ID_COLUMNS } from "../../platform/db/personal.js";
import { resealPayloadIds, revealCards } from "../../platform/submission/card-field.js";
import { startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
const saved = { key: process.env.TMS_ID_KEY, previous: process.env.TMS_ID_KEY_PREVIOUS };
beforeAll(async () => {
  f = await startFreightPlatform("key-rotation");
});
afterAll(async () => {
  for (const [name, value] of [["TMS_ID_KEY", saved.key], ["TMS_ID_KEY_PREVIOUS", saved.previous]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await f?.close();
});

/** Every sealed value opened: `table.column#id` → the clear number, and each payload's ID fields. */
async function openedValues(): Promise<Map<string, string>> {
  const db = f.p.db.kysely;
  const out = new Map<string, string>();
  for (const [table, columns] of Object.entries(SEALED_ID_COLUMNS)) {
    const rows = (await db.selectFrom(table as "driver_profiles").select(["id", ...(columns as unknown as "id_card_no"[])]).execute()) as Array<Record<string, unknown>>;
    for (const row of rows) for (const column of columns) if (isSealedId(row[column])) out.set(`${table}.${column}#${row.id}`, openIdNo(row[column]));
  }
  for (const row of await db.selectFrom("report_records").select(["id", "payload"]).where("payload", "like", "%enc:%").execute()) {
    out.set(`report_records.payload#${row.id}`, JSON.stringify(revealCards(JSON.parse(row.payload))));
  }
  return out;
}

describe("ID key rotation", () => {
  it("re-seals every stored ID value under the new key, resumes after a stop, and changes nothing on a second run", async () => {
    const before = await openedValues();
    expect([...before.keys()].some((k) => k.startsWith("driver_profiles.id_card_no"))).toBe(true);
    expect([...before.keys()].some((k) => k.startsWith("report_records.payload"))).toBe(true);

    // The running platforms were given the new key with the old one as previous.
    process.env.TMS_ID_KEY_PREVIOUS = process.env.TMS_ID_KEY || "tms-development-id-key";
    process.env.TMS_ID_KEY = "rotation-test-new-id-key-0123456789abcdef";

    // Stopped after three batches (a crash, a deploy): what was done is committed, the rest still opens through the previous key.
    let batches = 0;
    await expect(
      rotateIdKey(f.p.db.kysely as never, {
        batch: 7,
        reseal: resealPayloadIds,
        progress: () => {
          if (++batches === 3) throw new Error("stopped");
        },
      }),
    ).rejects.toThrow("stopped");
    expect(await openedValues()).toEqual(before);

    // Run again: it finishes, every value re-sealed once.
    const run = await rotateIdKey(f.p.db.kysely as never, { batch: 7, reseal: resealPayloadIds });
    expect(run.reduce((n, p) => n + p.resealed, 0)).toBeGreaterThan(0);

    // Without the previous key every value still opens to the same number: all are under the new key.
    delete process.env.TMS_ID_KEY_PREVIOUS;
    expect(await openedValues()).toEqual(before);

    // A second run finds nothing to do.
    const again = await rotateIdKey(f.p.db.kysely as never, { batch: 7, reseal: resealPayloadIds });
    expect(again.map((p) => [p.table, p.resealed])).toEqual(again.map((p) => [p.table, 0]));
    expect(again.find((p) => p.table === "driver_profiles")!.checked).toBeGreaterThan(0);

    // The hashes do not depend on the sealing key: search by the full number still finds the person.
    const profile = await f.p.db.kysely.selectFrom("driver_profiles").select(["id", "id_card_no"]).where("id_card_no", "like", "enc:%").orderBy("id").executeTakeFirstOrThrow();
    const found = await f.p.db.kysely.selectFrom("driver_profiles").select("id").where("id_card_no_hash", "=", idNoHash(openIdNo(profile.id_card_no))).execute();
    expect(found.map((r) => r.id)).toContain(profile.id);
  });
});

/**
 * Retention of personal data (docs/design/security-data.md "Retention"): the `personal-retention` job
 * stamps a closing, purges the ID numbers and 证照 images of a person closed longer ago than the
 * setting (record, roster copies, credentials, files), writes 操作日志, leaves a recent closing and an
 * open person alone, and a second run changes nothing more.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoPng } from "../../platform/documents/png.js";
import { dataDirOf, storeFile } from "../../platform/iam/admin/files.js";
import { isSealedId } from "../../platform/db/personal.js";
import { purgeClosedPersons, retentionCutoff } from "../../platform/masterdata/retention.js";
import { startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("personal-retention");
});
afterAll(async () => {
  await f?.close();
});

const YEARS = 3;

describe("personal-retention job", () => {
  it("purges a person closed longer ago than the setting, logs it, and leaves recent and open persons alone; a second run changes nothing", async () => {
    const db = f.p.db.kysely;
    const [old, recent, open] = await db.selectFrom("driver_profiles").select(["id", "name", "user_id", "platform_id", "tenant_id", "org_id"]).where("deleted_at", "is", null).where("enabled", "=", "ENABLED").orderBy("id", "desc").limit(3).execute();
    expect(open).toBeDefined();
    const at = new Date().toISOString();
    const files = new Map<number, { id: number; path: string }>();
    for (const person of [old!, recent!, open!]) {
      // Each person's own image (the store keeps one file per content), on a credential of theirs.
      const file = await storeFile(f.p.ctx, { platformId: "A", name: `身份证-${person.id}.png`, bytes: demoPng(`retention ${person.id} ${f.p.dialect}`, 16, 10), category: "UPLOAD", visibility: "PRIVATE", uploadedBy: f.userIds.SYSTEM_USER, bizType: "CREDENTIAL", allow: ["png"], maxBytes: 1_000_000 });
      files.set(Number(person.id), { id: Number(file.id), path: join(dataDirOf(f.p.ctx), String(file.storage_key)) });
      await db.updateTable("credentials").set({ deleted_at: at }).where("subject_type", "=", "DRIVER").where("subject_id", "=", person.id).where("cred_type", "=", "ID_CARD").where("deleted_at", "is", null).execute();
      await db
        .insertInto("credentials")
        .values({ platform_id: "A", tenant_id: person.tenant_id, org_id: person.org_id, subject_type: "DRIVER", subject_id: person.id, cred_type: "ID_CARD", cert_no: null, holder_name: person.name, issuing_authority: null, valid_from: null, valid_to: "2035-01-01", long_term: 0, images: JSON.stringify([`/files/${file.id}`]), status: "APPROVED", reject_count: 0, reject_reason: null, created_at: at, updated_at: at })
        .execute();
    }
    // One file held by two persons' credentials (as the seed's documents are).
    const shared = await storeFile(f.p.ctx, { platformId: "A", name: "共用.png", bytes: demoPng(`retention shared ${f.p.dialect}`, 16, 10), category: "UPLOAD", visibility: "PRIVATE", uploadedBy: f.userIds.SYSTEM_USER, bizType: "CREDENTIAL", allow: ["png"], maxBytes: 1_000_000 });
    for (const person of [old!, recent!]) {
      await db.updateTable("credentials").set({ deleted_at: at }).where("subject_type", "=", "DRIVER").where("subject_id", "=", person.id).where("cred_type", "=", "QUALIFICATION_CERT").where("deleted_at", "is", null).execute();
      await db
        .insertInto("credentials")
        .values({ platform_id: "A", tenant_id: person.tenant_id, org_id: person.org_id, subject_type: "DRIVER", subject_id: person.id, cred_type: "QUALIFICATION_CERT", cert_no: null, holder_name: person.name, issuing_authority: null, valid_from: null, valid_to: "2035-01-01", long_term: 0, images: JSON.stringify([`/files/${shared.id}`]), status: "APPROVED", reject_count: 0, reject_reason: null, created_at: at, updated_at: at })
        .execute();
    }
    // Closing: the record 停用 and its login (if any) 停用.
    for (const person of [old!, recent!]) {
      await db.updateTable("driver_profiles").set({ enabled: "DISABLED" }).where("id", "=", person.id).execute();
      if (person.user_id != null) await db.updateTable("users").set({ status: "DISABLED" }).where("id", "=", person.user_id).execute();
    }

    const first = await purgeClosedPersons(f.p.ctx, { years: YEARS });
    expect(first.closed).toBeGreaterThanOrEqual(2);
    const stamped = await db.selectFrom("driver_profiles").select(["id", "closed_at", "purged_at"]).where("id", "in", [old!.id, recent!.id, open!.id]).execute();
    expect(stamped.find((r) => r.id === open!.id)?.closed_at).toBeNull();
    expect(stamped.filter((r) => r.closed_at !== null && r.purged_at === null)).toHaveLength(2);

    // Time passes for one of them: closed a day more than the retention years ago.
    const longAgo = new Date(Date.parse(retentionCutoff(new Date().toISOString(), YEARS)) - 86_400_000).toISOString();
    await db.updateTable("driver_profiles").set({ closed_at: longAgo }).where("id", "=", old!.id).execute();
    const logsBefore = await db.selectFrom("sys_operation_logs").selectAll().where("kind", "=", "PURGE").execute();
    const images = (await db.selectFrom("credentials").select("images").where("subject_type", "=", "DRIVER").where("subject_id", "=", old!.id).execute()).flatMap((c) => JSON.parse(c.images) as string[]);

    const second = await purgeClosedPersons(f.p.ctx, { years: YEARS });
    expect(second.purged).toBe(1);

    const purged = await db.selectFrom("driver_profiles").selectAll().where("id", "=", old!.id).executeTakeFirstOrThrow();
    for (const column of ["id_card_no", "driving_license_no", "qualification_cert_no"] as const) {
      expect(purged[column] ?? "").toBe("");
      expect(purged[`${column}_hash`]).toBeNull();
      expect(purged[`${column}_mask`]).toBeNull();
    }
    expect(purged.purged_at).not.toBeNull();
    expect(purged.name).toBe(old!.name);
    for (const roster of await db.selectFrom("freight_drivers").selectAll().where("profile_id", "=", old!.id).execute()) {
      expect([roster.id_card_no ?? "", roster.id_card_no_hash, roster.id_card_no_mask]).toEqual(["", null, null]);
    }
    const credentials = await db.selectFrom("credentials").select(["images", "cert_no", "cert_no_hash"]).where("subject_type", "=", "DRIVER").where("subject_id", "=", old!.id).execute();
    expect(credentials.length).toBeGreaterThan(0);
    for (const c of credentials) expect([c.images, c.cert_no ?? "", c.cert_no_hash]).toEqual(["[]", "", null]);
    const oldFile = files.get(Number(old!.id))!;
    expect((await db.selectFrom("system_files").select("deleted_at").where("id", "=", oldFile.id).executeTakeFirstOrThrow()).deleted_at).not.toBeNull();
    expect(existsSync(oldFile.path)).toBe(false);
    // The file the recent person's credential holds too stays, row and content.
    const sharedRow = await db.selectFrom("system_files").select(["deleted_at", "storage_key"]).where("id", "=", shared.id).executeTakeFirstOrThrow();
    expect(sharedRow.deleted_at).toBeNull();
    expect(existsSync(join(dataDirOf(f.p.ctx), String(sharedRow.storage_key)))).toBe(true);

    // The recent closing and the open person keep everything.
    for (const person of [recent!, open!]) {
      const row = await db.selectFrom("driver_profiles").select(["id_card_no", "id_card_no_hash", "purged_at"]).where("id", "=", person.id).executeTakeFirstOrThrow();
      expect(isSealedId(row.id_card_no)).toBe(true);
      expect(row.id_card_no_hash).not.toBeNull();
      expect(row.purged_at).toBeNull();
      const kept = files.get(Number(person.id))!;
      expect(existsSync(kept.path)).toBe(true);
      const credential = await db.selectFrom("credentials").select("images").where("subject_type", "=", "DRIVER").where("subject_id", "=", person.id).where("deleted_at", "is", null).where("cred_type", "=", "ID_CARD").executeTakeFirstOrThrow();
      expect(credential.images).toBe(JSON.stringify([`/files/${kept.id}`]));
    }

    // 操作日志: who (系统), whose, what; never a number.
    const logs = await db.selectFrom("sys_operation_logs").selectAll().where("kind", "=", "PURGE").orderBy("id").execute();
    expect(logs).toHaveLength(logsBefore.length + 1);
    const log = logs.at(-1)!;
    expect(log).toMatchObject({ user_id: null, user_name: "系统", system: "job", result: "SUCCESS", module: "司机档案", platform_id: old!.platform_id });
    expect(log.content).toContain(`司机档案 ${old!.name}（编号 ${old!.id}）`);
    expect(log.content).toContain("身份证号");
    expect(log.content).toContain(`证照图片 ${images.length} 张`);

    // A second run: nothing more purged, logged or changed.
    const snapshot = async () => ({
      people: await db.selectFrom("driver_profiles").selectAll().where("id", "in", [old!.id, recent!.id, open!.id]).orderBy("id").execute(),
      credentials: await db.selectFrom("credentials").selectAll().where("subject_type", "=", "DRIVER").where("subject_id", "in", [old!.id, recent!.id, open!.id]).orderBy("id").execute(),
      logs: await db.selectFrom("sys_operation_logs").select("id").where("kind", "=", "PURGE").execute(),
    });
    const before = await snapshot();
    expect(await purgeClosedPersons(f.p.ctx, { years: YEARS })).toEqual({ closed: 0, reopened: 0, purged: 0 });
    expect(await snapshot()).toEqual(before);

    // Enabled again: the closing is forgotten, the years start over at the next one.
    await db.updateTable("driver_profiles").set({ enabled: "ENABLED" }).where("id", "=", recent!.id).execute();
    expect((await purgeClosedPersons(f.p.ctx, { years: YEARS })).reopened).toBe(1);
    expect((await db.selectFrom("driver_profiles").select("closed_at").where("id", "=", recent!.id).executeTakeFirstOrThrow()).closed_at).toBeNull();
  });
});

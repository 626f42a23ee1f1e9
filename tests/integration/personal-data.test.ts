/**
 * Personal ID numbers (docs/design/security-data.md "Personal data"): none in clear in any text column
 * of the seeded database; masked in lists, details and exports whatever the caller; 查看完整 and
 * 导出完整证件号 only with 查看完整证件号, each logged; found by the full number, not by a part.
 */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Paged } from "../../contract/envelope.js";
import { isIdCardNo } from "../../contract/validation.js";
import { openIdNo } from "../../platform/db/personal.js";
import { clearIdNumbers } from "../helpers/clear-id-scan.js";
import { as, okData, startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

type Rec = Record<string, unknown> & { id: number };

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("personal-data");
});
afterAll(async () => {
  await f?.close();
});

const MASKED = /^\d{4}\*{10}[\dX]{4}$/;
const search = (account: Account, api: string, body: object = {}) => okData<Paged<Rec>>(as(f, account, `/${api}/search`, { size: 50, ...body }));

async function exportCells(account: Account, api: string, body: object = {}): Promise<{ status: number; cells: string[]; code?: number }> {
  const res = await fetch(`${f.p.baseUrl}/${api}/export`, { method: "POST", headers: { "Content-Type": "application/json", "X-Platform": "A", Authorization: `Bearer ${f.tokens[account]}` }, body: JSON.stringify(body) });
  if ((res.headers.get("content-type") ?? "").includes("json")) return { status: res.status, cells: [], code: ((await res.json()) as { code: number }).code };
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const cells: string[] = [];
  workbook.worksheets[0]!.eachRow((row) => (row.values as unknown[]).forEach((v) => cells.push(String(v ?? ""))));
  return { status: res.status, cells };
}

describe("ID numbers at rest", () => {
  it("keeps no clear ID number in any text column of the seeded database", async () => {
    expect(await clearIdNumbers(f.p.db)).toEqual([]);
  });
});

describe("ID numbers on screen", () => {
  it("masks lists, details and exports for an account without 查看完整证件号, and refuses it the full number", async () => {
    const list = await search("ORG_USER", "tms-driver");
    expect(list.records.length).toBeGreaterThan(0);
    for (const r of list.records) {
      expect(String(r.idCardNo)).toMatch(MASKED);
      expect(String(r.licenseNo)).toMatch(MASKED);
    }
    const detail = await okData<Rec>(as(f, "ORG_USER", `/tms-driver/${list.records[0]!.id}`, undefined, "GET"));
    expect(String(detail.idCardNo)).toMatch(MASKED);
    const sheet = await exportCells("ORG_USER", "tms-driver");
    expect(sheet.status).toBe(200);
    expect(sheet.cells.some((c) => MASKED.test(c))).toBe(true);
    expect(sheet.cells.filter((c) => isIdCardNo(c))).toEqual([]);
    const reveal = await as(f, "ORG_USER", `/tms-driver/${list.records[0]!.id}/reveal`, { field: "idCardNo" });
    expect(reveal.body.code).toBe(4003);
    expect((await exportCells("ORG_USER", "tms-driver", { revealIds: true })).code).toBe(4003);
  });

  it("shows a holder the full number on 查看完整 and in a ticked export, each written to 操作日志", async () => {
    const db = f.p.db.kysely;
    const profile = await db.selectFrom("driver_profiles").select(["id", "name", "id_card_no"]).where("deleted_at", "is", null).orderBy("id").executeTakeFirstOrThrow();
    const listed = await search("SYSTEM_USER", "tms-driver-profile", { keyword: profile.name });
    expect(String(listed.records.find((r) => r.id === profile.id)?.idCardNo)).toMatch(MASKED);
    const before = Number((await db.selectFrom("sys_operation_logs").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "SENSITIVE_VIEW").executeTakeFirstOrThrow()).n);
    const shown = await okData<{ field: string; value: string }>(as(f, "SYSTEM_USER", `/tms-driver-profile/${profile.id}/reveal`, { field: "idCardNo" }));
    expect(shown).toEqual({ field: "idCardNo", value: openIdNo(profile.id_card_no) });
    expect(isIdCardNo(shown.value)).toBe(true);
    const logged = await db.selectFrom("sys_operation_logs").selectAll().where("kind", "=", "SENSITIVE_VIEW").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ user_id: f.userIds.SYSTEM_USER, result: "SUCCESS" });
    expect(logged.content).toContain(`查看完整身份证号：司机档案 ${profile.name}（编号 ${profile.id}）`);
    expect(logged.content).not.toContain(shown.value);
    const plain = await exportCells("SYSTEM_USER", "tms-driver-profile", {});
    expect(plain.cells.filter((c) => isIdCardNo(c))).toEqual([]);
    const full = await exportCells("SYSTEM_USER", "tms-driver-profile", { revealIds: true });
    expect(full.cells).toContain(shown.value);
    const after = Number((await db.selectFrom("sys_operation_logs").select((eb) => eb.fn.countAll<number>().as("n")).where("kind", "=", "SENSITIVE_VIEW").executeTakeFirstOrThrow()).n);
    expect(after).toBe(before + 2);
    expect((await db.selectFrom("sys_operation_logs").select("content").where("kind", "=", "SENSITIVE_VIEW").orderBy("id", "desc").executeTakeFirstOrThrow()).content).toContain("导出完整证件号：司机档案列表");
    // No clear number was left behind by the reveal or the export.
    expect(await clearIdNumbers(f.p.db)).toEqual([]);
  });
});

describe("search by ID number", () => {
  it("finds a person by the full number through its keyed hash, and not by a part of it", async () => {
    const row = await f.p.db.kysely.selectFrom("driver_profiles").select(["id", "id_card_no"]).where("deleted_at", "is", null).orderBy("id", "desc").executeTakeFirstOrThrow();
    const full = openIdNo(row.id_card_no);
    const found = await search("SYSTEM_USER", "tms-driver-profile", { keyword: full });
    expect(found.records.map((r) => r.id)).toEqual([row.id]);
    expect((await search("SYSTEM_USER", "tms-driver-profile", { keyword: full.toLowerCase() })).records.map((r) => r.id)).toEqual([row.id]);
    expect((await search("SYSTEM_USER", "tms-driver-profile", { keyword: full.slice(0, 14) })).records).toEqual([]);
    expect((await search("SYSTEM_USER", "tms-driver-profile", { keyword: full.slice(-4) })).records.some((r) => r.id === row.id)).toBe(false);
  });
});

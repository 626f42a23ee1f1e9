import { request } from "node:http";
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_HEADERS, XLSX_TYPE, writeFreightWorkbook, type ExportSource } from "../../platform/freight/export.js";
import { orgNames } from "../../platform/freight/records.js";
import { freightPageAfter } from "../../platform/freight/search.js";
import type { CallerScope } from "../../platform/scope.js";
import { until } from "../helpers/wait.js";
import { startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("freight_export");
});
afterAll(async () => {
  await f?.close();
});

async function post(path: string, body: unknown, token: string | null = f.tokens.ORG_USER) {
  const headers: Record<string, string> = { "Content-Type": "application/json", "X-Platform": "A" };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(f.p.baseUrl + path, { method: "POST", headers, body: JSON.stringify(body) });
}

async function readSheet(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

const orgScope = (): CallerScope => ({
  type: "ORG_USER",
  userId: f.userIds.ORG_USER,
  name: "李调度",
  platformId: "A",
  tenantId: null,
  orgId: f.orgIds[0]!,
  water: true,
  permissions: new Set(),
});

describe(`waybill export (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("streams an xlsx of exactly the filtered waybills, with Chinese headers and a UTF-8 file name", async () => {
    const res = await post("/tms-freight/export", { status: "COMPLETED", freightWay: "ROAD", loadingPlace: "港" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(XLSX_TYPE);
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, "");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="freights_${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(`运单列表_${day}.xlsx`)}`,
    );
    const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(rows[0]).toEqual(EXPORT_HEADERS);
    expect(EXPORT_HEADERS.slice(0, 4)).toEqual(["运单号", "运输方式", "订单号", "状态"]);

    const want = await f.p.db.kysely
      .selectFrom("freights")
      .selectAll()
      .where("org_id", "=", f.orgIds[0]!)
      .where("status", "=", "COMPLETED")
      .where("freight_way", "=", "ROAD")
      .where("loading_place", "like", "%港%")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(want.length).toBeGreaterThan(5);
    const body = rows.slice(1);
    expect(body.map((r) => r[0])).toEqual(want.map((w) => w.freight_no));
    const col = (name: string) => EXPORT_HEADERS.indexOf(name);
    for (const [i, row] of body.entries()) {
      expect(row[col("运输方式")]).toBe("公路运输");
      expect(row[col("状态")]).toBe("已完成");
      expect(row[col("所属企业")]).toBe("蚌埠粮食运输有限公司");
      expect(row[col("计划重量(吨)")]).toBe(Number(want[i]!.planned_weight) / 1000);
      expect(row[col("运费(元)")]).toBe(Number(want[i]!.freight_amount) / 100);
      expect(String(row[col("装货地")])).toContain("港");
    }
  });

  it("answers bad input and missing login with a JSON envelope before any byte of the file", async () => {
    const bad = await post("/tms-freight/export", { status: "LOST" });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/application\/json/);
    expect(await bad.json()).toMatchObject({ code: 400, errorMsg: expect.stringContaining("status") });
    const range = await post("/tms-freight/export", { createdFrom: "2026-02-30" });
    expect(await range.json()).toMatchObject({ code: 400, errorMsg: "创建开始日期不是有效日期（createdFrom）" });
    const anonymous = await post("/tms-freight/export", {}, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 401 });
  });

  it("exports only what the caller may see", async () => {
    const res = await post("/tms-freight/export", {}, f.tokens.INDIVIDUAL_USER);
    const rows = (await readSheet(Buffer.from(await res.arrayBuffer()))).slice(1);
    const own = await f.p.db.kysely.selectFrom("freights").select("freight_no").where("carrier_user_id", "=", f.userIds.INDIVIDUAL_USER).where("freight_way", "=", "ROAD").execute();
    expect(rows.map((r) => r[0]).sort()).toEqual(own.map((r) => r.freight_no).sort());
    expect(rows.every((r) => r[7] === "张师傅")).toBe(true);
  });

  it("walks the result in keyset pages, each row exactly once, newest first", async () => {
    const scope = orgScope();
    const pages: number[] = [];
    const source: ExportSource = {
      page: async (cursor, limit) => {
        const rows = await freightPageAfter(f.p.db.kysely, scope, {}, cursor, limit);
        pages.push(rows.length);
        return rows;
      },
      orgNames: (ids) => orgNames(f.p.db.kysely, ids),
    };
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on("data", (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => output.on("end", resolve));
    const result = await writeFreightWorkbook(output, source, () => false, 37);
    await done;
    const all = await f.p.db.kysely.selectFrom("freights").select("freight_no").where("org_id", "=", f.orgIds[0]!).orderBy("created_at", "desc").orderBy("id", "desc").execute();
    expect(result).toEqual({ rows: all.length, complete: true });
    expect(pages.length).toBe(Math.ceil(all.length / 37) + (all.length % 37 === 0 ? 1 : 0));
    const rows = (await readSheet(Buffer.concat(chunks))).slice(1);
    expect(rows.map((r) => r[0])).toEqual(all.map((r) => r.freight_no));
  });

  it("stops reading from the database as soon as the client has gone", async () => {
    const scope = orgScope();
    let pagesRead = 0;
    let clientGone = false;
    const source: ExportSource = {
      page: async (cursor, limit) => {
        pagesRead++;
        if (pagesRead === 2) clientGone = true;
        return freightPageAfter(f.p.db.kysely, scope, {}, cursor, limit);
      },
      orgNames: (ids) => orgNames(f.p.db.kysely, ids),
    };
    const output = new PassThrough();
    output.resume();
    const result = await writeFreightWorkbook(output, source, () => clientGone, 20);
    expect(result).toEqual({ rows: 40, complete: false });
    expect(pagesRead).toBe(2);
  });

  it("stops querying when the client disconnects mid-download, and keeps serving", async () => {
    // Enough rows (about 31,000) that the file cannot be finished before the client leaves.
    const db = f.p.db.kysely;
    const sample = await db.selectFrom("freights").selectAll().executeTakeFirstOrThrow();
    const columns = Object.keys(sample).filter((c) => c !== "id" && c !== "freight_no");
    for (let i = 0; i < 6; i++) {
      await sql`insert into freights (${sql.join(columns.map((c) => sql.ref(c)))}, freight_no)
        select ${sql.join(columns.map((c) => sql.ref(c)))}, freight_no || ${`x${i}`} from freights`.execute(db);
    }
    const total = Number((await db.selectFrom("freights").select((eb) => eb.fn.countAll<number>().as("n")).where("platform_id", "=", "A").executeTakeFirstOrThrow()).n);
    expect(total).toBeGreaterThan(30_000);

    const stopped: unknown[] = [];
    const log = f.p.ctx.log;
    const originalInfo = log.info;
    log.info = ((obj: unknown, msg?: string) => {
      if (msg === "freight export stopped: client went away") stopped.push(obj);
    }) as typeof log.info;
    try {
      const url = new URL(`${f.p.baseUrl}/tms-freight/export`);
      await new Promise<void>((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${f.tokens.SYSTEM_USER}` } },
          (res) => {
            expect(res.statusCode).toBe(200);
            res.once("data", () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
        req.end("{}");
      });
      await until(() => stopped.length > 0, "the export to notice the client left");
      expect(stopped).toHaveLength(1);
      expect((stopped[0] as { rows: number }).rows).toBeLessThan(total);
      expect((await fetch(`${f.p.baseUrl}/health`)).status).toBe(200);
    } finally {
      log.info = originalInfo;
    }
  });
});

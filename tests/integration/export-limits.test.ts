/**
 * Exports under pressure: a user may stream only so many exports at once and the
 * platform only so many in total (HTTP 429, a Chinese message, before any byte); a stalled client
 * holds a slot only until it leaves or takes nothing for the stall time.
 */
import { request, type ClientRequest, type IncomingMessage } from "node:http";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runningExports, SERVER_BUSY_MESSAGE, takeExportSlot, USER_BUSY_MESSAGE } from "../../platform/http/export-slots.js";
import { writeWorkbook } from "../../platform/http/xlsx.js";
import { startFreightPlatform, type Account, type FreightTestPlatform } from "./freight-fixtures.js";

let f: FreightTestPlatform;
beforeAll(async () => {
  f = await startFreightPlatform("export_limits");
  // Enough rows (about 30,000) that no export finishes into the sockets' buffers.
  const db = f.p.db.kysely;
  const sample = await db.selectFrom("freights").selectAll().executeTakeFirstOrThrow();
  const columns = Object.keys(sample).filter((c) => c !== "id" && c !== "freight_no");
  for (let i = 0; i < 6; i++) {
    await sql`insert into freights (${sql.join(columns.map((c) => sql.ref(c)))}, freight_no)
      select ${sql.join(columns.map((c) => sql.ref(c)))}, freight_no || ${`x${i}`} from freights`.execute(db);
  }
});
afterAll(async () => {
  await f?.close();
});

/** Starts an export that reads its first chunk and then stops reading (the socket stays open). */
function stalledExport(account: Account): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  const url = new URL(`${f.p.baseUrl}/tms-freight/export`);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${f.tokens[account]}` } },
      (res) => {
        expect(res.statusCode).toBe(200);
        res.once("data", () => {
          res.pause();
          resolve({ req, res });
        });
      },
    );
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
    req.end("{}");
  });
}

const exportAs = (account: Account) =>
  fetch(`${f.p.baseUrl}/tms-freight/export`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${f.tokens[account]}` },
    body: "{}",
  });

async function until(check: () => boolean, ms = 60_000) {
  for (let waited = 0; !check() && waited < ms; waited += 50) await new Promise((r) => setTimeout(r, 50));
}

describe(`export limits (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("refuses a third concurrent export of one user with 429 in Chinese, serves others, and frees the slot when a client leaves", async () => {
    const first = await stalledExport("SYSTEM_USER");
    const second = await stalledExport("SYSTEM_USER");
    try {
      expect(runningExports()).toBe(2);
      const refused = await exportAs("SYSTEM_USER");
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toContain("application/json");
      expect(await refused.json()).toEqual({ code: 429, errorMsg: USER_BUSY_MESSAGE(2) });

      // Another user is not held up by this one's downloads.
      const other = await exportAs("ORG_USER");
      expect(other.status).toBe(200);
      await other.body?.cancel();

      first.req.destroy();
      await until(() => runningExports() < 2);
      const again = await exportAs("SYSTEM_USER");
      expect(again.status).toBe(200);
      await again.body?.cancel();
    } finally {
      first.req.destroy();
      second.req.destroy();
    }
    await until(() => runningExports() === 0);
    expect(runningExports()).toBe(0);
  });

  it("counts slots per user and in total, and gives each back once", () => {
    const limits = { perUser: 2, total: 3 };
    const a1 = takeExportSlot(1001, limits);
    const a2 = takeExportSlot(1001, limits);
    expect(() => takeExportSlot(1001, limits)).toThrow(USER_BUSY_MESSAGE(2));
    const b1 = takeExportSlot(1002, limits);
    expect(() => takeExportSlot(1003, limits)).toThrow(SERVER_BUSY_MESSAGE);
    a1();
    a1();
    const c1 = takeExportSlot(1003, limits);
    expect(() => takeExportSlot(1004, limits)).toThrow(SERVER_BUSY_MESSAGE);
    for (const release of [a2, b1, c1]) release();
    expect(runningExports()).toBe(0);
  });

  it("gives up a client that takes nothing for the stall time", async () => {
    // An output that never drains, and a page source that never ends: the walk must stop on its own.
    // A page of this one-column sheet is 93 KB of XML, 15 KB compressed. Until the stall the pipeline
    // holds: the output's first write (~24 KB compressed), the compressor's readable side (Node 24's
    // zlib completes its current 64 KB output chunk (zip.ts's chunkSize) before it heeds the 16 KB
    // mark: ~71 KB; Node 20 stopped near the mark) and one raw page on its writable side, so about
    // seven pages are read, and never more than eight.
    const stuck = new Writable({ highWaterMark: 1024, write: () => undefined });
    let pages = 0;
    const started = Date.now();
    const result = await writeWorkbook(
      stuck,
      {
        sheetName: "运单列表",
        logName: "test export",
        columns: [{ header: "序号", width: 8, value: (n: number) => n }],
        page: async (cursor: number | null, limit: number) => {
          pages++;
          const from = (cursor ?? 0) + 1;
          return Array.from({ length: limit }, (_, i) => from + i);
        },
        cursorOf: (n: number) => n,
      },
      () => false,
      2000,
      300,
    );
    expect(result.complete).toBe(false);
    expect(pages).toBeLessThanOrEqual(8);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

/**
 * bench/export-cpu: where the platform's export CPU goes, in process, without HTTP.
 * Prints one JSON line.
 *
 *   npx tsx bench/export-cpu.ts --db file:/tmp/tms.db [--rows 20000] [--repeat 3] [--phases read,map,full]
 *
 * Runs the waybill export's walk over the newest `rows` waybills of the database (a SYSTEM_USER of
 * platform A: `npm run seed:bulk -- --waybills 25000` makes enough) several times per phase and
 * reports CPU seconds (process.cpuUsage, user + system) per phase and rows per CPU second:
 *   read  the keyset pages only (SQL + driver),
 *   map   read, plus each row's cells (labels, 吨/元, China times, organisation names),
 *   full  the whole writer (platform/http/xlsx.ts) into a sink that counts bytes (`--out f.xlsx`
 *         also writes the file).
 * Run it under `node --cpu-prof --import tsx bench/export-cpu.ts …` for a profile.
 */
import { openSync, writeSync } from "node:fs";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { openDatabase } from "../platform/db/index.js";
import { exportCells, exportPageAfter, writeFreightWorkbook, type ExportRow, type ExportSource } from "../platform/freight/export.js";
import { orgNames } from "../platform/freight/records.js";
import type { FreightCursor } from "../platform/freight/search.js";
import type { CallerScope } from "../platform/scope.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "file:./data/bench/tms.db" },
    rows: { type: "string", default: "20000" },
    repeat: { type: "string", default: "3" },
    phases: { type: "string", default: "read,map,full" },
    out: { type: "string" },
  },
});
const ROWS = Number(values.rows);
const PAGE = 2000;
const scope: CallerScope = { type: "SYSTEM_USER", userId: 1, name: "bench", platformId: "A", tenantId: null, orgId: null, water: true, permissions: new Set() };
const db = await openDatabase(values.db);
const kysely = db.kysely;

/** The export's source, cut off after ROWS rows. */
const source: ExportSource = {
  page: async (cursor, limit) => {
    seen += limit;
    return seen - limit >= ROWS ? [] : exportPageAfter(kysely, scope, {}, cursor, Math.min(limit, ROWS - (seen - limit)));
  },
  orgNames: (ids) => orgNames(kysely, ids),
};
let seen = 0;

async function walk(map: boolean): Promise<number> {
  let cursor: FreightCursor | null = null;
  let rows = 0;
  let cells = 0;
  for (;;) {
    const page: ExportRow[] = await source.page(cursor, PAGE);
    if (page.length === 0) break;
    if (map) {
      const names = await source.orgNames([...new Set(page.map((r) => Number(r.org_id)))]);
      for (const row of page) cells += exportCells(row, names.get(Number(row.org_id)) ?? "").length;
    }
    rows += page.length;
    cursor = { createdAt: page[page.length - 1]!.created_at, id: Number(page[page.length - 1]!.id) };
    if (page.length < PAGE) break;
  }
  return map ? cells / 24 : rows;
}

async function full(): Promise<{ rows: number; bytes: number }> {
  let bytes = 0;
  const file = values.out ? openSync(values.out, "w") : null;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (file !== null) writeSync(file, chunk);
      callback();
    },
  });
  const finished = new Promise((resolve) => sink.on("finish", resolve));
  const result = await writeFreightWorkbook(sink, source, () => false);
  await finished;
  return { rows: result.rows, bytes };
}

const cpuS = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;
const result: Record<string, unknown> = { rows: ROWS };
for (const phase of values.phases!.split(",")) {
  const runs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < Number(values.repeat); i++) {
    seen = 0;
    const before = process.cpuUsage();
    if (phase === "full") bytes = (await full()).bytes;
    else await walk(phase === "map");
    runs.push(Math.round(cpuS(process.cpuUsage(before)) * 100) / 100);
  }
  const best = Math.min(...runs);
  result[phase] = { cpuS: runs, rowsPerCpuS: Math.round(ROWS / best), ...(bytes ? { bytes } : {}) };
}
result.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
await db.destroy();
printResult("export-cpu", result);

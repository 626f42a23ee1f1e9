/**
 * bench/freight: the waybill list and the export at scale. Prints one JSON line.
 *
 *   npx tsx bench/freight.ts [--waybills 1000000] [--seconds 20] [--connections 20] [--export-rows 100000] [--port 3200] [--db file:…]
 *
 * Generates the waybills into data/bench/tms.db (or --db) once (reused while it holds enough), starts the
 * built platform and console as `npm run start:*` does on 127.0.0.1:--port and the next port, then measures
 *  - the console's waybill list page (20 rows, status + date filter, ORG_USER) under closed-loop load,
 *    and the same query straight against the database in a child process, with their ratio;
 *  - an export of about --export-rows waybills through the console, from rest, measured as bench/export
 *    measures it (bench/lib/export-run.ts); and the same workbook built in memory (ExcelJS
 *    non-streaming) in a child process, for its time and peak RSS.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createdWindow, exportWindow } from "./lib/export-window.js";
import { runLoad } from "./lib/load.js";
import { consoleLogin, root, round, startStack } from "../scripts/lib/processes.js";
import { measureExport } from "./lib/export-run.js";
import { ensureWaybills } from "./lib/waybills.js";
import { printResult } from "./lib/record.js";

const { values } = parseArgs({
  options: {
    waybills: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
    "export-rows": { type: "string", default: "100000" },
    port: { type: "string", default: "3200" },
    db: { type: "string" },
  },
});
const WAYBILLS = Number(values.waybills);
const ORG_USER = "13800000003";
const databaseUrl = values.db ?? `file:${join(root, "data/bench/tms.db")}`;



function child(mode: "query" | "export", filter: Record<string, unknown>) {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "bench/lib/direct.ts", "--mode", mode, "--db", databaseUrl, "--mobile", ORG_USER, "--filter", JSON.stringify(filter), "--seconds", values.seconds!],
    { cwd: root, encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split("\n").pop()!);
}


mkdirSync(join(root, "data/bench"), { recursive: true });
await ensureWaybills(databaseUrl, WAYBILLS);
const stack = await startStack({ port: Number(values.port), databaseUrl, built: true });
try {
  const cookie = await consoleLogin(stack.consoleUrl, ORG_USER);
  const listFilter = { status: "IN_TRANSIT", ...createdWindow(30) };
  const listUrl = `${stack.consoleUrl}/dispatchManage/waybillList?${new URLSearchParams(listFilter)}`;
  for (let i = 0; i < 20; i++) await (await fetch(listUrl, { headers: { Cookie: cookie } })).text();
  const page = await runLoad(listUrl, { connections: Number(values.connections), seconds: Number(values.seconds), headers: { Cookie: cookie } });
  const direct = child("query", listFilter);

  const { filter: exportFilter, rows: exportRows } = await exportWindow(stack.consoleUrl, cookie, Number(values["export-rows"]), 400);
  const exported = await measureExport(stack, cookie, new URLSearchParams(exportFilter), exportRows);
  const inMemory = child("export", exportFilter);

  printResult("freight", {
    waybills: WAYBILLS,
    list: { ...page, connections: Number(values.connections), seconds: Number(values.seconds) },
    listDirectDb: direct,
    listRatio: { p50: round(page.p50Ms / Math.max(direct.p50Ms, 0.01)), rps: round(direct.requestsPerSecond / Math.max(page.requestsPerSecond, 0.01)) },
    export: exported,
    exportInMemory: { rows: inMemory.rows, seconds: round(inMemory.seconds, 2), rowsPerSecond: Math.round(inMemory.rows / inMemory.seconds), peakRssMb: inMemory.peakRssMb },
    exportRssRatio: round(Math.max(exported.consolePeakRssMb, exported.platformPeakRssMb) / inMemory.peakRssMb, 2),
  });
} finally {
  await stack.stop();
}

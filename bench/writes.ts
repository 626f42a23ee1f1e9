/**
 * bench/writes: what a write costs at scale. Prints one JSON line.
 *
 *   npx tsx bench/writes.ts [--database file:data/bench-writes/tms.db | postgres://…?schema=…] [--waybills 1000000]
 *                           [--walks 300] [--connections 4] [--import-rows 10000] [--port 3240] [--label text]
 *
 * Makes sure the database holds --waybills (platform/demo/bulk.ts, once; reused while it holds enough),
 * then:
 *  1. the bytes of `freights`, each of its indexes and the summaries, per waybill (bench/lib/storage.ts);
 *  2. starts the built servers (`npm run build`, as `npm run start:*` runs them) and, over the platform's
 *     HTTP API as the organisation user, dispatches --walks waybills (one per request, each to a fresh
 *     approved driver and vehicle the run adds) and takes each step of the waybill machine on all of them,
 *     one step after the other (装货, 卸货, 签收, 车队确认, 完成): per step requests/s with --connections
 *     clients, p50 and p99, and the platform process's CPU ms per request (/proc; a busy machine
 *     stretches the wall times, much less the CPU; on PostgreSQL the database's own CPU is not in it);
 *  3. imports --import-rows orders (批量导入, one xlsx upload): rows/s, and rows per platform CPU second;
 *  4. stops the servers and times a step-like UPDATE with and without the summaries' triggers
 *     (bench/lib/trigger-cost.ts).
 * Targets: every step p99 < 50 ms, the import ≥ 3,000 rows/s, the indexes ≤ 1.5 × the table.
 * The walked waybills and imported orders stay in the database (each run adds --walks completed waybills).
 */
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { FREIGHT_STEPS } from "../contract/freight-steps.js";
import { MANDATORY_CREDENTIALS } from "../contract/resources/credential.js";
import { exampleIdCard } from "../contract/resources/driver.js";
import { addDays, chinaDate } from "../contract/units.js";
import type { FreightAction } from "../contract/freight.js";
import { openDatabase, type Db } from "../platform/db/index.js";
import { loginAs } from "../tests/helpers/platform.js";
import { root, round, startStack } from "../scripts/lib/processes.js";
import { importWorkbook, uploadImport } from "./lib/import-workbook.js";
import { printResult } from "./lib/record.js";
import { measureStorage, storageInMb } from "./lib/storage.js";
import { processCpuMs } from "./lib/pg-cpu.js";
import { percentile } from "./lib/timing.js";
import { measureTriggerCost } from "./lib/trigger-cost.js";
import { ensureWaybills } from "./lib/waybills.js";

const { values } = parseArgs({
  options: {
    database: { type: "string", default: "file:data/bench-writes/tms.db" },
    waybills: { type: "string", default: "1000000" },
    walks: { type: "string", default: "300" },
    connections: { type: "string", default: "4" },
    "import-rows": { type: "string", default: "10000" },
    port: { type: "string", default: "3240" },
    label: { type: "string", default: "" },
  },
});
const WAYBILLS = Number(values.waybills);
const WALKS = Number(values.walks);
const CONNECTIONS = Number(values.connections);
const ORG_USER = "13800000003";
const TICKET = "/files/weigh-tickets/bench.jpg";
const PLANNED_KG = 30_000;
const STEP_P99_MS = 50;
const IMPORT_ROWS_PER_SECOND = 3000;
const INDEX_TO_TABLE = 1.5;
const databaseUrl = values.database!.startsWith("file:") ? `file:${join(root, values.database!.slice(5))}` : values.database!;

/** The forward steps from 待装货 to 已完成 the organisation user takes, with the body of each. */
const WALK: Array<{ action: FreightAction; path: string; body: (id: number) => object }> = [
  { action: "LOADING", path: "/tms-freight/loading", body: (id) => ({ id, loadedWeight: PLANNED_KG - 20, weighTicketUrl: TICKET }) },
  { action: "UNLOADING", path: "/tms-freight/unLoading", body: (id) => ({ id, unloadedWeight: PLANNED_KG - 50, weighTicketUrl: TICKET }) },
  { action: "SIGN", path: "/tms-freight/sign", body: (id) => ({ id }) },
  { action: "FLEET_CONFIRM", path: "/tms-freight/fleet-confirm", body: (id) => ({ id }) },
  { action: "COMPLETE", path: "/tms-freight/complete", body: (id) => ({ id }) },
];
// The walk follows the machine (contract/freight-steps.ts): each step leaves the status the next starts from.
for (const [i, step] of WALK.entries()) if (i > 0 && !FREIGHT_STEPS[step.action].from.includes(FREIGHT_STEPS[WALK[i - 1]!.action].to!)) throw new Error(`walk out of order at ${step.action}`);

interface Call {
  ok: boolean;
  ms: number;
  code: number;
  message: string;
  data: unknown;
}

async function post(baseUrl: string, token: string, path: string, body: object): Promise<Call> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "X-Platform": "A", Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json()) as { code: number; message?: string; data?: unknown };
  return { ok: response.ok && json.code === 200, ms: performance.now() - started, code: json.code, message: json.message ?? "", data: json.data };
}

/** Runs `work` over the items with `connections` clients; the rate is items done over the wall time of the phase. */
async function phase<T>(items: T[], work: (item: T) => Promise<Call | null>, platformPid: number | undefined) {
  const cpuStarted = processCpuMs(platformPid);
  const times: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < items.length) {
        const call = await work(items[next++]!);
        if (!call) continue;
        if (call.ok) times.push(call.ms);
        else if (failures.length < 5) failures.push(`${call.code} ${call.message}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const platformCpuMs = round((processCpuMs(platformPid) - cpuStarted) / Math.max(times.length, 1), 2);
  return { requests: times.length, failed: items.length - times.length, perSecond: round(times.length / seconds), p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)), maxMs: round(Math.max(0, ...times)), platformCpuMs, ...(failures.length ? { failures } : {}) };
}

/**
 * Road carriers for the walks (setup, not timed): the bulk data's drivers are on live waybills, so each
 * run adds its own approved drivers, each with his own vehicle and the mandatory credentials, as the
 * freight tests' fixture does (tests/integration/freight-fixtures.ts freshCarrier). Numbers from the
 * run's start time keep plates and ID numbers unique across runs.
 */
async function freshCarriers(db: Db, orgId: number, count: number) {
  const org = await db.kysely.selectFrom("organisations").select(["platform_id", "tenant_id"]).where("id", "=", orgId).executeTakeFirstOrThrow();
  const scoped = { platform_id: org.platform_id, tenant_id: org.tenant_id, org_id: orgId };
  const image = await db.kysely.selectFrom("system_files").select("id").where("biz_type", "=", "SEED_DOCUMENT").orderBy("id").executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const validTo = addDays(chinaDate(), 300);
  const base = (Math.floor(Date.now() / 1000) % 9_000) * 100;
  const credentials = (type: "DRIVER" | "VEHICLE", subjectId: number) =>
    (MANDATORY_CREDENTIALS[type] ?? []).map((code) => ({
      ...scoped, platform_id: "A", subject_type: type, subject_id: subjectId, cred_type: code, cert_no: `${code}-${subjectId}`, holder_name: null, issuing_authority: null, valid_from: null,
      valid_to: validTo, long_term: 0, images: JSON.stringify([`/files/${Number(image.id)}`]), status: "APPROVED" as const, reject_count: 0, reject_reason: null, created_at: at, updated_at: at,
    }));
  const carriers: Array<{ driverId: number; vehicleId: number }> = [];
  for (let i = 0; i < count; i++) {
    const n = 900_000 + base + i;
    const idCardNo = exampleIdCard(n);
    const name = `压测司机${n}`;
    const profile = await db.kysely
      .insertInto("driver_profiles")
      .values({ ...scoped, owner_user_id: null, user_id: null, registered_tenant_id: org.tenant_id, name, mobile: "13912345678", id_card_no: idCardNo, source: "ORG", driving_license_no: idCardNo, vehicle_class: "A2", license_valid_to: validTo, qualification_cert_no: idCardNo, qualification_valid_to: validTo, audit_status: "APPROVED", enabled: "ENABLED", created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const driver = await db.kysely
      .insertInto("freight_drivers")
      .values({ ...scoped, user_id: null, name, mobile: "13912345678", license_no: idCardNo, created_at: at, profile_id: profile.id, id_card_no: idCardNo, profile_status: "APPROVED" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // 皖Z: a city letter neither the demo data nor the tests use.
    const vehicle = await db.kysely
      .insertInto("freight_vehicles")
      .values({ ...scoped, plate_no: `皖Z·${String(n % 1_000_000).padStart(6, "0")}`, vehicle_type: "重型半挂牵引车", load_capacity: 49_000, driver_id: driver.id, license_valid_to: validTo, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.kysely.insertInto("credentials").values([...credentials("DRIVER", Number(profile.id)), ...credentials("VEHICLE", Number(vehicle.id))]).execute();
    carriers.push({ driverId: Number(driver.id), vehicleId: Number(vehicle.id) });
  }
  return carriers;
}

/** An open road order of the organisation large enough for every walk (setup, not timed). */
async function benchOrder(db: Db, orgId: number, client: number): Promise<number> {
  const org = await db.kysely.selectFrom("organisations").select(["platform_id", "tenant_id"]).where("id", "=", orgId).executeTakeFirstOrThrow();
  const stamp = `${Date.now().toString(36).toUpperCase()}${client}`;
  const row = await db.kysely
    .insertInto("freight_orders")
    .values({
      platform_id: org.platform_id,
      tenant_id: org.tenant_id,
      org_id: orgId,
      order_no: `DDBW${stamp}`,
      freight_way: "ROAD",
      status: "WAIT_DISPATCH",
      shipper_name: "压测托运人",
      cargo_category: "小麦",
      loading_place: "合肥北粮库",
      loading_address: "压测装货地址",
      unloading_place: "芜湖港",
      unloading_address: "压测卸货地址",
      planned_weight: PLANNED_KG * WALKS,
      dispatched_weight: 0,
      unit_price: 8000,
      contract_no: `HTBW${stamp}`,
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

if (databaseUrl.startsWith("file:")) mkdirSync(dirname(databaseUrl.slice(5)), { recursive: true });
const preparation = await ensureWaybills(databaseUrl, WAYBILLS);
let db = await openDatabase(databaseUrl);
const dialect = db.dialect;
console.error("[bench] measuring storage");
const storage = await measureStorage(db);
const user = await db.kysely.selectFrom("users").select("org_id").where("mobile", "=", ORG_USER).executeTakeFirstOrThrow();
const orgId = Number(user.org_id);
// One order per client: two dispatches of one order at once refuse the later one (the order's version
// check, 4009 "订单已被他人同时调度"), as they should; the benchmark times dispatches, not that race.
const orderIds = await Promise.all(Array.from({ length: CONNECTIONS }, (_, i) => benchOrder(db, orgId, i)));
const carriers = await freshCarriers(db, orgId, WALKS);
const workbook = await importWorkbook(db, orgId, Number(values["import-rows"]), `W${Date.now().toString(36).toUpperCase()}`);
await db.destroy();
console.error(`[bench] ${carriers.length} fresh carriers for ${WALKS} walks`);

const stack = await startStack({ port: Number(values.port), databaseUrl, built: true });
const steps: Record<string, unknown> = {};
let importFigures: Record<string, unknown>;
try {
  const token = (await loginAs(stack.platformUrl, ORG_USER)).accessToken;
  // Dispatch: one waybill per request, each client from its own order; a refused dispatch is counted, untimed.
  const walked: number[] = [];
  let refused = 0;
  let nextCarrier = 0;
  const dispatchTimes: number[] = [];
  const dispatchStarted = performance.now();
  const dispatchCpu = processCpuMs(stack.platform.pid);
  await Promise.all(
    orderIds.map(async (orderId) => {
      while (walked.length < WALKS && nextCarrier < carriers.length) {
        const carrier = carriers[nextCarrier++]!;
        const call = await post(stack.platformUrl, token, "/tms-freight-dispatch/dispatch", { orderId, items: [{ ...carrier, plannedWeight: PLANNED_KG }] });
        if (!call.ok) {
          if (refused++ < 3) console.error(`[bench] dispatch refused: ${call.code} ${call.message}`);
          continue;
        }
        dispatchTimes.push(call.ms);
        walked.push(...(call.data as { freights: Array<{ id: number }> }).freights.map((f) => f.id));
      }
    }),
  );
  const dispatchSeconds = (performance.now() - dispatchStarted) / 1000;
  if (walked.length < WALKS) console.error(`[bench] only ${walked.length} of ${WALKS} waybills dispatched (${refused} carriers refused)`);
  steps.DISPATCH = { requests: dispatchTimes.length, refused, perSecond: round(dispatchTimes.length / dispatchSeconds), p50Ms: round(percentile(dispatchTimes, 50)), p99Ms: round(percentile(dispatchTimes, 99)), maxMs: round(Math.max(0, ...dispatchTimes)), platformCpuMs: round((processCpuMs(stack.platform.pid) - dispatchCpu) / Math.max(dispatchTimes.length, 1), 2) };
  console.error(`[bench] DISPATCH ${JSON.stringify(steps.DISPATCH)}`);
  for (const step of WALK) {
    steps[step.action] = await phase(walked, (id) => post(stack.platformUrl, token, step.path, step.body(id)), stack.platform.pid);
    console.error(`[bench] ${step.action} ${JSON.stringify(steps[step.action])}`);
  }
  const rows = Number(values["import-rows"]);
  const importCpu = processCpuMs(stack.platform.pid);
  const { importedRows, seconds } = await uploadImport(stack.platformUrl, token, workbook);
  const platformCpuS = (processCpuMs(stack.platform.pid) - importCpu) / 1000;
  importFigures = { rows, importedRows, seconds: round(seconds, 2), rowsPerSecond: Math.round(rows / seconds), platformCpuS: round(platformCpuS, 2), rowsPerPlatformCpuSecond: Math.round(rows / Math.max(platformCpuS, 0.01)), fileMb: round(workbook.length / 2 ** 20, 2) };
  console.error(`[bench] import ${JSON.stringify(importFigures)}`);
} finally {
  await stack.stop();
}

db = await openDatabase(databaseUrl);
console.error("[bench] timing the summaries' triggers");
const triggers = await measureTriggerCost(db);
await db.destroy();

const stepP99s = Object.values(steps).map((s) => (s as { p99Ms: number }).p99Ms);
printResult("writes", {
  database: dialect,
  label: values.label || undefined,
  waybills: storage.waybills,
  generation: preparation,
  connections: CONNECTIONS,
  walks: WALKS,
  steps,
  slowestStepP99Ms: Math.max(...stepP99s),
  import: importFigures,
  storage: storageInMb(storage),
  triggers,
  targets: { stepP99Ms: STEP_P99_MS, importRowsPerSecond: IMPORT_ROWS_PER_SECOND, indexToTable: INDEX_TO_TABLE },
});

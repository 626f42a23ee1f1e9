/**
 * bench/resources: the resource engine's list page at scale. Prints one JSON line.
 *
 *   npx tsx bench/resources.ts [--vehicles 1000000] [--seconds 20] [--connections 20]
 *
 * Generates the vehicles into data/bench-resources/tms.db once (reused while it holds enough), starts
 * the platform and the console on 127.0.0.1:3250/3251, then measures the console's 车辆列表
 * (/userInfoManage/carList, 20 rows, 待审核 filter, TENANT_USER, whose tenant holds every vehicle)
 * under closed-loop load, and the same engine query straight against the database, in one run.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Db } from "../platform/db/index.js";
import { migrateToLatest } from "../platform/db/migrate.js";
import { seedIfEmpty } from "../platform/demo/seed-all.js";
import { WATER_PERMISSION } from "../contract/permissions.js";
import { vehicleBinding } from "../platform/masterdata/vehicle.resource.js";
import { searchResource } from "../platform/resources/query.js";
import type { CallerScope } from "../platform/scope.js";
import { runLoad, runLoop } from "./lib/load.js";
import { consoleLogin, root, round, startStack } from "../scripts/lib/processes.js";
import { printResult } from "./lib/record.js";
import { firstPageOf } from "../platform/http/envelope.js";

const { values } = parseArgs({
  options: {
    vehicles: { type: "string", default: "1000000" },
    seconds: { type: "string", default: "20" },
    connections: { type: "string", default: "20" },
  },
});
const VEHICLES = Number(values.vehicles);
const TENANT_USER = "13800000002";
const dir = join(root, "data/bench-resources");
const databaseUrl = `file:${join(dir, "tms.db")}`;
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
const STATES = ["APPROVED", "APPROVED", "APPROVED", "PENDING", "REJECTED"];

/** A unique plate per index: 皖 + a letter + · + five characters of the plate alphabet. */
function plateOf(i: number): string {
  let rest = i;
  let tail = "";
  for (let k = 0; k < 5; k++) {
    tail = ALPHABET[rest % ALPHABET.length] + tail;
    rest = Math.floor(rest / ALPHABET.length);
  }
  return `皖${"ABCDEFGHJK"[rest % 10]}·${tail}`;
}

async function ensureVehicles(): Promise<void> {
  if (existsSync(join(dir, "tms.db"))) {
    const db = await openDatabase(databaseUrl);
    const { n } = await db.kysely.selectFrom("freight_vehicles").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await db.destroy();
    if (Number(n) >= VEHICLES) return;
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const db: Db = await openDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const orgs = await db.kysely.selectFrom("organisations").select(["id", "tenant_id", "name"]).where("platform_id", "=", "A").execute();
  const { default: SQLite } = await import("better-sqlite3");
  await db.destroy();
  const raw = new SQLite(join(dir, "tms.db"));
  raw.pragma("journal_mode = WAL");
  raw.pragma("synchronous = OFF");
  const insert = raw.prepare(
    `insert into freight_vehicles (platform_id, tenant_id, org_id, plate_no, vehicle_type, load_capacity, created_at, plate_color_code, owner_name, use_character, vin, energy_type, gross_mass, road_cert_no, ownership_type, license_valid_to, operation_status, audit_status, enabled, updated_at, version)
     values ('A', ?, ?, ?, '重型半挂牵引车', ?, ?, '2', ?, '货运', 'LFWSRXRJ5A1E00001', 'B', ?, '340300012345', 'OWN', '2030-06-30', 'IDLE', ?, 'ENABLED', ?, 0)`,
  );
  const base = Date.now() - VEHICLES * 60_000;
  const batch = raw.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const org = orgs[i % orgs.length]!;
      const load = 30_000 + (i % 20) * 1_000;
      const at = new Date(base + i * 60_000).toISOString();
      insert.run(Number(org.tenant_id), Number(org.id), plateOf(i + 100_000), load, at, org.name, load + 14_000, STATES[i % STATES.length], at);
    }
  });
  for (let from = 0; from < VEHICLES; from += 50_000) batch(from, Math.min(VEHICLES, from + 50_000));
  raw.exec("analyze");
  raw.close();
  console.error(`[bench] generated ${VEHICLES} vehicles in ${round((Date.now() - started) / 1000)} s`);
}

async function tenantScope(): Promise<CallerScope> {
  const db = await openDatabase(databaseUrl);
  const user = await db.kysely.selectFrom("users").selectAll().where("mobile", "=", TENANT_USER).executeTakeFirstOrThrow();
  const codes = await db.kysely.selectFrom("user_roles").innerJoin("role_permissions", "role_permissions.role_id", "user_roles.role_id").select("permission_code").where("user_id", "=", user.id).execute();
  await db.destroy();
  const permissions = new Set(codes.map((c) => c.permission_code));
  return { type: user.type, userId: user.id, name: user.name, platformId: user.platform_id, tenantId: user.tenant_id, orgId: user.org_id, water: permissions.has(WATER_PERMISSION), permissions };
}

await ensureVehicles();
const stack = await startStack({ port: 3250, databaseUrl });
try {
  const cookie = await consoleLogin(stack.consoleUrl, TENANT_USER);
  const listUrl = `${stack.consoleUrl}/userInfoManage/carList?auditStatus=PENDING`;
  const first = await fetch(listUrl, { headers: { Cookie: cookie } });
  const html = await first.text();
  if (!first.ok || !html.includes('data-testid="resource-row"')) throw new Error(`the list page did not render rows: HTTP ${first.status}`);
  for (let i = 0; i < 20; i++) await (await fetch(listUrl, { headers: { Cookie: cookie } })).text();
  const page = await runLoad(listUrl, { connections: Number(values.connections), seconds: Number(values.seconds), headers: { Cookie: cookie } });

  const scope = await tenantScope();
  const db = await openDatabase(databaseUrl);
  const direct = await runLoop(() => searchResource(db.kysely, vehicleBinding, scope, { auditStatus: "PENDING" }, firstPageOf(20)), Number(values.seconds));
  await db.destroy();

  printResult("resources", {
    vehicles: VEHICLES,
    list: { ...page, connections: Number(values.connections), seconds: Number(values.seconds), htmlKb: round(Buffer.byteLength(html) / 1024) },
    listDirectDb: direct,
    listRatio: { p50: round(page.p50Ms / Math.max(direct.p50Ms, 0.01)), rps: round(direct.requestsPerSecond / Math.max(page.requestsPerSecond, 0.01)) },
  });
} finally {
  await stack.stop();
}

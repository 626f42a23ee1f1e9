/**
 * Bulk generator for benchmarks: `npm run seed:bulk -- --waybills 1000000 [--days 365] [--seed 7]`.
 * Migrates and seeds the database named by TMS_DATABASE_URL if needed, then adds realistic orders
 * (with contracts), drivers with vehicles, captains with ships, and waybills spread over the last
 * `days` days across the demo organisations, each waybill simulated up to now. Events and track
 * points are not generated. On SQLite it writes through better-sqlite3 directly with prepared
 * multi-row inserts in large transactions; on PostgreSQL with COPY through psql, one stream per table.
 * Prints one JSON line of figures.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { FreightWay } from "../../contract/freight.js";
import { loadPlatformConfig } from "../config.js";
import { orderContractTerms } from "../freight/contracts.js";
import {
  idCardLike,
  loadWeight,
  mobileNo,
  personName,
  plateNo,
  Random,
  shipName,
  simulateWaybill,
  VEHICLE_TYPES,
} from "../freight/demo-data.js";
import { orderStatusFor } from "../freight/rules.js";
import { orderDraft, waybillRow, type Carrier, type OrderDraft, type OrgContext } from "../freight/seed.js";
import { chinaCompactDate } from "../../contract/units.js";
import { openDatabase, type Db } from "../db/index.js";
import { migrateToLatest } from "../db/migrate.js";
import { seedIfEmpty } from "./seed-all.js";
import { fillDailyStats, pauseDailyStats } from "../reports/daily-stats.js";

type Row = Record<string, string | number | null>;

const DAY = 24 * 3600_000;
/** Rows per multi-row INSERT: a waybill has ~50 columns, so 200 rows stay well under parameter limits. */
const ROWS_PER_STATEMENT = 200;
const ROWS_PER_TRANSACTION = 100_000;

/** Writes rows with explicit ids, batched; one implementation per database. */
interface BulkWriter {
  nextId(table: string): Promise<number>;
  add(table: string, row: Row): Promise<void>;
  finish(): Promise<void>;
}

/**
 * Buffers rows per table and writes them in multi-row statements. Every flush writes all tables in
 * the order they were first used, so a row is never written before the rows it refers to.
 */
class Batcher {
  private readonly buffers = new Map<string, Row[]>();
  private buffered = 0;
  constructor(
    private readonly insert: (table: string, columns: string[], rows: Row[]) => Promise<void>,
    private readonly capacity: number,
  ) {}
  async add(table: string, row: Row): Promise<void> {
    const rows = this.buffers.get(table) ?? [];
    rows.push(row);
    this.buffers.set(table, rows);
    if (++this.buffered >= this.capacity) await this.flush();
  }
  async flush(): Promise<void> {
    for (const [table, rows] of this.buffers) {
      const columns = Object.keys(rows[0] ?? {});
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) await this.insert(table, columns, rows.slice(i, i + ROWS_PER_STATEMENT));
      this.buffers.set(table, []);
    }
    this.buffered = 0;
  }
  tables(): string[] {
    return [...this.buffers.keys()];
  }
}

/** SQLite: better-sqlite3 on the same file, prepared multi-row statements, few big transactions. */
async function sqliteWriter(file: string): Promise<BulkWriter> {
  const { default: SQLite } = await import("better-sqlite3");
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = OFF");
  database.pragma("cache_size = -131072");
  database.pragma("temp_store = MEMORY");
  // Rows are consistent by construction; checking ten foreign keys per waybill would halve the speed.
  database.pragma("foreign_keys = OFF");
  const statements = new Map<string, ReturnType<typeof database.prepare>>();
  let sinceCommit = 0;
  database.exec("BEGIN");
  const batcher = new Batcher(async (table, columns, rows) => {
    const key = `${table}:${rows.length}:${columns.join(",")}`;
    let statement = statements.get(key);
    if (!statement) {
      const one = `(${columns.map(() => "?").join(",")})`;
      statement = database.prepare(`insert into ${table} (${columns.join(",")}) values ${Array(rows.length).fill(one).join(",")}`);
      statements.set(key, statement);
    }
    statement.run(rows.flatMap((row) => columns.map((c) => row[c] ?? null)));
    sinceCommit += rows.length;
    if (sinceCommit >= ROWS_PER_TRANSACTION) {
      database.exec("COMMIT");
      database.exec("BEGIN");
      sinceCommit = 0;
    }
  }, ROWS_PER_STATEMENT * 10);
  return {
    async nextId(table) {
      const row = database.prepare(`select coalesce(max(id), 0) + 1 as next from ${table}`).get() as { next: number };
      return row.next;
    },
    add: (table, row) => batcher.add(table, row),
    async finish() {
      await batcher.flush();
      database.exec("COMMIT");
      database.exec("ANALYZE");
      database.close();
    },
  };
}

/** One CSV field of COPY's csv format: an unquoted empty field is NULL, so every text is quoted. */
function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  return `"${value.replaceAll('"', '""')}"`;
}

/** A COPY … FROM STDIN through psql: the pg driver has no COPY of its own, psql streams it. */
class CopyStream {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;
  constructor(connection: { url: string; schema: string | null }, table: string, readonly columns: string[]) {
    this.child = spawn(
      "psql",
      [
        "-X",
        "-q",
        "-v",
        "ON_ERROR_STOP=1",
        connection.url,
        // Rows are consistent by construction; foreign-key triggers per row would halve the speed.
        "-c",
        "set session_replication_role = replica",
        "-c",
        `copy ${table} (${columns.join(",")}) from stdin with (format csv)`,
      ],
      { stdio: ["pipe", "ignore", "inherit"], env: { ...process.env, ...(connection.schema ? { PGOPTIONS: `-c search_path=${connection.schema}` } : {}) } },
    );
    this.exited = new Promise((resolveExit, reject) => {
      this.child.on("error", reject);
      this.child.on("exit", (code) => (code === 0 ? resolveExit() : reject(new Error(`COPY into ${table} failed: psql exited with ${code}`))));
    });
  }
  async write(rows: Row[]): Promise<void> {
    const text = rows.map((row) => this.columns.map((c) => csvField(row[c])).join(",")).join("\n") + "\n";
    if (!this.child.stdin!.write(text)) await once(this.child.stdin!, "drain");
  }
  async end(): Promise<void> {
    this.child.stdin!.end();
    await this.exited;
  }
}

/**
 * PostgreSQL: one COPY per table, streamed for the whole run. The secondary indexes of each table are
 * dropped before its first row and built again at the end (one sort per index instead of ten million
 * inserts into each); unique indexes stay. Then the id sequences are moved past the explicit ids.
 */
async function postgresWriter(db: Db, databaseUrl: string): Promise<BulkWriter> {
  const parsed = new URL(databaseUrl);
  const schema = parsed.searchParams.get("schema");
  parsed.searchParams.delete("schema");
  const connection = { url: parsed.toString(), schema };
  const streams = new Map<string, CopyStream>();
  const dropped: string[] = [];
  const open = async (table: string, columns: string[]) => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = i.schemaname)
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename = ${table} and not x.indisunique`.execute(db.kysely);
    for (const index of rows) {
      await sql`drop index ${sql.ref(index.name)}`.execute(db.kysely);
      dropped.push(index.definition);
    }
    const stream = new CopyStream(connection, table, columns);
    streams.set(table, stream);
    return stream;
  };
  const batcher = new Batcher(async (table, columns, rows) => {
    await (streams.get(table) ?? (await open(table, columns))).write(rows);
  }, ROWS_PER_STATEMENT * 10);
  return {
    async nextId(table) {
      const { rows } = await sql<{ next: number }>`select coalesce(max(id), 0) + 1 as next from ${sql.table(table)}`.execute(db.kysely);
      return Number(rows[0]!.next);
    },
    add: (table, row) => batcher.add(table, row),
    async finish() {
      await batcher.flush();
      for (const stream of streams.values()) await stream.end();
      const started = Date.now();
      await db.kysely.connection().execute(async (session) => {
        await sql`set maintenance_work_mem = '512MB'`.execute(session);
        for (const definition of dropped) await sql.raw(definition).execute(session);
      });
      if (dropped.length) console.error(`[bulk] rebuilt ${dropped.length} indexes in ${Math.round((Date.now() - started) / 1000)} s`);
      for (const table of batcher.tables()) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db.kysely);
      }
      // VACUUM sets the visibility map, as autovacuum does on a table that has aged: without it every
      // index-only scan (the list's sums, the reports' covering indexes) reads the heap too.
      for (const table of batcher.tables()) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db.kysely);
      await sql`analyze`.execute(db.kysely);
    },
  };
}

interface BulkOrg extends OrgContext {
  weight: number;
  dispatcher: { userId: number | null; name: string };
  road: Carrier[];
  water: Carrier[];
}

export interface BulkFigures {
  waybills: number;
  orders: number;
  drivers: number;
  captains: number;
  seconds: number;
  waybillsPerSecond: number;
}

export async function generateBulk(databaseUrl: string, options: { waybills: number; days: number; seed: number }): Promise<BulkFigures> {
  const started = Date.now();
  const db = await openDatabase(databaseUrl);
  await migrateToLatest(db);
  await seedIfEmpty(db);
  // The daily summary's triggers stand aside for the bulk rows; one pass adds them afterwards.
  await pauseDailyStats(db.kysely);
  const orgRows = await db.kysely.selectFrom("organisations").select(["id", "name", "platform_id", "tenant_id"]).orderBy("id").execute();
  const orgUsers = await db.kysely.selectFrom("users").select(["id", "name", "org_id"]).where("type", "=", "ORG_USER").execute();
  const taken = {
    plates: new Set((await db.kysely.selectFrom("freight_vehicles").select("plate_no").execute()).map((r) => r.plate_no)),
    ships: new Set((await db.kysely.selectFrom("freight_ships").select("ship_name").execute()).map((r) => r.ship_name)),
  };
  const isSqlite = db.dialect === "sqlite";
  if (isSqlite) await db.destroy();
  const writer = isSqlite ? await sqliteWriter(resolve(databaseUrl.replace(/^file:/, ""))) : await postgresWriter(db, databaseUrl);

  const r = new Random(options.seed);
  // What the dispatch trigger (migration 0055) decides, which PostgreSQL's COPY (triggers off) does not
  // run: the vehicle's capacity; the bulk drivers hold no licence dates, drive their own vehicle and
  // belong to no fleet, and the bulk ships to no shipowner, so each carrier is his own supplier.
  const capacityOf = new Map<number, number>();
  const now = Date.now();
  const at = new Date(now).toISOString();
  const ids = {
    driver: await writer.nextId("freight_drivers"),
    vehicle: await writer.nextId("freight_vehicles"),
    captain: await writer.nextId("freight_captains"),
    ship: await writer.nextId("freight_ships"),
    order: await writer.nextId("freight_orders"),
    contract: await writer.nextId("freight_contracts"),
    freight: await writer.nextId("freights"),
  };
  const firstFreightId = ids.freight;
  const totalDrivers = Math.max(50, Math.round(options.waybills / 400));
  const totalCaptains = Math.max(10, Math.round(options.waybills / 4000));

  // The first organisation (the ORG_USER's) carries most of the traffic.
  const orgs: BulkOrg[] = orgRows.map((o, i) => {
    const user = orgUsers.find((u) => Number(u.org_id) === Number(o.id));
    return {
      platformId: o.platform_id,
      tenantId: Number(o.tenant_id),
      orgId: Number(o.id),
      orgName: o.name,
      weight: i === 0 ? 0.6 : 0.4 / Math.max(1, orgRows.length - 1),
      dispatcher: user ? { userId: Number(user.id), name: user.name } : { userId: null, name: `${personName(r).slice(0, 1)}调度` },
      road: [],
      water: [],
    };
  });
  const pickOrg = () => {
    let x = r.next();
    for (const org of orgs) if ((x -= org.weight) < 0) return org;
    return orgs[0]!;
  };

  for (const org of orgs) {
    const scoped = { platform_id: org.platformId, tenant_id: org.tenantId, org_id: org.orgId };
    for (let i = 0; i < Math.max(5, Math.round(totalDrivers * org.weight)); i++) {
      const driver = { id: ids.driver++, ...scoped, user_id: null, name: personName(r), mobile: mobileNo(r), license_no: idCardLike(r), created_at: at };
      let plate = plateNo(r);
      while (taken.plates.has(plate)) plate = plateNo(r);
      taken.plates.add(plate);
      const vehicle = { id: ids.vehicle++, ...scoped, plate_no: plate, vehicle_type: r.pick(VEHICLE_TYPES), load_capacity: r.int(35, 49) * 1000, driver_id: driver.id, created_at: at };
      capacityOf.set(vehicle.id, vehicle.load_capacity);
      await writer.add("freight_drivers", driver);
      await writer.add("freight_vehicles", vehicle);
      org.road.push({ way: "ROAD", personId: driver.id, conveyanceId: vehicle.id, userId: null, name: driver.name, mobile: driver.mobile, conveyance: plate });
    }
    for (let i = 0; i < Math.max(2, Math.round(totalCaptains * org.weight)); i++) {
      const captain = { id: ids.captain++, ...scoped, user_id: null, name: personName(r), mobile: mobileNo(r), certificate_no: `船员${r.int(10_000_000, 99_999_999)}`, created_at: at };
      let name = shipName(r, r.int(0, 8999));
      while (taken.ships.has(name)) name = shipName(r, r.int(0, 8999));
      taken.ships.add(name);
      const ship = { id: ids.ship++, ...scoped, ship_name: name, mmsi: `41304${r.int(1000, 9999)}`, load_capacity: r.int(30, 50) * 100_000, captain_id: captain.id, created_at: at };
      await writer.add("freight_captains", captain);
      await writer.add("freight_ships", ship);
      org.water.push({ way: "WATER", personId: captain.id, conveyanceId: ship.id, userId: null, name: captain.name, mobile: captain.mobile, conveyance: name });
    }
  }

  // Orders in time order, each with 15–35 waybills created over the following days.
  const span = options.days * DAY;
  const expectedOrders = Math.ceil(options.waybills / 25);
  let remaining = options.waybills;
  let orders = 0;
  while (remaining > 0) {
    const org = pickOrg();
    const way: FreightWay = r.chance(0.2) ? "WATER" : "ROAD";
    const orderCreated = Math.min(now - 3600_000, now - span + (orders / expectedOrders) * span + r.between(0, DAY));
    const order: OrderDraft = orderDraft(r, way, orderCreated, `DD${chinaCompactDate(orderCreated)}${String(ids.order).padStart(8, "0")}`);
    const { from, to } = order;
    order.extra = r.chance(0.35) ? loadWeight(r, way) * r.int(1, 4) : 0;
    order.id = ids.order++;
    const count = Math.min(remaining, r.int(15, 35));
    const pool = way === "ROAD" ? org.road : org.water;
    const waybills = Array.from({ length: count }, () => {
      const createdAt = Math.min(now - 60_000, orderCreated + r.between(0.05, 4) * DAY);
      const planned = loadWeight(r, way);
      const id = ids.freight++;
      const freightNo = `YD${chinaCompactDate(createdAt)}9${String(id).padStart(7, "0")}`;
      const life = simulateWaybill(r, { way, createdAt, plannedWeight: planned, unitPrice: order.unitPrice, now });
      if (life.status !== "CANCELLED") order.dispatched += planned;
      const carrier = r.pick(pool);
      const dispatched = { dispatch_capacity: way === "ROAD" ? capacityOf.get(carrier.conveyanceId) : null, supplier_kind: "CARRIER", supplier: carrier.name };
      return { id, ...waybillRow(org, { order, carrier, freightNo, createdAt, planned, life }, org.dispatcher.userId, org.dispatcher.name, now), ...dispatched } as Row;
    });
    if (order.dispatched === 0 && order.extra === 0) order.extra = loadWeight(r, way);
    const planned = order.dispatched + order.extra;
    const created = new Date(orderCreated).toISOString();
    const scoped = { platform_id: org.platformId, tenant_id: org.tenantId, org_id: org.orgId };
    await writer.add("freight_orders", {
      id: order.id!,
      ...scoped,
      order_no: order.orderNo,
      freight_way: way,
      status: orderStatusFor(planned, order.dispatched),
      shipper_name: order.shipper,
      cargo_category: order.cargo,
      loading_place: from.name,
      loading_address: from.address,
      unloading_place: to.name,
      unloading_address: to.address,
      planned_weight: planned,
      dispatched_weight: order.dispatched,
      unit_price: order.unitPrice,
      contract_no: `HT${order.orderNo}`,
      created_at: created,
    });
    await writer.add("freight_contracts", {
      id: ids.contract++,
      ...scoped,
      contract_no: `HT${order.orderNo}`,
      kind: "ORDER",
      order_id: order.id!,
      driver_id: null,
      captain_id: null,
      title: way === "ROAD" ? "公路运输服务合同" : "水路运输服务合同",
      party_a: order.shipper,
      party_b: org.orgName,
      terms: orderContractTerms({ orderNo: order.orderNo, cargo: order.cargo, plannedKg: planned, unitPriceFen: order.unitPrice, from: from.name, to: to.name }),
      signed_at: created,
      valid_from: created,
      valid_to: new Date(orderCreated + 90 * DAY).toISOString(),
    });
    for (const row of waybills) await writer.add("freights", row);
    remaining -= count;
    orders++;
  }
  await writer.finish();
  const summary = isSqlite ? await openDatabase(databaseUrl) : db;
  await fillDailyStats(summary);
  await summary.destroy();

  const seconds = (Date.now() - started) / 1000;
  const waybills = ids.freight - firstFreightId;
  return {
    waybills,
    orders,
    drivers: orgs.reduce((n, o) => n + o.road.length, 0),
    captains: orgs.reduce((n, o) => n + o.water.length, 0),
    seconds: Number(seconds.toFixed(1)),
    waybillsPerSecond: Math.round(waybills / seconds),
  };
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got ${value}`);
  return n;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const { values } = parseArgs({ options: { waybills: { type: "string" }, days: { type: "string" }, seed: { type: "string" } } });
  const options = { waybills: positive("waybills", values.waybills, 100_000), days: positive("days", values.days, 365), seed: positive("seed", values.seed, 7) };
  const figures = await generateBulk(loadPlatformConfig().databaseUrl, options);
  console.log(JSON.stringify(figures));
}

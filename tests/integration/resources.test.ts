/**
 * Generated per resource binding (docs/architecture.md, the resource engine), on SQLite and on PostgreSQL: every field has its
 * column; bad input per field is refused with a Chinese message naming the field and changes nothing;
 * each caller sees exactly its scope (another organisation, another tenant and platform B get 404 and
 * never an option); every transition in every state is legal, 4009 or 4003 as its definition says;
 * two concurrent audits, one winner; stale versions refused; paging bounds; the export streams.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFields, columnOf, statusColumnOf, transitionLegal } from "../../contract/resources/derive.js";
import type { AnyResource, Field } from "../../contract/resources/kit.js";
import { resourceOf } from "../../contract/resources/index.js";
import type { UserType } from "../../contract/platforms.js";
import { hashPassword } from "../../platform/identity/crypto.js";
import { nowIso } from "../../platform/db/index.js";
import { ENGINE_COLUMNS } from "../../platform/db/columns.js";
import { BINDINGS } from "../../platform/composition.js";
import { platformScope, type Binding } from "../../platform/resources/bind.js";
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, loginAs } from "../helpers/platform.js";
import { grantCredentials, startFreightPlatform, type FreightTestPlatform } from "./freight-fixtures.js";
import { tinyPng, uploadDocument } from "../helpers/documents.js";
import { SUBJECT_RESOURCES, type SubjectType } from "../../contract/resources/credential.js";

type Who = UserType | "OTHER_ORG" | "OTHER_TENANT" | "PLATFORM_B";

let f: FreightTestPlatform;
const tokens = {} as Record<Who, string>;
let serial = 0;

/** Another account like a demo one (same role), in another organisation, tenant or platform. */
async function addAccount(like: UserType, mobile: string, where: { platformId: string; tenantId: number | null; orgId: number | null }): Promise<string> {
  const db = f.p.db.kysely;
  const demo = await db.selectFrom("users").innerJoin("user_roles", "user_roles.user_id", "users.id").select(["user_roles.role_id"]).where("users.mobile", "=", DEMO_ACCOUNTS[like]).executeTakeFirstOrThrow();
  let roleId = Number(demo.role_id);
  if (where.platformId !== "A") {
    const role = await db.insertInto("roles").values({ platform_id: where.platformId, name: "测试角色", user_type: like }).returning("id").executeTakeFirstOrThrow();
    const codes = await db.selectFrom("role_permissions").select("permission_code").where("role_id", "=", roleId).execute();
    await db.insertInto("role_permissions").values(codes.map((c) => ({ role_id: role.id, permission_code: c.permission_code }))).execute();
    roleId = Number(role.id);
  }
  const user = await db
    .insertInto("users")
    .values({ platform_id: where.platformId, tenant_id: where.tenantId, org_id: where.orgId, type: like, mobile, name: `测试${like.slice(0, 3)}`, password_hash: await hashPassword(DEMO_PASSWORD), headshot_url: null, status: "ACTIVE", failed_attempts: 0, locked_until: null, pw_expiration: null, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: user.id, role_id: roleId }).execute();
  const headers = where.platformId === "A" ? undefined : { "X-Platform": where.platformId };
  if (!headers) return (await loginAs(f.p.baseUrl, mobile)).accessToken;
  // loginAs speaks for platform A; platform B logs in the same way with its header.
  const { constants, publicEncrypt } = await import("node:crypto");
  const csrf = await call<{ csrfToken: string; publicKey: string }>(f.p.baseUrl, "/api/v1/auth/csrf", { body: { clientId: "test" }, headers });
  const secret = publicEncrypt({ key: csrf.body.data!.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(DEMO_PASSWORD)).toString("base64");
  const res = await call<{ accessToken: string }>(f.p.baseUrl, "/api/v1/auth/third-class-insurance/token", { body: { grantType: "password", authKey: mobile, authSecret: secret, clientId: "test", csrfToken: csrf.body.data!.csrfToken }, headers });
  return res.body.data!.accessToken;
}

beforeAll(async () => {
  f = await startFreightPlatform("resources");
  for (const kind of Object.keys(DEMO_ACCOUNTS) as UserType[]) tokens[kind] = f.tokens[kind];
  const db = f.p.db.kysely;
  const org1 = await db.selectFrom("organisations").selectAll().where("id", "=", f.orgIds[0]!).executeTakeFirstOrThrow();
  tokens.OTHER_ORG = await addAccount("ORG_USER", "13900000011", { platformId: "A", tenantId: Number(org1.tenant_id), orgId: f.orgIds[1]! });
  const tenant = await db.insertInto("tenants").values({ platform_id: "A", name: "测试二号租户" }).returning("id").executeTakeFirstOrThrow();
  tokens.OTHER_TENANT = await addAccount("TENANT_USER", "13900000012", { platformId: "A", tenantId: Number(tenant.id), orgId: null });
  tokens.PLATFORM_B = await addAccount("SYSTEM_USER", "13900000013", { platformId: "B", tenantId: null, orgId: null });
});
afterAll(() => f?.close());

const headersOf = (who: Who) => (who === "PLATFORM_B" ? { "X-Platform": "B" } : undefined);
const as = <T = unknown>(who: Who, path: string, body?: unknown, method = "POST") => call<T>(f.p.baseUrl, path, { token: tokens[who], body: method === "GET" || method === "DELETE" ? undefined : (body ?? {}), method, headers: headersOf(who) });

type Rec = Record<string, unknown> & { id: number; actions: string[]; version: number };

/** A valid value of a field, for transition inputs. */
function sampleOf(field: Field): unknown {
  // A dictionary choice: an item every platform starts with.
  if (field.dict) return "BLURRY";
  switch (field.kind) {
    case "enum":
      return Object.keys(field.options ?? {})[0];
    case "weight":
    case "money":
    case "rate":
    case "int":
      return 1;
    case "region":
      return "321302";
    case "date":
      return "2030-01-01";
    case "datetime":
      return new Date().toISOString();
    case "bool":
      return true;
    case "images":
      return ["https://example.com/a.jpg"];
    default:
      return "测试意见";
  }
}

/** Values each field must refuse, and why. */
function invalidSamples(field: Field): Array<[unknown, string]> {
  switch (field.kind) {
    case "text":
    case "textarea":
      return [["x".repeat((field.input.maxLength ?? 64) + 1), "too long"], [123, "not text"], ["\u200b\u200b", "invisible"]];
    case "enum":
      return [["NOT_AN_OPTION", "outside the enum"]];
    case "weight":
    case "money":
      return [[1.5, "fraction"], [-1, "negative"], ["12", "text"]];
    case "int":
      return [[1.5, "fraction"], ["x", "text"]];
    case "date":
      return [["2026-02-30", "February 30th"], ["2026/01/01", "format"]];
    case "datetime":
      return [["yesterday", "not a time"]];
    case "bool":
      return [["maybe", "not yes/no"]];
    case "ref":
      return [[-1, "negative id"], ["abc", "text"], [[[2]], "nested"]];
    case "images":
      return [[["javascript:alert(1)"], "not an address"], ["a.jpg", "not a list"]];
    case "rate":
      return [[1.5, "fraction"], [-1, "negative"], ["9%", "text"]];
    case "region":
      return [["32130", "five digits"], ["001234", "no such province"], [321302, "a number"]];
  }
}

async function refsFor(def: AnyResource, who: Who): Promise<Record<string, number>> {
  const refs: Record<string, number> = {};
  const keys = [...Object.values(def.fields).flatMap((field) => (field.ref ? [field.ref.resource] : [])), ...(def.example?.refs ?? [])];
  // A picker limited to some rows (e.g. approved profiles) offers the example those rows.
  const wheres = new Map(Object.values(def.fields).flatMap((field) => (field.ref?.where ? [[field.ref.resource, field.ref.where] as const] : [])));
  for (const key of new Set(keys)) {
    const target = resourceOf(key);
    if (!target) continue;
    const res = await as<Array<{ id: number }>>(who, `/${target.api.base}/options`, wheres.has(key) ? { where: wheres.get(key) } : {});
    if (res.body.code === 200 && res.body.data!.length) refs[key] = res.body.data![0]!.id;
  }
  return refs;
}

const staff = (who: Who) => who === "SYSTEM_USER" || who === "TENANT_USER";

async function createOne(binding: Binding): Promise<Rec> {
  const { def } = binding;
  const who = def.example!.as;
  const body = def.example!.body(++serial + process.pid, await refsFor(def, who));
  if (staff(who) && binding.stamp === "org" && body.orgId === undefined) body.orgId = f.orgIds[0];
  // Documents are uploads: an image field takes a file its writer uploaded.
  for (const [key, field] of Object.entries(def.fields)) {
    if (field.kind !== "images" || body[key] === undefined) continue;
    const upload = await uploadDocument(f.p.baseUrl, tokens[who as Who], tinyPng(`${def.key}-${serial}`));
    expect(upload.body.code, JSON.stringify(upload.body)).toBe(200);
    body[key] = [upload.body.data!.url];
  }
  const res = await as<Rec>(who, `/${def.api.base}`, body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  // A subject with mandatory credentials (五证齐全) gets them, approved, so its own audit can pass.
  const subject = (Object.entries(SUBJECT_RESOURCES) as Array<[SubjectType, string]>).find(([, resource]) => resource === def.key)?.[0];
  if (subject) await grantCredentials(f, subject, Number(res.body.data!.id));
  return res.body.data!;
}

async function rowCount(binding: Binding): Promise<number> {
  const row = await f.p.db.kysely.selectFrom(binding.table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who may run a transition (first of its kinds we have an account for, who also sees the row). */
function actorFor(def: AnyResource, key: string, creator: Who): Who | null {
  const t = def.status!.transitions[key]!;
  const order: Who[] = [creator, "SYSTEM_USER", "TENANT_USER", "ORG_USER", "INDIVIDUAL_USER"];
  return order.find((who) => t.kinds.includes(who as UserType)) ?? null;
}

function inputsFor(def: AnyResource, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(def.status!.transitions[key]!.input ?? {}).map(([name, field]) => [name, sampleOf(field)]));
}

// Resources that no one creates through the generic create (kinds.write empty, e.g. appeals, created by
// submitting a waybill; or no create permission, e.g. enterprise configs, one per organisation) keep
// their example for the unit test only.
const tested = BINDINGS.filter((b) => b.def.example && (b.def.kinds.write ?? []).length > 0 && b.def.permissions.create !== undefined);

describe.each(tested.map((b) => [b.def.key, b] as const))("resource %s", (_key, binding) => {
  const { def } = binding;
  const base = `/${def.api.base}`;
  const creator = def.example!.as as Who;

  it("has a column for every field in the migrated database", async () => {
    const columns = [...allFields(def).map(([key, field]) => (key === def.status?.field ? statusColumnOf(def)! : columnOf(key, field))), ...ENGINE_COLUMNS, "platform_id", "org_id", "created_at"];
    await expect(f.p.db.kysely.selectFrom(binding.table).select(columns as never[]).limit(1).execute()).resolves.toBeDefined();
  });

  it("creates from its example, with one CREATE event, in its initial state", async () => {
    const record = await createOne(binding);
    if (def.status) expect(record[def.status.field]).toBe(def.status.initial);
    const detail = await as<Rec & { events: Array<{ action: string }> }>(creator, `${base}/${record.id}`, undefined, "GET");
    expect(detail.body.code).toBe(200);
    expect(detail.body.data!.events.map((e) => e.action)).toEqual(["CREATE"]);
  });

  it("refuses bad input per field with a Chinese message naming it, and changes nothing", async () => {
    const good = def.example!.body(++serial + process.pid, await refsFor(def, creator));
    if (staff(creator) && binding.stamp === "org") good.orgId = f.orgIds[0];
    const before = await rowCount(binding);
    for (const [key, field] of Object.entries(def.fields)) {
      if (!(field.form === true || field.form === "create")) continue;
      const cases = invalidSamples(field);
      if (field.required) cases.push([undefined, "missing"]);
      for (const [value, why] of cases) {
        const body = { ...good, [key]: value };
        if (value === undefined) delete body[key];
        const res = await as(creator, base, body);
        expect(res.status, `${key} ${why}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.errorMsg, `${key} ${why}`).toContain(field.label);
      }
    }
    for (const extra of [{ notAField: 1 }, ...(def.status ? [{ [def.status.field]: Object.keys(def.status.states).at(-1) }] : []), { id: 99 }]) {
      const res = await as(creator, base, { ...good, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.errorMsg).toBe("请求中有不能填写的字段");
    }
    expect(await rowCount(binding)).toBe(before);
  });

  it("shows each caller exactly its scope: others get 404 and never an option", async () => {
    const record = await createOne(binding);
    // Platform-wide configuration is every platform user's to read: only another platform is outside.
    const outsiders: Who[] = binding.scope === platformScope ? ["PLATFORM_B"] : ["OTHER_ORG", "OTHER_TENANT", "PLATFORM_B"];
    if (creator !== "INDIVIDUAL_USER" && binding.scope !== platformScope) outsiders.push("INDIVIDUAL_USER");
    for (const who of outsiders) {
      const one = await as(who, `${base}/${record.id}`, undefined, "GET");
      expect([404, 200].includes(one.status) && (one.status === 404 || one.body.code === 4003), `${who} GET: ${JSON.stringify(one.body)}`).toBe(true);
      const put = await as(who, `${base}/${record.id}`, {}, "PUT");
      expect(put.status === 404 || put.body.code === 4003, `${who} PUT`).toBe(true);
      const del = await as(who, `${base}/${record.id}`, undefined, "DELETE");
      expect(del.status === 404 || del.body.code === 4003, `${who} DELETE`).toBe(true);
      const search = await as<{ records: Rec[] }>(who, `${base}/search`, { size: 200 });
      if (search.body.code === 200) expect(search.body.data!.records.map((r) => r.id), who).not.toContain(record.id);
      const options = await as<Array<{ id: number }>>(who, `${base}/options`, {});
      if (options.body.code === 200) expect(options.body.data!.map((o) => o.id), who).not.toContain(record.id);
      for (const key of Object.keys(def.status?.transitions ?? {})) {
        const res = await as(who, `${base}/${record.id}/${key}`, inputsFor(def, key));
        expect(res.status === 404 || res.body.code === 4003, `${who} ${key}: ${JSON.stringify(res.body)}`).toBe(true);
      }
    }
    const insiders: Who[] = [creator, "SYSTEM_USER"];
    if (binding.stamp === "org" && creator !== "INDIVIDUAL_USER") insiders.push("TENANT_USER");
    for (const who of insiders) {
      const one = await as<Rec>(who, `${base}/${record.id}`, undefined, "GET");
      if (one.body.code === 4003) continue; // this kind may not read the resource at all
      expect(one.status, `${who}: ${JSON.stringify(one.body)}`).toBe(200);
    }
  });

  it("runs every transition in every reachable state: legal, 4009 or 4003", async () => {
    if (!def.status) return;
    const transitions = Object.keys(def.status.transitions);
    // Paths to each reachable (status, enabled …) state from a fresh record.
    const stateOf = (r: Rec) => transitions.map((k) => String(r[def.status!.transitions[k]!.field ?? def.status!.field])).join("|");
    const paths = new Map<string, string[]>();
    const queue: string[][] = [[]];
    while (queue.length && paths.size < 8) {
      const path = queue.shift()!;
      let record = await createOne(binding);
      for (const step of path) record = (await as<Rec>(actorFor(def, step, creator)!, `${base}/${record.id}/${step}`, inputsFor(def, step))).body.data!;
      const state = stateOf(record);
      if (paths.has(state)) continue;
      paths.set(state, path);
      for (const key of transitions) {
        const t = def.status.transitions[key]!;
        const actor = actorFor(def, key, creator);
        const before = String(record[t.field ?? def.status.field]);
        if (!actor) continue;
        // A transition's actor who cannot see this row (a platform-level row's owner) has nothing to test here.
        if ((await as(actor, `${base}/${record.id}`, undefined, "GET")).status === 404) continue;
        const res = await as<Rec>(actor, `${base}/${record.id}/${key}`, inputsFor(def, key));
        if (transitionLegal(def, t, record)) {
          expect(res.body.code, `${key} from ${before}: ${JSON.stringify(res.body)}`).toBe(200);
          expect(res.body.data![t.field ?? def.status.field]).toBe(t.to);
          const events = await f.p.db.kysely.selectFrom("resource_events").select("action").where("resource", "=", def.key).where("record_id", "=", record.id).orderBy("id", "desc").executeTakeFirstOrThrow();
          expect(events.action).toBe(key.toUpperCase());
          queue.push([...path, key]);
          record = await createOne(binding);
          for (const step of path) record = (await as<Rec>(actorFor(def, step, creator)!, `${base}/${record.id}/${step}`, inputsFor(def, step))).body.data!;
        } else {
          expect(res.body.code, `${key} from ${before}: ${JSON.stringify(res.body)}`).toBe(4009);
        }
      }
    }
    // A kind the transition does not name is refused with 4003 even on a row it can see.
    for (const key of transitions) {
      const t = def.status.transitions[key]!;
      const record = await createOne(binding);
      const wrong = (["SYSTEM_USER", creator] as Who[]).find((who) => !t.kinds.includes(who as UserType));
      if (!wrong) continue;
      const res = await as(wrong, `${base}/${record.id}/${key}`, inputsFor(def, key));
      expect(res.body.code, `${key} as ${wrong}`).toBe(4003);
    }
  });

  it("lets one of two concurrent audits win", async () => {
    const audit = Object.entries(def.status?.transitions ?? {}).find(([, t]) => t.group === "audit" && t.from.includes(def.status!.initial));
    if (!audit) return;
    const [key] = audit;
    const record = await createOne(binding);
    const actor = actorFor(def, key, creator)!;
    const results = await Promise.all([as(actor, `${base}/${record.id}/${key}`, inputsFor(def, key)), as(actor, `${base}/${record.id}/${key}`, inputsFor(def, key))]);
    expect(results.map((r) => r.body.code).sort()).toEqual([200, 4009]);
  });

  it("refuses an edit against a stale version and pages within bounds", async () => {
    const record = await createOne(binding);
    if (record.actions.includes("edit")) {
      const res = await as(creator, `${base}/${record.id}`, { version: record.version + 5 }, "PUT");
      expect(res.body.code, JSON.stringify(res.body)).toBe(4009);
    }
    for (const size of [10, 200]) expect((await as(creator, `${base}/search`, { size })).body.code).toBe(200);
    for (const size of [0, 201, 1.5, "x"]) expect((await as(creator, `${base}/search`, { size })).status).toBe(400);
    expect((await as(creator, `${base}/search`, { current: [[2]] })).status).toBe(400);
  });

  it("exports the caller's rows as a streamed xlsx", async () => {
    const res = await fetch(`${f.p.baseUrl}${base}/export`, { method: "POST", headers: { Authorization: `Bearer ${tokens.SYSTEM_USER}`, "Content-Type": "application/json", "X-Platform": "A" }, body: "{}" });
    if (res.headers.get("content-type")?.includes("json")) {
      expect(((await res.json()) as { code: number }).code).toBe(4003);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(".xlsx");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
  });
});

/**
 * Who owns a row, decided from its own columns and independent of the engine's rules: a tenant's staff
 * own their tenant's rows, an organisation its rows and a carrier organisation the tasks assigned to it
 * (it answers them). An individual reaches its rows through what names it (its vehicles' credentials,
 * its waybills' alerts), so inside its tenant the matrix trusts its read rule; rows of another tenant or
 * of the platform itself are never its own. The platform's SYSTEM_USER owns its platform. Everything
 * else an account can read it may only read: every write on it must be refused and change nothing.
 */
const MATRIX_ACCOUNTS: Array<[Who, string]> = [
  ["TENANT_USER", DEMO_ACCOUNTS.TENANT_USER],
  ["ORG_USER", DEMO_ACCOUNTS.ORG_USER],
  ["INDIVIDUAL_USER", DEMO_ACCOUNTS.INDIVIDUAL_USER],
  ["OTHER_ORG", "13900000011"],
  ["OTHER_TENANT", "13900000012"],
];

type Owner = { type: string; userId: number; tenantId: number | null; orgId: number | null };

function owns(who: Owner, row: Record<string, unknown>): boolean {
  const tenant = row.tenant_id == null ? null : Number(row.tenant_id);
  const org = row.org_id == null ? null : Number(row.org_id);
  // A money row (提现单) is its account holder's: an individual owns his own withdrawals (owner_type USER).
  if (row.owner_type === "USER" && Number(row.owner_id) === who.userId) return true;
  switch (who.type) {
    case "ORG_USER":
      return (org !== null && org === who.orgId) || (row.carrier_org_id != null && Number(row.carrier_org_id) === who.orgId);
    default:
      return tenant !== null && tenant === who.tenantId;
  }
}

describe("write what you may only read", () => {
  it("refuses every write on a row an account can read but does not own, and leaves the row unchanged", async () => {
    const db = f.p.db.kysely;
    const tried = new Map<string, number>();
    const failures: string[] = [];
    for (const [who, mobile] of MATRIX_ACCOUNTS) {
      const user = await db.selectFrom("users").select(["id", "type", "tenant_id", "org_id"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
      const owner: Owner = { type: user.type, userId: Number(user.id), tenantId: user.tenant_id == null ? null : Number(user.tenant_id), orgId: user.org_id == null ? null : Number(user.org_id) };
      for (const binding of BINDINGS) {
        const { def } = binding;
        const base = `/${def.api.base}`;
        const search = await as<{ records?: Rec[] }>(who, `${base}/search`, { size: 200 });
        const records = search.body.code === 200 ? (search.body.data?.records ?? []) : [];
        const ids = records.map((r) => Number(r.id));
        if (!ids.length) continue;
        const rows = (await db.selectFrom(binding.table).selectAll().where("id", "in", ids).execute()) as Array<Record<string, unknown>>;
        // A fleet's member rows belong where their 车队长 was registered (the leader's write rule).
        const leaders = new Map((await db.selectFrom("fleet_leaders").select(["id", "registered_tenant_id"]).execute()).map((l) => [Number(l.id), l.registered_tenant_id]));
        const ownerRow = (row: Record<string, unknown>) => (row.fleet_leader_id != null && row.tenant_id == null ? { ...row, tenant_id: leaders.get(Number(row.fleet_leader_id)) ?? null } : row);
        const foreign = rows.find((row) => !owns(owner, ownerRow(row)));
        if (!foreign) continue;
        const id = Number(foreign.id);
        // The platform offers no button for a write it would refuse.
        const writes = new Set(["edit", "delete", ...Object.keys(def.status?.transitions ?? {}), ...Object.keys(def.actions ?? {})]);
        const offered = (records.find((r) => Number(r.id) === id)?.actions ?? []).filter((a) => writes.has(a));
        if (offered.length) failures.push(`${who} offered ${offered.join(",")} on ${def.key} #${id}`);
        const attempts: Array<[string, string, unknown, string]> = [
          ["PUT", `${base}/${id}`, { version: Number(foreign.version ?? 0) }, "PUT"],
          ["DELETE", `${base}/${id}`, undefined, "DELETE"],
          ...Object.keys(def.status?.transitions ?? {}).map((key): [string, string, unknown, string] => [key, `${base}/${id}/${key}`, inputsFor(def, key), "POST"]),
          // Row actions that are not transitions (重置密码) are writes too.
          ...Object.keys(def.actions ?? {}).map((key): [string, string, unknown, string] => [key, `${base}/${id}/${key}`, {}, "POST"]),
        ];
        for (const [what, path, body, method] of attempts) {
          const res = await as(who, path, body, method);
          if (!(res.status === 404 || res.body.code === 4003)) failures.push(`${who} ${what} ${def.key} #${id}: ${JSON.stringify(res.body).slice(0, 120)}`);
        }
        const after = await db.selectFrom(binding.table).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
        if (JSON.stringify(after) !== JSON.stringify(foreign)) failures.push(`${who} changed ${def.key} #${id}`);
        tried.set(def.key, (tried.get(def.key) ?? 0) + 1);
      }
    }
    expect(failures).toEqual([]);
    // The shared directories are what the matrix is for: it must have reached them.
    for (const key of ["wharf", "shipAvailability", "cargoCategory"]) expect(tried.get(key), key).toBeGreaterThan(0);
  });
});

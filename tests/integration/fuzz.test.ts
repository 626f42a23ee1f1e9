/**
 * A small fuzz over every platform route. The routes come from the platform's own route table
 * (`buildApp`'s onRoute list), the field names and field kinds from the contract (every Zod object of
 * contract/*.ts, and the resource definitions). Each route gets a bounded set of bad requests: wrong
 * body types, nested arrays and objects, NUL, huge and invisible-only strings, bad percent-encoding and
 * repeated query keys, bad path parameters; for the engine's create calls, its example body with one
 * field broken at a time. Every answer must be below 500 and in the envelope, and the database must not
 * change: a cheap fingerprint (row count and latest update per table) is compared around every route.
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z, type ZodTypeAny } from "zod";
import { RESOURCES } from "../../contract/resources/index";
import type { AnyResource } from "../../contract/resources/kit";
import type { RouteEntry } from "../../platform/app";
import { DEMO_ACCOUNTS, loginAs, startTestPlatform, type TestPlatform } from "../helpers/platform";

/**
 * Tables a refused request may write on purpose: the operation log records every failed write,
 * the captcha, SMS and csrf ceremonies keep what they hand out, the outbox is development's.
 */
const WRITTEN_BY_DESIGN = new Set(["sys_operation_logs", "csrf_tokens", "captchas", "sms_codes", "dev_outbox", "kysely_migration", "kysely_migration_lock"]);

/** Routes left out: the websocket upgrade, and revocation, which ends the session every other call uses (fuzzed last instead). */
const SKIPPED = new Set(["GET /ws"]);
const LAST = new Set(["POST /api/v1/auth/token/revoke"]);
/** The ministry and SMS-gateway stand-ins, and the Prometheus scrape, answer in their own formats, not the platform's envelope. */
const FOREIGN_FORMAT = /^\/dev\/(report|sms)-standin\/|^\/metrics$/;

// --- the contract's field names -------------------------------------------------------------------

function keysOf(schema: ZodTypeAny, into: Set<string>, seen = new Set<ZodTypeAny>()): void {
  if (!schema || seen.has(schema)) return;
  seen.add(schema);
  const def = schema._def as Record<string, unknown>;
  if (schema instanceof z.ZodObject) {
    for (const [key, value] of Object.entries(schema.shape as Record<string, ZodTypeAny>)) {
      into.add(key);
      keysOf(value, into, seen);
    }
    return;
  }
  for (const inner of [def.schema, def.innerType, def.type, def.in, def.out, def.left, def.right]) if (inner instanceof z.ZodType) keysOf(inner, into, seen);
  if (Array.isArray(def.options)) for (const option of def.options) if (option instanceof z.ZodType) keysOf(option, into, seen);
}

async function contractKeys(): Promise<string[]> {
  const keys = new Set<string>();
  const dir = join(import.meta.dirname, "../../contract");
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) if (value instanceof z.ZodType) keysOf(value, keys);
  }
  for (const def of Object.values(RESOURCES)) {
    for (const key of Object.keys(def.fields)) keys.add(key);
    for (const transition of Object.values(def.status?.transitions ?? {})) for (const key of Object.keys(transition.input ?? {})) keys.add(key);
  }
  for (const key of ["current", "size", "id", "ids", "keyword"]) keys.add(key);
  return [...keys].sort();
}

// --- the bad requests -----------------------------------------------------------------------------

const NUL = "合肥\u0000市";
const INVISIBLE = "\u200b\u200b\ufeff\u2060";
const HUGE = "粮".repeat(600);
const NESTED = [[1, { a: [2] }]];

const everyKey = (keys: string[], value: unknown) => Object.fromEntries(keys.map((key) => [key, value]));

/** Sent to every route with a body: a wrong top-level type and nested paging. */
const CORE_BODIES = ["[]", JSON.stringify({ current: [[2]], size: { $gt: 1 }, id: [1], ids: { 0: 1 }, keyword: ["a"] })];

/**
 * Bodies that would exhaust the parser: nesting 5,000 and 20,000 levels deep (arrays and objects, as the
 * body and inside a field) and numbers beyond range. Every route with a body gets one of each group
 * (deep body, deep field, huge numbers), rotating, so every variant meets a few hundred routes; each
 * must be a fast 400 from the parser, before anything walks the body.
 */
const nested = (levels: number, kind: "array" | "object") => (kind === "array" ? "[".repeat(levels) + "]".repeat(levels) : '{"a":'.repeat(levels) + "1" + "}".repeat(levels));
function boundedBodies(keys: string[]): string[][] {
  const deep = [5_000, 20_000].flatMap((levels) => (["array", "object"] as const).map((kind) => nested(levels, kind)));
  const huge = ["1e309", "-1e309", "123456789012345678901234567890"].map((number) => `{${keys.map((key) => `${JSON.stringify(key)}:${number}`).join(",")}}`);
  return [deep, deep.map((body) => `{"current":1,"keyword":"x","ids":${body}}`), huge];
}
/** The slowest answer a bounded body may take (the parser refuses it in about a millisecond; this leaves room for a loaded machine). */
const BOUNDED_MS = 1_000;

/** Rotated over the routes, a few each: raw JSON of the wrong kind, then every contract key set to one bad value. */
function rotatedBodies(keys: string[]): string[] {
  return [
    '"文字"',
    "123",
    "null",
    '{"current":',
    JSON.stringify({ current: 1e300, size: -0.5, id: "1e3" }),
    JSON.stringify({ keyword: NUL, name: NUL }),
    ...[INVISIBLE, HUGE, NESTED, { a: { b: 1 } }, -1.5, true].map((value) => JSON.stringify(everyKey(keys, value))),
  ];
}

/** `count` items of `list` starting at a position that moves with the route, so every item is sent often. */
const rotate = <T>(list: readonly T[], index: number, count: number): T[] => Array.from({ length: Math.min(count, list.length) }, (_, i) => list[(index * count + i) % list.length]!);

/** Query strings: repeated keys (arrays), nesting in brackets, NUL, bad percent-encoding. */
const QUERY_VARIANTS = ["?current=%5B%5B2%5D%5D&size=-1&current=2", "?size[a]=1&keyword=%00&keyword=x", "?keyword=%E0%A4%A&freightNo=%E2%80%8B", `?keyword=${"x".repeat(3000)}`];

/** Bad values for a path parameter (raw, already percent-encoded where needed). */
const PARAM_VARIANTS = ["abc'--", "-1", "%00", "%E0%A4%A", "9".repeat(150), "%E2%80%8B", "1.5"];
/** A well-formed parameter that names nothing, so body variants reach the body's validation. */
const ABSENT_PARAM = "999999999";

const fill = (url: string, value: (name: string) => string) => url.replace(/:(\w+)/g, (_, name: string) => value(name));

/** The engine's create body of a definition with one field broken in a way that must be refused. */
function brokenExamples(def: AnyResource): string[] {
  if (!def.example) return [];
  const valid = def.example.body(90_001, {});
  return Object.entries(def.fields).flatMap(([key, field], index) => {
    const bad: unknown[] = [NESTED, { a: 1 }];
    if (field.kind === "text" || field.kind === "textarea") bad.push(NUL, "字".repeat((field.input.maxLength ?? 500) + 1));
    if (field.required && (field.kind === "text" || field.kind === "textarea")) bad.push(INVISIBLE);
    if (field.kind === "weight" || field.kind === "money" || field.kind === "int" || field.kind === "ref") bad.push(-1.5, "1e400");
    // One per field, rotating, keeps the run bounded.
    return [JSON.stringify({ ...valid, [key]: bad[index % bad.length] })];
  });
}

// --- running --------------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: string;
  type: string;
}

/** A raw HTTP request: fetch would re-encode a bad percent sequence or refuse odd bodies. */
function send(base: string, method: string, path: string, token: string, body?: string): Promise<Answer> {
  const url = new URL(base);
  const headers: Record<string, string | number> = { "X-Platform": "A", Authorization: `Bearer ${token}` };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    headers["Content-Length"] = Buffer.byteLength(body);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), type: String(res.headers["content-type"] ?? "") }));
      // A stream the platform broke off (an error after the first byte) counts as a server error, not a hang.
      res.on("error", (error) => resolve({ status: 599, body: `truncated: ${error.message}`, type: "" }));
    });
    req.on("error", reject);
    req.end(body);
  });
}
let keepAlive: import("node:http").Agent;

type Tables = Awaited<ReturnType<TestPlatform["db"]["kysely"]["introspection"]["getTables"]>>;

/** Row count and latest update stamp of every table but those written by design. */
async function fingerprint(platform: TestPlatform, all: Tables): Promise<Map<string, string>> {
  const tables = all.filter((t) => !t.isView && !WRITTEN_BY_DESIGN.has(t.name));
  const parts = tables.map((t) => {
    const stamp = t.columns.some((c) => c.name === "updated_at") ? sql`max(updated_at)` : t.columns.some((c) => c.name === "id") ? sql`max(id)` : sql`null`;
    return sql`select ${t.name} as name, count(*) || '/' || coalesce(cast(${stamp} as text), '') as print from ${sql.table(t.name)}`;
  });
  const { rows } = await sql<{ name: string; print: string }>`${sql.join(parts, sql` union all `)}`.execute(platform.db.kysely);
  return new Map(rows.map((r) => [r.name, String(r.print)]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, print]) => before.get(name) !== print).map(([name]) => name);
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

describe(`fuzz over every platform route (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  let platform: TestPlatform;
  let token: string;
  beforeAll(async () => {
    platform = await startTestPlatform("fuzz");
    token = (await loginAs(platform.baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
    const { Agent } = await import("node:http");
    keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterAll(async () => {
    keepAlive?.destroy();
    await platform?.close();
  });

  it("answers every bad request below 500, in the envelope, and changes nothing", async () => {
    const keys = await contractKeys();
    const bodies = rotatedBodies(keys);
    const bounded = boundedBodies(keys);
    let slowestBounded = 0;
    const tables = await platform.db.kysely.introspection.getTables();
    const creates = new Map(Object.values(RESOURCES).map((def) => [`POST /${def.api.base}`, brokenExamples(def)]));
    const routes = platform.routes.filter((r: RouteEntry) => r.method !== "HEAD" && !SKIPPED.has(`${r.method} ${r.url}`));
    const ordered = [...routes.filter((r) => !LAST.has(`${r.method} ${r.url}`)), ...routes.filter((r) => LAST.has(`${r.method} ${r.url}`))];
    expect(ordered.length).toBeGreaterThan(300);

    const failures: Failure[] = [];
    const changes: string[] = [];
    let sent = 0;
    let fingerprintMs = 0;
    const statuses = new Map<number, number>();
    const started = Date.now();
    // The fingerprint is taken around each group of a few routes; a change names the group.
    const GROUP = 4;
    let before = await fingerprint(platform, tables);
    for (const [index, route] of ordered.entries()) {
      const requests: Array<[path: string, body?: string]> = [];
      const hasBody = route.method !== "GET";
      const plain = fill(route.url, () => ABSENT_PARAM);
      if (route.url.includes(":")) for (const value of rotate(PARAM_VARIANTS, index, 2)) requests.push([fill(route.url, () => value), hasBody ? "{}" : undefined]);
      // A query string only matters where there is no body (a POST with a valid body would be a real call).
      if (!hasBody || route.method === "DELETE") for (const query of rotate(QUERY_VARIANTS, index, 2)) requests.push([plain + query, hasBody ? "[]" : undefined]);
      if (hasBody) for (const body of [...CORE_BODIES, ...rotate(bodies, index, 2), ...(creates.get(`${route.method} ${route.url}`) ?? [])]) requests.push([plain, body]);
      if (hasBody && !FOREIGN_FORMAT.test(route.url)) {
        for (const body of bounded.flatMap((group) => rotate(group, index, 1))) {
          const t0 = Date.now();
          const answer = await send(platform.baseUrl, route.method, plain, token, body);
          slowestBounded = Math.max(slowestBounded, Date.now() - t0);
          sent += 1;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status !== 400 || !/"errorMsg":"请求体(嵌套层级过深|中的数值超出范围)/.test(answer.body)) {
            failures.push({ request: `${route.method} ${plain} bounded ${body.slice(0, 40)}… (${body.length} chars)`, status: answer.status, body: answer.body.slice(0, 200) });
          }
        }
      }
      for (const [path, body] of requests) {
        const answer = await send(platform.baseUrl, route.method, path, token, body);
        sent += 1;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const label = `${route.method} ${path.slice(0, 120)} ${body ? body.slice(0, 80) : ""}`;
        let envelope = false;
        try {
          const parsed = JSON.parse(answer.body) as { code?: unknown };
          envelope = typeof parsed.code === "number";
        } catch {
          envelope = false;
        }
        // A workbook or template download is not an envelope, but only a valid request gets one.
        const download = answer.status === 200 && /spreadsheetml|octet-stream/.test(answer.type);
        if (answer.status >= 500 || (!envelope && !download && !FOREIGN_FORMAT.test(route.url))) failures.push({ request: label, status: answer.status, body: answer.body.slice(0, 200) });
      }
      if (index % GROUP === GROUP - 1 || index === ordered.length - 1) {
        const t0 = Date.now();
        const after = await fingerprint(platform, tables);
        fingerprintMs += Date.now() - t0;
        const moved = changedTables(before, after);
        const group = ordered.slice(index - (index % GROUP), index + 1).map((r) => `${r.method} ${r.url}`);
        if (moved.length) changes.push(`one of ${group.join(" | ")}: ${moved.join(", ")}`);
        before = after;
      }
    }
    console.log(`fuzz: ${ordered.length} routes, ${sent} requests, ${Date.now() - started} ms (fingerprints ${fingerprintMs} ms, slowest bounded body ${slowestBounded} ms); statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify({ failures, changes }, null, 1));
    expect(failures).toEqual([]);
    expect(changes).toEqual([]);
    expect(slowestBounded).toBeLessThan(BOUNDED_MS);
    // The requests reached validation: most are refused as bad input, not for want of a login.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(sent / 2);
    // Well under a minute on a machine of its own; the limit leaves room for a loaded one.
  }, 300_000);
});

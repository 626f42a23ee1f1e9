/**
 * The platform's entry (platform/main.ts) as ops run it. Settings checked at start: it
 * refuses to start, one Chinese-and-English line per problem, when a required setting is missing or an
 * enabled report target lacks its credentials; a missing TMS_ENV is production; development starts
 * without demo data unless TMS_DEMO=1 asks for it. Graceful shutdown: on SIGTERM it stops
 * accepting, lets the request in flight finish, and exits 0.
 */
import { Agent, request } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PRODUCTION_SMS_SETTINGS } from "../helpers/sms-settings.js";
import { bootstrapCatalogue } from "../../platform/iam/bootstrap.js";
import { openDatabase } from "../../platform/db/index.js";
import { migrateToLatest, migrationStatus } from "../../platform/db/migrate.js";
import { emptyTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { spawnPlatform, type SpawnedPlatform } from "../helpers/processes.js";

const complete = {
  TMS_CARD_KEY: "c".repeat(40),
  TMS_ID_KEY: "i".repeat(40),
  TMS_ID_HASH_KEY: "h".repeat(40),
  ...PRODUCTION_SMS_SETTINGS,
};
let url: string;
let database: TestDatabase | undefined;
const started: SpawnedPlatform[] = [];
let refused: SpawnedPlatform, targets: SpawnedPlatform, development: SpawnedPlatform, unmigrated: SpawnedPlatform;
let empty: TestDatabase | undefined;

/** One migrated database with two report targets, one enabled (relative base URL), one disabled; no demo data. */
beforeAll(async () => {
  database = emptyTestDatabase("settings_start");
  url = database.url;
  const db = await openDatabase(url);
  await migrateToLatest(db);
  await bootstrapCatalogue(db);
  const target = (code: string, enabled: number, base_url: string) => ({
    platform_id: "A", code, name: `${code} 目标`, base_url, carrier_name: "皖粮网络货运有限公司", credit_code: "91340300MA2TGR8X1K", permit_number: "340300100001", sender_code: `${code}_S`,
    message_types: "[]", auto_report: 0, report_delay_min: 0, max_attempts: 8, enabled, paused: 0, paused_reason: null, credentials_env: `TMS_REPORT_${code}_`, token: null, token_at: null, updated_at: new Date().toISOString(),
  });
  await db.kysely.insertInto("report_targets").values([target("ANHUI", 1, "/dev/report-standin/anhui"), target("WURUN_ROAD", 0, "/dev/report-standin/wurun-road")]).execute();
  await db.destroy();
  const withoutKey = Object.fromEntries(Object.entries(complete).filter(([k]) => k !== "TMS_CARD_KEY"));
  // Three starts at once: production without TMS_ENV and without the card key; production complete but
  // for the enabled target's credentials; development.
  started.push(
    (refused = await spawnPlatform({ TMS_DATABASE_URL: url, ...withoutKey })),
    (targets = await spawnPlatform({ TMS_ENV: "production", TMS_DATABASE_URL: url, ...complete })),
    (development = await spawnPlatform({ TMS_ENV: "development", TMS_DATABASE_URL: url })),
  );

});

afterAll(async () => {
  for (const p of started) p.child.kill("SIGKILL");
  await database?.drop();
  await empty?.drop();
});

it("refuses to start without TMS_ENV (production) and without the card key, naming it in Chinese and English", async () => {
  expect(await refused.exited).toBe(1);
  expect(refused.output()).toContain("缺少 TMS_CARD_KEY（银行卡加密密钥），生产环境必须设置 / TMS_CARD_KEY is required when TMS_ENV=production");
  expect(refused.output()).toMatch(/拒绝启动 \/ refusing to start with 1 settings problem/);
  // The first to wait for the three processes started together: on a loaded machine their start takes a while.
});

it("refuses to start in production when the schema is not current, naming `npm run migrate`, and changes nothing", async () => {
  // Production on a database `npm run migrate` has not brought up to date; started
  // here, after the three above have exited, so as not to crowd their start.
  empty = emptyTestDatabase("settings_unmigrated");
  started.push((unmigrated = await spawnPlatform({ TMS_ENV: "production", TMS_DATABASE_URL: empty.url, ...complete })));
  expect(await unmigrated.exited).toBe(1);
  expect(unmigrated.output()).toMatch(/数据库结构不是最新：有 \d+ 个迁移未执行.*请先运行 npm run migrate \/ the schema is not current/);
  const db = await openDatabase(empty!.url);
  try {
    expect((await migrationStatus(db)).applied).toEqual([]);
  } finally {
    await db.destroy();
  }
});

it("refuses to start in production while an enabled report target lacks its endpoint and credentials", async () => {
  expect(await targets.exited).toBe(1);
  for (const name of ["TMS_REPORT_ANHUI_URL", "TMS_REPORT_ANHUI_PASSWORD", "TMS_REPORT_ANHUI_PRIVATE_KEY", "TMS_REPORT_ANHUI_PUBLIC_KEY"]) expect(targets.output()).toContain(`缺少 ${name}：已启用的报送目标「ANHUI 目标」（A 平台）需要它`);
  expect(targets.output()).not.toContain("WURUN_ROAD");
});

it("starts in development, without demo data unless TMS_DEMO=1 asks for it", async () => {
  await development.healthy();
  expect(development.output()).not.toContain("配置错误");
  const db = await openDatabase(url);
  try {
    expect(Number((await db.kysely.selectFrom("users").select(db.kysely.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(0);
  } finally {
    await db.destroy();
  }
});

it("on SIGTERM stops accepting, finishes the request in flight, then exits 0", async () => {
  await development.healthy();
  // One kept-alive connection: a first request makes sure the platform has accepted it.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (body: string, { holdBack }: { holdBack: number }) => {
    let release = () => {};
    let flushed = () => {};
    const headersSent = new Promise<void>((resolve) => (flushed = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(new URL("/api/v1/auth/csrf", development.baseUrl), { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("error", reject);
      req.write(body.slice(0, body.length - holdBack), () => flushed());
      release = () => req.end(body.slice(body.length - holdBack));
      if (!holdBack) release();
    });
    return { answer, headersSent, release: () => release() };
  };
  expect((await send('{"clientId":"shutdown-test"}', { holdBack: 0 }).answer).status).toBe(200);
  // The second request on that connection stops half-way through its body when the signal comes.
  const inFlight = send(`{"clientId":"shutdown-test"${" ".repeat(200)}}`, { holdBack: 100 });
  await inFlight.headersSent;
  development.child.kill("SIGTERM");
  // It stops accepting: a new connection is refused while that request is still open.
  while (await fetch(`${development.baseUrl}/health`).then(() => true, () => false)) await new Promise((r) => setTimeout(r, 50));
  inFlight.release();
  const { status, text } = await inFlight.answer;
  expect(status).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ code: 200 });
  expect(await development.exited).toBe(0);
  expect(development.output()).not.toContain("shutdown limit reached");
  agent.destroy();
});

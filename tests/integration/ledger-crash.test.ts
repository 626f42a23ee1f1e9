/**
 * Crash safety: the platform is killed with SIGKILL in the middle of a burst of payments, restarted on
 * the same database, and then `ledger:check` holds, every payment that was answered is there with all
 * its items paid, and replaying an answered request returns the same payment without moving money.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { settlementOf } from "../../contract/ledger.js";
import { openDatabase, type Db } from "../../platform/db/index.js";
import { checkLedger } from "../../platform/ledger/check.js";
import { payableWaybills } from "../helpers/ledger.js";
import { call, DEMO_ACCOUNTS, loginAs } from "../helpers/platform.js";
import { seededTestDatabase, type TestDatabase } from "../helpers/test-database.js";

let db: Db;
let url: string;
let database: TestDatabase | undefined;
let child: ChildProcess | null = null;
let baseUrl = "";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

async function startPlatform(): Promise<void> {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "platform/main.ts"], { env: { ...process.env, TMS_ENV: "development", PLATFORM_PORT: String(port), TMS_DATABASE_URL: url, LOG_LEVEL: "error" }, stdio: "ignore" });
  for (let i = 0; i < 900; i++) {
    const up = await fetch(`${baseUrl}/health`).then((r) => r.ok).catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("platform did not start");
}

beforeAll(async () => {
  database = await seededTestDatabase("ledger_crash");
  url = database.url;
  db = await openDatabase(url);
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await db?.destroy();
  await database?.drop();
});

it("kill -9 in the middle of a batch of payments loses no answered payment and keeps every invariant", async () => {
  const k = db.kysely;
  const { ids, orgName } = await payableWaybills(db, 80, { amount: 50_000, prefix: `YDC${process.pid}` });

  await startPlatform();
  const orgToken = (await loginAs(baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const sysToken = (await loginAs(baseUrl, DEMO_ACCOUNTS.SYSTEM_USER)).accessToken;
  const recharge = await call<{ id: number }>(baseUrl, "/pay/recharges", {
    token: orgToken,
    body: { requestNo: randomUUID(), amount: 80 * settlementOf(50_000).shipperPayable, payerName: orgName, payerAccountNo: "1234567890123", payerBank: "中国农业银行", bankSerialNo: `CRASH${Date.now()}`, transferTime: new Date(Date.now() - 60_000).toISOString(), voucherUrl: "/files/v.jpg" },
  });
  await call(baseUrl, `/pay/recharges/${recharge.body.data!.id}/confirm`, { token: sysToken, body: {} });

  // Payments go out eight at a time; the platform dies after the 20th answer, mid-flight.
  const answered: Array<{ requestNo: string; freightId: number; paymentNo: string }> = [];
  const queue = ids.map((freightId) => ({ freightId, requestNo: randomUUID() }));
  let killed = false;
  const worker = async () => {
    for (let next = queue.shift(); next && !killed; next = queue.shift()) {
      const res = await call<{ paymentNo: string }>(baseUrl, "/pay/payments", { token: orgToken, body: { requestNo: next.requestNo, freightIds: [next.freightId] } }).catch(() => null);
      if (res?.body.code === 200) answered.push({ ...next, paymentNo: res.body.data!.paymentNo });
      if (answered.length >= 20 && !killed) {
        killed = true;
        child!.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  expect(killed).toBe(true);
  const dead = child!;
  if (dead.exitCode === null && dead.signalCode === null) await new Promise((r) => dead.once("exit", r));

  await startPlatform();
  const result = await checkLedger(db);
  expect(result.failures, JSON.stringify(result.failures)).toEqual([]);
  for (const a of answered) {
    const payment = await k.selectFrom("payments").select(["id", "status"]).where("payment_no", "=", a.paymentNo).executeTakeFirst();
    expect(payment?.status).toBe("SUCCESS");
    const item = await k.selectFrom("payment_items").select(["status", "freight_id"]).where("payment_id", "=", Number(payment!.id)).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ status: "SUCCESS", freight_id: a.freightId });
  }
  // Replaying an answered request after the restart answers the same payment and moves nothing.
  const token = (await loginAs(baseUrl, DEMO_ACCOUNTS.ORG_USER)).accessToken;
  const replay = await call<{ paymentNo: string; replayed: boolean }>(baseUrl, "/pay/payments", { token, body: { requestNo: answered[0]!.requestNo, freightIds: [answered[0]!.freightId] } });
  expect(replay.body.data).toMatchObject({ paymentNo: answered[0]!.paymentNo, replayed: true });
  expect((await checkLedger(db)).transactions).toBe(result.transactions);
});

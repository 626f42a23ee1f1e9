/**
 * Forged forwarding headers, the console's half: a browser that forges X-Forwarded-For and
 * X-Forwarded-Host at the console (which trusts no proxy by default) still hits the platform's
 * per-address limits (SMS code, H5 reads) as one address, and cannot pass the same-origin check by
 * naming the attacker's host. The real console server (scripts/console-server.ts, the built console:
 * run `npm run build` first) on a free port (the SQLite and PostgreSQL runs overlap), in front of this test's platform.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SEARCHES_PER_MINUTE } from "../../contract/findship.js";
import { SMS_RATE_LIMITS } from "../../platform/identity/sms-codes.js";
import { startTestPlatform, type TestPlatform } from "../helpers/platform.js";
import { freePort } from "../helpers/processes.js";
import { CONSOLE_SERVER_BUILD } from "../../scripts/console-build-paths.js";

let PORT = 0;
let consoleUrl = "";
let platform: TestPlatform;
let consoleServer: ChildProcess;

beforeAll(async () => {
  if (!existsSync(CONSOLE_SERVER_BUILD)) throw new Error(`${CONSOLE_SERVER_BUILD} is missing: run \`npm run build\` first`);
  PORT = await freePort();
  consoleUrl = `http://127.0.0.1:${PORT}`;
  platform = await startTestPlatform("console-forwarded");
  consoleServer = spawn(process.execPath, ["--import", "tsx", "scripts/console-server.ts"], {
    env: { ...process.env, TMS_ENV: "development", NODE_ENV: "production", PORT: String(PORT), TMS_PLATFORM_URL: platform.baseUrl, TMS_TRUST_PROXY: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (consoleServer.exitCode !== null) throw new Error(`the console exited (${consoleServer.exitCode})`);
    if (await fetch(`${consoleUrl}/login`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the console did not answer within 120 s");
});
afterAll(async () => {
  if (consoleServer && consoleServer.exitCode === null) {
    const exited = new Promise((resolve) => consoleServer.once("exit", resolve));
    consoleServer.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (consoleServer.exitCode === null) consoleServer.kill("SIGKILL");
  }
  await platform?.close();
});

let n = 0;
const forged = () => ({ "X-Forwarded-For": `203.0.113.${++n % 250}, 198.51.100.${n % 250}`, "X-Forwarded-Host": `evil${n}.example` });
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${consoleUrl}/login`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() });

describe(`forged forwarded headers at the console (${process.env.TEST_DATABASE_URL ? "postgres" : "sqlite"})`, () => {
  it("do not get around the per-address SMS limit", async () => {
    const pages: string[] = [];
    for (let i = 0; i <= SMS_RATE_LIMITS.smsPerAddress.limit; i++) pages.push(await (await form({ intent: "send-sms", mobile: String(13600000100 + i) }, forged())).text());
    expect(pages.slice(0, -1).filter((p) => p.includes("操作过于频繁"))).toEqual([]);
    expect(pages.at(-1)).toContain("操作过于频繁");
  });

  it("do not get around the H5 read limit (找船 and 船舶详情 share it)", async () => {
    const answers: string[] = [];
    for (let i = 0; i <= PUBLIC_SEARCHES_PER_MINUTE; i++) {
      const path = i % 2 ? "/shipDetail?id=1" : "/h5findShip";
      answers.push(await (await fetch(`${consoleUrl}${path}`, { headers: forged() })).text());
    }
    expect(answers.slice(0, -1).filter((a) => a.includes("访问过于频繁"))).toEqual([]);
    expect(answers.at(-1)).toContain("访问过于频繁");
  });

  it("do not fool the same-origin check with X-Forwarded-Host", async () => {
    const res = await form({ intent: "send-sms", mobile: "13600000999" }, { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("拒绝跨站提交");
  });
});

/**
 * Issue 21 item 8 / issue 23 item 3 (console half): a browser that forges X-Forwarded-For and
 * X-Forwarded-Host at the console (which trusts no proxy by default) still hits the platform's
 * per-address limits (SMS code, H5 reads) as one address, and cannot pass the same-origin check by
 * naming the attacker's host. Its own stack (ports 3205/3206), so exhausting the limits of this
 * machine's address does not touch the run's shared console.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_SEARCHES_PER_MINUTE } from "../../contract/findship.js";
import { SMS_RATE_LIMITS } from "../../platform/identity/sms-codes.js";
import { startConsoleStack, type ConsoleStack } from "../helpers/console-stack.js";

let stack: ConsoleStack;
beforeAll(async () => {
  stack = await startConsoleStack({}, { console: 3205, platform: 3206 });
}, 400_000);
afterAll(() => stack?.stop());

let n = 0;
const forged = () => ({ "X-Forwarded-For": `203.0.113.${++n % 250}, 198.51.100.${n % 250}`, "X-Forwarded-Host": `evil${n}.example` });
const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${stack.baseUrl}/login`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() });

describe("forged forwarded headers at the console", () => {
  it("do not get around the per-address SMS limit", async () => {
    const pages: string[] = [];
    for (let i = 0; i <= SMS_RATE_LIMITS.smsPerAddress.limit; i++) pages.push(await (await form({ intent: "send-sms", mobile: String(13600000100 + i) }, forged())).text());
    expect(pages.slice(0, -1).some((p) => p.includes("操作过于频繁"))).toBe(false);
    expect(pages.at(-1)).toContain("操作过于频繁");
  }, 120_000);

  it("do not get around the H5 read limit (找船 and 船舶详情 share it)", async () => {
    const answers: string[] = [];
    for (let i = 0; i <= PUBLIC_SEARCHES_PER_MINUTE; i++) {
      const path = i % 2 ? "/shipDetail?id=1" : "/h5findShip";
      answers.push(await (await fetch(`${stack.baseUrl}${path}`, { headers: forged() })).text());
    }
    expect(answers.slice(0, -1).some((a) => a.includes("访问过于频繁"))).toBe(false);
    expect(answers.at(-1)).toContain("访问过于频繁");
  }, 120_000);

  it("do not fool the same-origin check with X-Forwarded-Host", async () => {
    const res = await form({ intent: "send-sms", mobile: "13600000999" }, { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("拒绝跨站提交");
  });
});

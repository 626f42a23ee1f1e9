/**
 * A client's forged X-Forwarded-For does not get around the
 * per-address limits. The platform here trusts only a proxy at 10.9.9.9, so this test's requests
 * (from 127.0.0.1, like a client reaching it directly) are one address whatever header they send.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../platform/identity/service";
import { call, startTestPlatform, type TestPlatform } from "../helpers/platform";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform("trusted-proxy", { trustProxy: ["10.9.9.9"] });
});
afterAll(() => platform?.close());

let n = 0;
const forged = () => ({ "X-Forwarded-For": `198.51.100.${++n % 250}, 203.0.113.${n % 250}` });

describe("forged forwarded headers from an untrusted peer", () => {
  it("do not get around the per-address SMS limit", async () => {
    const answers = [];
    for (let i = 0; i <= RATE_LIMITS.smsPerAddress.limit; i++) {
      answers.push(await call(platform.baseUrl, "/api/v1/auth/sms-auth-code", { body: { clientId: "proxy", mobile: String(13500000100 + i) }, headers: forged() }));
    }
    expect(answers.slice(0, -1).every((a) => a.body.code === 200)).toBe(true);
    expect(answers.at(-1)!.body.message).toMatch(/操作过于频繁/);
  });

  it("do not get around the H5 read limit", async () => {
    let refused = 0;
    for (let i = 0; i < 80 && refused === 0; i++) {
      const answer = await call(platform.baseUrl, "/public/find-ship", { method: "GET", headers: forged() });
      if (answer.body.code !== 200) refused += 1;
    }
    expect(refused).toBe(1);
  });
});

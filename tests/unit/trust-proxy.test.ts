/** contract/trust-proxy.ts: the client address under each TMS_TRUST_PROXY form, and what the console does to the headers. */
import { describe, expect, it } from "vitest";
import { clientAddress, consoleTrustProxy, normaliseForwardedHeaders, trustPredicate } from "../../contract/trust-proxy.js";

describe("the console's forwarded headers", () => {
  it("trust nobody by default: the socket's address, X-Forwarded-Host and -Proto dropped", () => {
    const headers: Record<string, string | string[] | undefined> = { "x-forwarded-for": "6.6.6.6, 7.7.7.7", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https", host: "tms.example" };
    normaliseForwardedHeaders(headers, "192.0.2.10", trustPredicate(consoleTrustProxy(undefined)));
    expect(headers).toEqual({ "x-forwarded-for": "192.0.2.10", host: "tms.example" });
  });

  it("take the right-most untrusted hop behind trusted proxies, and keep their X-Forwarded-Host", () => {
    const headers: Record<string, string | string[] | undefined> = { "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2", "x-forwarded-host": "tms.example" };
    normaliseForwardedHeaders(headers, "127.0.0.1", trustPredicate(consoleTrustProxy("loopback, 10.0.0.0/8")));
    expect(headers).toEqual({ "x-forwarded-for": "203.0.113.5", "x-forwarded-host": "tms.example" });
  });

  it("count hops when the setting is a number, and ignore the header when it is off", () => {
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2", trustPredicate(consoleTrustProxy("1")))).toBe("2.2.2.2");
    expect(clientAddress("10.0.0.1", "1.1.1.1, 2.2.2.2", trustPredicate(consoleTrustProxy("2")))).toBe("1.1.1.1");
    expect(clientAddress("10.0.0.1", "1.1.1.1", trustPredicate(consoleTrustProxy("off")))).toBe("10.0.0.1");
  });
});

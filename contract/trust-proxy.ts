/**
 * TMS_TRUST_PROXY: which peers may tell us the client's address.
 * - unset: the program's default (the console: nobody; the platform: loopback, where the bundled console runs);
 * - "off" / "false" / "0": nobody;
 * - a number N: the N hops nearest to us (each proxy appends the address it saw);
 * - a comma list of addresses, CIDR ranges or the names loopback / linklocal / uniquelocal.
 * The client's address is the right-most address in the chain that is not trusted (proxy-addr's rule,
 * which Fastify's trustProxy uses too). An unparsable address refuses to start (proxy-addr throws).
 */
import { createRequire } from "node:module";

export type TrustProxySetting = false | number | string[];

export function parseTrustProxy(value: string | undefined, fallback: TrustProxySetting): TrustProxySetting {
  const text = value?.trim();
  if (!text) return fallback;
  if (/^(off|false|none|0)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The platform's setting: the consoles on this machine (loopback) always, plus the configured peers. */
export function platformTrustProxy(value: string | undefined): TrustProxySetting {
  const setting = parseTrustProxy(value, ["loopback"]);
  return Array.isArray(setting) ? [...new Set(["loopback", ...setting])] : setting;
}

// ---------------------------------------------------------------------------------------------
// Server-only (node): the client address under a setting, with proxy-addr, the library Fastify's
// trustProxy uses, so the console and the platform read a chain the same way.

interface ProxyAddr {
  (req: { connection: { remoteAddress?: string }; headers: Record<string, string | undefined> }, trust: (address: string, hop: number) => boolean): string;
  compile(value: string[]): (address: string, hop: number) => boolean;
}
const proxyaddr = createRequire(import.meta.url)("proxy-addr") as ProxyAddr;

/** The console's setting: nobody is trusted unless TMS_TRUST_PROXY says so (it faces browsers). */
export function consoleTrustProxy(value: string | undefined): TrustProxySetting {
  return parseTrustProxy(value, false);
}

/** The setting as proxy-addr's predicate: is the hop-th address from us (0 = the socket's peer) a trusted proxy? */
export function trustPredicate(setting: TrustProxySetting): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/**
 * The client's address: the right-most address of `socket` + X-Forwarded-For that is not a trusted
 * proxy; the socket's peer itself when it is not trusted (its X-Forwarded-For is then ignored).
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trust: (address: string, hop: number) => boolean): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  return proxyaddr({ connection: { remoteAddress: socketAddress ?? "" }, headers: { "x-forwarded-for": header } }, trust);
}

/**
 * What the console does to every request before anything reads it:
 * X-Forwarded-For becomes the one client address it computed (set, not appended: what reaches the
 * platform is that address only), and X-Forwarded-Host / -Proto are dropped unless the peer is a
 * trusted proxy, so neither the same-origin check nor the host branding can be told another host.
 */
export function normaliseForwardedHeaders(headers: Record<string, string | string[] | undefined>, socketAddress: string | undefined, trust: (address: string, hop: number) => boolean): void {
  headers["x-forwarded-for"] = clientAddress(socketAddress, headers["x-forwarded-for"], trust);
  if (!trust(socketAddress ?? "", 0)) {
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-proto"];
  }
}

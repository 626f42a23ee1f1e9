/**
 * TMS_TRUST_PROXY (issue 21 item 8, issue 23 item 3): which peers may tell us the client's address.
 * - unset: the program's default (the console: nobody; the platform: loopback, where the bundled console runs);
 * - "off" / "false" / "0": nobody;
 * - a number N: the N hops nearest to us (each proxy appends the address it saw);
 * - a comma list of addresses, CIDR ranges or the names loopback / linklocal / uniquelocal.
 * The client's address is the right-most address in the chain that is not trusted (proxy-addr's rule,
 * which Fastify's trustProxy uses too). An unparsable address refuses to start (proxy-addr throws).
 */
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

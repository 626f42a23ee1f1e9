/**
 * SM2 keys of the ministry exchange as settings give them: hex (a 64-digit private key; a public key of
 * 130 digits `04‖x‖y`, 128 digits `x‖y` or 66 compressed), or PEM (PKCS#8 / SEC1 private key, SPKI
 * public key, or the receiving platform's X.509 certificate). PEM in an environment variable may have
 * its line breaks written as `\n`. Parsing goes through Node's OpenSSL (PEM, DER) and sm-crypto-v2
 * (point checks); every key comes out as lower-case hex, the form the wire uses.
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import { sm2 } from "sm-crypto-v2";

export interface Sm2KeyPair {
  privateKey: string;
  publicKey: string;
}

const pemOf = (text: string) => text.trim().replace(/\\n/g, "\n");
/** The SM2 curve's OID (1.2.156.10197.1.301) as DER: OpenSSL reads such keys as type "SM2", which Node leaves unnamed. */
const SM2_CURVE = Buffer.from("06082a811ccf5501822d", "hex");

/** The uncompressed point (65 bytes, `04‖x‖y`) that ends an SM2 SubjectPublicKeyInfo. */
function publicHexOf(key: KeyObject): string | null {
  const der = key.export({ type: "spki", format: "der" });
  if (!der.includes(SM2_CURVE)) return null;
  const point = der.subarray(der.length - 65);
  return point[0] === 0x04 ? point.toString("hex") : null;
}

/** An SM2 public key as 130 hex digits (`04‖x‖y`), or null when the text is not one. */
export function parsePublicKey(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  const value = text.trim();
  try {
    if (value.includes("-----BEGIN CERTIFICATE-----")) return publicHexOf(new X509Certificate(pemOf(value)).publicKey);
    if (value.includes("-----BEGIN")) return publicHexOf(createPublicKey(pemOf(value)));
    const hex = value.toLowerCase();
    if (!/^[0-9a-f]+$/.test(hex)) return null;
    const full = hex.length === 128 ? `04${hex}` : hex;
    if (full.length === 130 && full.startsWith("04")) return sm2.verifyPublicKey(full) ? full : null;
    if (full.length === 66 && /^0[23]/.test(full) && sm2.verifyPublicKey(full)) return sm2.precomputePublicKey(full).toHex(false);
    return null;
  } catch {
    return null;
  }
}

/** An SM2 private key as 64 hex digits, or null when the text is not one. */
export function parsePrivateKey(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  const value = text.trim();
  try {
    if (value.includes("-----BEGIN")) {
      // PKCS#8 { …, sm2 curve, OCTET STRING { ECPrivateKey { INTEGER 1, OCTET STRING (32) d, … } } }.
      const der = createPrivateKey(pemOf(value)).export({ type: "pkcs8", format: "der" });
      const at = der.indexOf(Buffer.from("0201010420", "hex"), der.indexOf(SM2_CURVE));
      if (!der.includes(SM2_CURVE) || at < 0) return null;
      return der.subarray(at + 5, at + 37).toString("hex");
    }
    const hex = value.toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hex) || /^0+$/.test(hex)) return null;
    return sm2.verifyPublicKey(sm2.getPublicKeyFromPrivateKey(hex)) ? hex : null;
  } catch {
    return null;
  }
}

/** The public half of a private key (hex `04‖x‖y`). */
export const publicKeyOf = (privateKey: string) => sm2.getPublicKeyFromPrivateKey(privateKey);

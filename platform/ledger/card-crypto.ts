/** Bank card numbers at rest (domain 5.5): AES-256-GCM with a key from TMS_CARD_KEY, and a keyed hash for uniqueness. */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

function key(): Buffer {
  const secret = process.env.TMS_CARD_KEY ?? (process.env.TMS_ENV === "production" ? undefined : "tms-development-card-key");
  if (!secret) throw new Error("TMS_CARD_KEY must be set when TMS_ENV=production (it encrypts bank card numbers)");
  return createHash("sha256").update(secret).digest();
}

export function encryptCardNo(cardNo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(cardNo, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
}

export function decryptCardNo(stored: string): string {
  const [iv, tag, body] = stored.split(".").map((p) => Buffer.from(p, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", key(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

export const cardHash = (cardNo: string) => createHmac("sha256", key()).update(cardNo).digest("hex");

/** A key of its own for another secret kept only as a keyed hash (an invitation code), derived from the same TMS_CARD_KEY. */
export const derivedKey = (purpose: string) => createHmac("sha256", key()).update(`derived:${purpose}`).digest();

/** A card number as shown anywhere (domain 5.5): 6222 **** **** 1234; short or odd values keep only their last 4. */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s/g, "");
  if (digits.length >= 12) return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`;
  return `**** ${digits.slice(-4)}`;
}

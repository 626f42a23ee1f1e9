/**
 * Values sealed at rest, the one mechanism for bank card numbers and personal ID numbers: AES-256-GCM
 * under a key from the settings (stored `iv.tag.body`, base64) and an HMAC-SHA256 for equality (unique
 * indexes, exact search). A sealer also opens values sealed under its previous key, so a key can be
 * rotated while the platform runs (docs/design/security-data.md "Rotating a key").
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";

export interface SealerKeys {
  /** The setting's name and its development default (refused in production). */
  seal: [name: string, development: string];
  /** The HMAC key's setting, when it is not the sealing key itself. */
  hash?: [name: string, development: string];
  /** The previous sealing key's setting, read while values are re-sealed under the new one. */
  previous?: string;
}

export interface Sealer {
  seal(clear: string): string;
  open(stored: string): string;
  hash(clear: string): string;
  /**
   * The value sealed again under the current key when the previous key sealed it, or null when the
   * current key already opens it (a rotation's pass: idempotent, so it resumes by running again).
   * Throws when neither key opens it.
   */
  reseal(stored: string): string | null;
  /** A key of its own for another purpose (a secret kept only as a keyed hash), derived from the sealing key. */
  derive(purpose: string): Buffer;
}

function secret([name, development]: [string, string]): Buffer {
  const value = process.env[name] || (process.env.TMS_ENV === "production" ? undefined : development);
  if (!value) throw new Error(`${name} must be set when TMS_ENV=production`);
  return createHash("sha256").update(value).digest();
}

function openWith(key: Buffer, stored: string): string {
  const [iv, tag, body] = stored.split(".").map((p) => Buffer.from(p, "base64"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}

export function sealer(keys: SealerKeys): Sealer {
  const previousKey = () => {
    const previous = keys.previous ? process.env[keys.previous] : undefined;
    return previous ? createHash("sha256").update(previous).digest() : null;
  };
  const self: Sealer = {
    seal(clear) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", secret(keys.seal), iv);
      const body = Buffer.concat([cipher.update(clear, "utf8"), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(".");
    },
    open(stored) {
      try {
        return openWith(secret(keys.seal), stored);
      } catch (error) {
        // GCM's tag tells the keys apart: a value the current key cannot open may be one not yet re-sealed.
        const previous = previousKey();
        if (!previous) throw error;
        return openWith(previous, stored);
      }
    },
    reseal(stored) {
      try {
        openWith(secret(keys.seal), stored);
        return null;
      } catch (error) {
        const previous = previousKey();
        if (!previous) throw error;
        return self.seal(openWith(previous, stored));
      }
    },
    hash: (clear) => createHmac("sha256", secret(keys.hash ?? keys.seal)).update(clear).digest("hex"),
    derive: (purpose) => createHmac("sha256", secret(keys.seal)).update(`derived:${purpose}`).digest(),
  };
  return self;
}

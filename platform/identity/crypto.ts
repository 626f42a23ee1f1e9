import { createHash, constants, generateKeyPairSync, privateDecrypt, randomBytes, randomInt, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32, SCRYPT);
  return `scrypt$${SCRYPT.N}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scryptAsync(password, Buffer.from(saltB64, "base64"), expected.length, { ...SCRYPT, N: Number(n) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function generateRsaKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
}

/** Decrypts login's authSecret (RSA-OAEP with SHA-256, base64); null when it is not a valid ciphertext. */
export function decryptSecret(privateKey: string, base64: string): string | null {
  try {
    return privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(base64, "base64"),
    ).toString("utf8");
  } catch {
    return null;
  }
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const CAPTCHA_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A four-character captcha drawn as SVG with jitter and noise lines. */
export function makeCaptcha(): { answer: string; svg: string } {
  const answer = Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("");
  const glyphs = [...answer]
    .map((ch, i) => {
      const x = 14 + i * 24 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const rotate = randomInt(-25, 26);
      const hue = randomInt(0, 360);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue},60%,35%)" font-size="24" font-family="monospace" font-weight="bold">${ch}</text>`;
    })
    .join("");
  const lines = Array.from({ length: 4 }, () => {
    const hue = randomInt(0, 360);
    return `<line x1="${randomInt(0, 110)}" y1="${randomInt(0, 40)}" x2="${randomInt(0, 110)}" y2="${randomInt(0, 40)}" stroke="hsl(${hue},50%,60%)" stroke-width="1.5"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="40" viewBox="0 0 110 40"><rect width="110" height="40" fill="#f3f6fb"/>${lines}${glyphs}</svg>`;
  return { answer, svg };
}

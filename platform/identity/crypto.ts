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

type Stroke = Array<[number, number]>;
const P: Stroke = [[0, 6], [0, 0], [3, 0], [4, 1], [4, 2], [3, 3], [0, 3]];
/** Each character as strokes on a 4 × 6 grid (y down): drawn as paths, never as text. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 6], [2, 0], [4, 6]], [[1, 3.5], [3, 3.5]]],
  B: [P, [[3, 3], [4, 4], [4, 5], [3, 6], [0, 6]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [3, 6], [4, 5], [4, 1], [3, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3], [2, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  J: [[[1, 0], [4, 0]], [[3, 0], [3, 5], [2, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 4]], [[1, 3], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  P: [P],
  Q: [[[1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 1], [3, 0], [1, 0]], [[2, 4], [4, 6]]],
  R: [P, [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 3], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  "2": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  "3": [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3]], [[3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  "4": [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  "5": [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [0, 6]]],
  "6": [[[3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  "7": [[[0, 0], [4, 0], [1, 6]]],
  "8": [[[1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 2], [0, 1], [1, 0]], [[1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  "9": [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6]]],
};

const jitter = (spread: number) => (randomInt(-1000, 1001) / 1000) * spread;
const num = (n: number) => n.toFixed(1);
const colour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 70)}%,${randomInt(28, 45)}%)`;

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** One character's strokes, scaled, rotated, skewed and jittered point by point, as path data. */
function glyphPath(ch: string, originX: number, originY: number): string {
  const scale = 3.6 + jitter(0.4);
  const angle = (jitter(22) * Math.PI) / 180;
  const skew = jitter(0.25);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return (GLYPHS[ch] ?? [])
    .map((stroke) =>
      stroke
        .map(([gx, gy], i) => {
          const x = (gx - 2 + skew * (gy - 3)) * scale + jitter(0.9);
          const y = (gy - 3) * scale + jitter(0.9);
          return `${i === 0 ? "M" : "L"}${num(originX + x * cos - y * sin)} ${num(originY + x * sin + y * cos)}`;
        })
        .join(""),
    )
    .join("");
}

/** A curve drawn like a stroke of a glyph, so the noise cannot be told apart by its attributes. */
function noisePath(): string {
  const point = () => `${num(randomInt(0, 110) + jitter(1))} ${num(randomInt(2, 38) + jitter(1))}`;
  return `M${point()}Q${point()} ${point()}`;
}

/**
 * A four-character captcha as SVG. The characters are stroked paths (no <text>, no font), each
 * scaled, rotated, skewed and jittered, mixed in random order with noise curves of the same style
 * and a scatter of dots, so the answer is not in the markup for a script to read.
 */
export function makeCaptcha(): { answer: string; svg: string } {
  const answer = Array.from({ length: 4 }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("");
  const stroke = (d: string) => `<path d="${d}" fill="none" stroke="${colour()}" stroke-width="${num(1.8 + jitter(0.4))}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const glyphs = [...answer].map((ch, i) => stroke(glyphPath(ch, 17 + i * 25 + jitter(3), 20 + jitter(3))));
  const noise = Array.from({ length: 5 }, () => stroke(noisePath()));
  const dots = Array.from({ length: 30 }, () => `<circle cx="${num(randomInt(0, 110) + jitter(1))}" cy="${num(randomInt(0, 40) + jitter(1))}" r="${num(0.6 + Math.abs(jitter(0.6)))}" fill="${colour()}"/>`);
  const body = shuffle([...glyphs, ...noise, ...dots]).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="110" height="40" viewBox="0 0 110 40"><rect width="110" height="40" fill="#f3f6fb"/>${body}</svg>`;
  return { answer, svg };
}

/** A password hash no password matches: the account logs in by SMS code until he sets a password. */
export const NO_PASSWORD = "!";

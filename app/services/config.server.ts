import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";

const SECRET_FILE = "./data/session-secret";

function sessionSecret(): string {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (process.env.TMS_ENV === "production") throw new Error("SESSION_SECRET must be set when TMS_ENV=production");
  if (existsSync(SECRET_FILE)) return readFileSync(SECRET_FILE, "utf8").trim();
  mkdirSync(dirname(SECRET_FILE), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(SECRET_FILE, secret, { mode: 0o600 });
  return secret;
}

export const consoleConfig = {
  platformUrl: (process.env.TMS_PLATFORM_URL ?? `http://127.0.0.1:${process.env.PLATFORM_PORT ?? 3001}`).replace(/\/$/, ""),
  production: process.env.TMS_ENV === "production",
  sessionSecret: sessionSecret(),
  /** Spec 9: request timeout 6,000,000 ms. */
  requestTimeoutMs: 6_000_000,
  versionFunctions: (process.env.TMS_VERSION_FUNCTIONS ?? "CAPTAIN,DRIVER").split(",").map((s) => s.trim()).filter(Boolean),
};

import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname } from "node:path";
import { platformUrlOf, readSettings, SESSION_SECRET_FILE } from "../../contract/settings";

const SECRET_FILE = SESSION_SECRET_FILE;

/** Every console setting, read and checked by the one schema (contract/settings.ts). */
const { settings, production } = readSettings(process.env, "console");

function sessionSecret(): string {
  if (settings.SESSION_SECRET) return settings.SESSION_SECRET;
  if (production) throw new Error("SESSION_SECRET must be set when TMS_ENV=production");
  if (existsSync(SECRET_FILE)) return readFileSync(SECRET_FILE, "utf8").trim();
  mkdirSync(dirname(SECRET_FILE), { recursive: true });
  // Written whole under a temporary name, then linked into place: consoles starting together on one
  // data directory all end up with the first one's secret, never a half-written file.
  const temporary = `${SECRET_FILE}.${process.pid}`;
  writeFileSync(temporary, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    linkSync(temporary, SECRET_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(SECRET_FILE, "utf8").trim();
}

export const consoleConfig = {
  platformUrl: platformUrlOf(settings),
  production,
  /** Set when several consoles serve one site: they share token rotations through it (rotations.server.ts). */
  redisUrl: settings.TMS_REDIS_URL,
  sessionSecret: sessionSecret(),
  /** Spec 9: request timeout 6,000,000 ms, for long calls (exports, imports, a form's POST). */
  requestTimeoutMs: 6_000_000,
  /**
   * A page load (GET) waits this long for each platform call, so a hung platform
   * gives the outage page within seconds instead of holding the browser for the spec's 100 minutes.
   */
  pageTimeoutMs: settings.TMS_PAGE_TIMEOUT_MS,
  versionFunctions: settings.TMS_VERSION_FUNCTIONS,
};

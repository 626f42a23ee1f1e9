/**
 * Boots the whole console for HTTP page tests: scripts/start.ts (which builds with remix when the build
 * is stale, starts the platform on a fresh SQLite file, then the console), on free ports.
 *
 *   const app = await startTestConsole("page-sweep");
 *   const cookie = await loginCookie(app.baseUrl, "13800000003", "Demo@2026");
 *   const html = await (await fetch(`${app.baseUrl}/dashboard`, { headers: { cookie } })).text();
 *   await app.close();
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../..", import.meta.url).pathname;

export interface TestConsole {
  baseUrl: string;
  platformUrl: string;
  close(): Promise<void>;
}

/** A port the OS has just handed out (and taken back), so parallel test files do not collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForLogin(baseUrl: string, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exit = exited();
    if (exit) throw new Error(`the console exited before answering (${exit})`);
    try {
      if ((await fetch(`${baseUrl}/login`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the console did not answer ${baseUrl}/login within ${timeoutMs / 1000} s`);
}

/** Starts platform and console (`name` labels the temporary database directory). */
export async function startTestConsole(name: string): Promise<TestConsole> {
  const [port, platformPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), `tms-${name}-`));
  let stderr = "";
  let exit: string | null = null;
  // The bundled platform, always: an inherited TMS_PLATFORM_URL would point the console elsewhere.
  const { TMS_PLATFORM_URL: _elsewhere, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
    env: { ...inherited, PORT: String(port), PLATFORM_PORT: String(platformPort), TMS_DATABASE_URL: `file:${join(dataDir, "tms.db")}`, LOG_LEVEL: "warn" },
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on("exit", (code, signal) => {
    exit = `${signal ?? code}: ${stderr.trim().slice(-1000)}`;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (exit === null) {
      const gone = new Promise((r) => child.once("exit", r));
      process.kill(-child.pid!, "SIGTERM");
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForLogin(baseUrl, () => exit, 240_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { baseUrl, platformUrl: `http://127.0.0.1:${platformPort}`, close };
}

/** Logs in through the console's password form (JavaScript off) and returns the session cookie. */
export async function loginCookie(baseUrl: string, mobile: string, password: string): Promise<string> {
  const body = new URLSearchParams({ intent: "login", grantType: "password", redirect: "/dashboard", mobile, password });
  const response = await fetch(`${baseUrl}/login`, { method: "POST", body, redirect: "manual", headers: { Origin: baseUrl } });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`login of ${mobile} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return cookies.join("; ");
}

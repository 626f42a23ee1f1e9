/**
 * The console and its platform as `npm start` runs them (scripts/start.ts: the built console, a platform
 * on a fresh SQLite file that it migrates and seeds), on ports of their own; for the HTTP page tests.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./processes.js";

export interface ConsoleStack {
  baseUrl: string;
  platformUrl: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the console stack exited (${child.exitCode}) before ${url} answered`);
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Signals the stack's process group; one already gone (it may exit before its `exit` event is seen) is not an error. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}

export async function startConsoleStack(env: Record<string, string> = {}): Promise<ConsoleStack> {
  const dir = mkdtempSync(join(tmpdir(), "tms-console-"));
  const [port, platformPort] = [await freePort(), await freePort()];
  const stderr: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: new URL("../..", import.meta.url).pathname,
    env: { ...process.env, PORT: String(port), PLATFORM_PORT: String(platformPort), TMS_DATABASE_URL: `file:${join(dir, "tms.db")}`, TMS_DATA_DIR: dir, LOG_LEVEL: "warn", TEST_DATABASE_URL: "", ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A clean checkout builds the console first (about a minute on two cores).
    await waitFor(`${baseUrl}/login`, child, 300_000);
  } catch (error) {
    signalGroup(child, "SIGKILL");
    throw new Error(`${(error as Error).message}\n${stderr.join("").slice(-4000)}`);
  }
  return {
    baseUrl,
    platformUrl: `http://127.0.0.1:${platformPort}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        signalGroup(child, "SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) signalGroup(child, "SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

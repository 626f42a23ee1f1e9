/**
 * Spawns the platform's production entry (platform/main.ts) as ops would start it, for the tests of
 * what happens at start and at shutdown. Its output is collected; `exited` resolves with its status.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });

export interface SpawnedPlatform {
  child: ChildProcess;
  baseUrl: string;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once /health answers; rejects if the process exits first. */
  healthy(timeoutMs?: number): Promise<void>;
}

/** `env` replaces the test runner's TMS_ and settings variables: only what the caller passes is set. */
export async function spawnPlatform(env: Record<string, string>): Promise<SpawnedPlatform> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(childEnv)) if (/^(TMS_|SESSION_SECRET|LOG_LEVEL|PLATFORM_)/.test(name)) delete childEnv[name];
  Object.assign(childEnv, { PLATFORM_PORT: String(port), LOG_LEVEL: "warn" }, env);
  const child = spawn(process.execPath, ["--import", "tsx", "platform/main.ts"], { env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  child.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    baseUrl,
    output: () => text,
    exited,
    async healthy(timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (gone) throw new Error(`platform exited before it was healthy:\n${text}`);
        if (await fetch(`${baseUrl}/health`).then((r) => r.ok).catch(() => false)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`platform not healthy within ${timeoutMs} ms:\n${text}`);
    },
  };
}

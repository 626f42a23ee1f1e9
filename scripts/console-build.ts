/**
 * Builds the console (Remix's Vite plugin, vite.config.ts): always when run
 * (`tsx scripts/console-build.ts`, the first step of `npm run build`), or from a starter only when its
 * server module is missing or older than its sources (`buildIfNeeded`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { CONSOLE_SERVER_BUILD } from "./console-build-paths.js";

const root = new URL("..", import.meta.url).pathname;
export const buildEntry = join(root, CONSOLE_SERVER_BUILD);

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Runs the build; its report of files goes nowhere, its warnings and errors to stderr. Remix 2's Vite
 * plugin loads vite-node's CommonJS build, which loads Vite's (remix-run/remix#10664); Vite's notice
 * about that is about Remix's internals, not this project's configuration, so it is turned off here.
 */
export function buildConsole(): boolean {
  const env = { ...process.env, NODE_ENV: "production" as const, VITE_CJS_IGNORE_WARNING: "1" };
  return spawnSync("npx", ["remix", "vite:build", "--logLevel", "warn"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env }).status === 0;
}

/** True when it built (or found the build current); logs to stderr with `label`. */
export function buildIfNeeded(label = "[start]"): boolean {
  const sources = ["app", "contract", "public"].map((d) => join(root, d)).filter(existsSync);
  // The waterways are derived once (npm run build does it too); a console without the file would
  // derive them itself on its first water map, at ~4 s and ~290 MB.
  if (!existsSync(join(root, "build/waterways.json"))) {
    const derived = spawnSync(process.execPath, ["--import", "tsx", "scripts/build-waterways.ts"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (derived.status !== 0) return false;
  }
  const configs = ["vite.config.ts", "scripts/console-layer-chunks.ts", "postcss.config.js", "tailwind.config.ts"].map((f) => statSync(join(root, f)).mtimeMs);
  const stale = !existsSync(buildEntry) || Math.max(...sources.map(newestMtime), ...configs) > statSync(buildEntry).mtimeMs;
  if (!stale) return true;
  console.error(`${label} building the console…`);
  return buildConsole();
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.exit(buildConsole() ? 0 : 1);

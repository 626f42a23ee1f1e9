/** Builds the console (remix build) when build/index.js is missing or older than its sources. */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
export const buildEntry = join(root, "build/index.js");

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
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
  const stale = !existsSync(buildEntry) || Math.max(...sources.map(newestMtime), statSync(join(root, "remix.config.js")).mtimeMs) > statSync(buildEntry).mtimeMs;
  if (!stale) return true;
  console.error(`${label} building the console…`);
  const result = spawnSync("npx", ["remix", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  return result.status === 0;
}

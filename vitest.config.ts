import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Bounds against a hang, never a measure of speed: a test's verdict must not depend on how fast or busy
// the machine is (CI runs on a 2-core machine shared by both integration passes). Tests set no timeouts
// of their own below these; speed targets live in bench/.
const testTimeout = 300_000;
const hookTimeout = 600_000;
// The integration and page files share their worker's modules (no fresh module graph per file): each
// file starts its own platform, database or console stack and closes it, so nothing of one file's state
// is kept in modules; a fresh graph per file cost a third of those runs in collecting (433 of 1,406 s).
const isolate = false;

export default defineConfig({
  resolve: { alias: { "~": resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node", testTimeout, hookTimeout },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          isolate,
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout,
          hookTimeout,
        },
      },
      {
        extends: true,
        test: {
          name: "pages",
          include: ["tests/pages/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          isolate,
          testTimeout,
          hookTimeout,
          globalSetup: ["tests/helpers/pages-setup.ts"],
        },
      },
    ],
  },
});

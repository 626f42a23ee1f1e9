import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

// Bounds against a hang, never a measure of speed: a test's verdict must not depend on how fast or busy
// the machine is (CI runs on a 2-core machine shared by both integration passes). Tests set no timeouts
// of their own below these; speed targets live in bench/.
const testTimeout = 300_000;
const hookTimeout = 600_000;

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
          testTimeout,
          hookTimeout,
          globalSetup: ["tests/helpers/pages-setup.ts"],
        },
      },
    ],
  },
});

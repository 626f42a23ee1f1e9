import { resolve } from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "pages",
          include: ["tests/pages/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/helpers/pages-setup.ts"],
        },
      },
    ],
  },
});

import { defineConfig, devices } from "@playwright/test";

/** The e2e run starts its own platform and console on spare ports with a fresh SQLite file. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_PLATFORM_PORT = E2E_PORT + 1;

const DESKTOP = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: "tests/e2e",
  // Two workers (a spec file each), measured faster than one on two cores: 127 tests in 12.3 min on a
  // machine loaded by other work, against 20.6 min for 241 with one worker before the page tests moved.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // Bounds against a hang, not measures of speed (a busy 2-core machine renders a page in seconds).
  timeout: 300_000,
  expect: { timeout: 60_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: "zh-CN",
    timezoneId: "Asia/Shanghai",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  // The page sweeps are a project of their own, listed first, so the runner hands them out before the
  // other files (in the order of the projects): they are the longest tests (the platform account's
  // sweep about 6 minutes), and begun last they kept one worker busy long after the other had finished.
  projects: [
    { name: "sweeps", testMatch: /page-sweep\.spec\.ts$/, use: DESKTOP },
    { name: "chromium", testIgnore: /page-sweep\.spec\.ts$/, use: DESKTOP },
  ],
  webServer: {
    command: `rm -rf data/e2e-${E2E_PORT} && node --import tsx scripts/start.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    reuseExistingServer: false,
    timeout: 600_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      PLATFORM_PORT: String(E2E_PLATFORM_PORT),
      TMS_DATABASE_URL: `file:./data/e2e-${E2E_PORT}/tms.db`,
      LOG_LEVEL: "warn",
    },
  },
});

/** Vitest global set-up of the page tests: one console stack for the run; files reach it by TMS_TEST_CONSOLE_URL. */
import { startConsoleStack } from "./console-stack.js";

export default async function setup() {
  const started = Date.now();
  const stack = await startConsoleStack();
  process.env.TMS_TEST_CONSOLE_URL = stack.baseUrl;
  process.env.TMS_TEST_PLATFORM_URL = stack.platformUrl;
  console.log(`[pages] console ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => stack.stop();
}

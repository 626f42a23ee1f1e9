/** Vitest global set-up of the integration project: the seeded template every test file copies. */
import { buildSeededTemplate, TEMPLATE_ENV } from "./test-database.js";

export default async function setup() {
  const started = Date.now();
  const template = await buildSeededTemplate();
  process.env[TEMPLATE_ENV] = template.location;
  console.log(`[integration] seeded template ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return () => template.drop();
}

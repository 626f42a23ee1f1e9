/**
 * Prints every environment variable (contract/settings.ts) as a Markdown table; with `--write` writes
 * docs/configuration.md, which a unit test keeps in step with the schema.
 *
 *   npm run settings:table [-- --write]
 */
import { writeFileSync } from "node:fs";
import { configurationDocument } from "../contract/settings.js";

const document = configurationDocument();
if (process.argv.includes("--write")) {
  writeFileSync(new URL("../docs/configuration.md", import.meta.url), document);
  console.log("docs/configuration.md written");
} else process.stdout.write(document);

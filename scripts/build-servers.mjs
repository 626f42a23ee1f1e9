// `npm run build`, second half: compiles the platform, the console's server and the ops commands to
// JavaScript under build/server/ (esbuild; npm packages stay imports), so production runs `node` on
// built output with only the production dependencies installed, and no TypeScript at run time.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

/** The Node major the project runs on (.nvmrc, the one place it is written). */
const nodeMajor = readFileSync(new URL("../.nvmrc", import.meta.url), "utf8").trim().split(".")[0];

export const SERVER_ENTRIES = ["platform/main.ts", "scripts/console-server.ts", "scripts/create-admin.ts", "scripts/ledger-check.ts", "scripts/migrate.ts", "scripts/backup.ts", "scripts/restore.ts"];

await build({
  entryPoints: SERVER_ENTRIES,
  outdir: "build/server",
  outbase: ".",
  bundle: true,
  platform: "node",
  format: "esm",
  target: `node${nodeMajor}`,
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});

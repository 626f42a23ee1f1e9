// `npm run build`, second half: compiles the platform, the console's server and the ops commands to
// JavaScript under build/server/ (esbuild; npm packages stay imports), so production runs `node` on
// built output with only the production dependencies installed, and no TypeScript at run time.
import { readFileSync } from "node:fs";
import { build } from "esbuild";

/** The Node major the project runs on (.nvmrc, the one place it is written). */
const nodeMajor = readFileSync(new URL("../.nvmrc", import.meta.url), "utf8").trim().split(".")[0];

export const SERVER_ENTRIES = ["platform/main.ts", "scripts/console-server.ts", "scripts/console-route-match-cache.ts", "scripts/create-admin.ts", "scripts/ledger-check.ts", "scripts/migrate.ts", "scripts/backup.ts", "scripts/restore.ts", "scripts/rotate-keys.ts"];

/**
 * Leaves a module of our own as an import of its built file instead of inlining it: esbuild puts every
 * package import first, so an inlined module runs after them, and the console's route-match cache has to
 * run before @remix-run/router is loaded.
 */
function keepSeparate(filter) {
  return { name: "keep-separate", setup: (b) => b.onResolve({ filter }, (args) => ({ path: args.path, external: true })) };
}

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
  plugins: [keepSeparate(/^\.\/console-route-match-cache\.js$/)],
});

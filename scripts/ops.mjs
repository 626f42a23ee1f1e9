// `npm run migrate | backup | restore | ledger:check | admin:create | keys:rotate`: runs the ops command from the TypeScript sources when tsx is
// installed (development, CI), else from the built JavaScript (`npm run build` put it in
// build/server/scripts/; a production install with `--omit=dev` has no tsx). Plain JavaScript, so it
// needs neither.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const [name, ...args] = process.argv.slice(2);
const COMMANDS = ["migrate", "backup", "restore", "ledger-check", "create-admin", "rotate-keys"];
if (!COMMANDS.includes(name ?? "")) {
  console.error(`usage: node scripts/ops.mjs ${COMMANDS.join("|")} [args]`);
  process.exit(2);
}
let tsx = null;
try {
  tsx = createRequire(import.meta.url).resolve("tsx");
} catch {
  // production install: no development dependencies
}
const built = `${root}build/server/scripts/${name}.js`;
const argv = tsx ? ["--import", "tsx", `${root}scripts/${name}.ts`, ...args] : ["--enable-source-maps", built, ...args];
if (!tsx && !existsSync(built)) {
  console.error(`[${name}] ${built} is missing: run \`npm run build\` first`);
  process.exit(1);
}
const run = spawnSync(process.execPath, argv, { stdio: "inherit" });
process.exit(run.status ?? 1);

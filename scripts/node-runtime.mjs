#!/usr/bin/env node
// The Node that runs the project: the machine's when its major is at least .nvmrc's, otherwise the
// official build of that major from the npm registry (package node-<os>-<arch>), unpacked once into a
// cache directory and linked as node_modules/.bin/node. npm puts node_modules/.bin first on PATH for
// every script it runs, so `npm start`, `npm test` and every other npm script, and all they spawn,
// run on it without the caller doing anything.
//
// Written for any Node from 18 on (it runs before the project's Node is there): no dependencies, no
// TypeScript. Runs as the package's postinstall; `--print-bin-dir` prints the directory that holds
// the project's node (scripts/use-node.sh puts it on an interactive shell's PATH).
// Design: docs/design/deployment.md, "Node 24 LTS".
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const wanted = Number(readFileSync(join(root, ".nvmrc"), "utf8").trim().split(".")[0]);
const running = Number(process.versions.node.split(".")[0]);
const link = join(root, "node_modules", ".bin", "node");

/** Stops with one line that says what went wrong and what to run instead. */
function fail(what) {
  console.error(`[node-runtime] ${what}. 请安装 Node ${wanted}（https://nodejs.org）后重新运行 npm install / install Node ${wanted} and run npm install again.`);
  process.exit(1);
}

const cachePrefix = "tms-node-";

function registryPackage() {
  const os = { linux: "linux", darwin: "darwin" }[process.platform];
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (!os || !arch) fail(`Node ${process.versions.node} is older than ${wanted} and no Node build for ${process.platform}-${process.arch} is on the npm registry`);
  return `node-${os}-${arch}`;
}

function cacheDir() {
  const base = process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), ".cache");
  return join(base, `${cachePrefix}${wanted}-${registryPackage().slice("node-".length)}`);
}

/** The unpacked build's node; fetched with `npm pack` (which checks the registry's integrity) on first use. */
function cachedNode() {
  const dir = cacheDir();
  const node = join(dir, "package", "bin", "node");
  if (existsSync(node)) return node;
  const spec = `${registryPackage()}@${wanted}`;
  console.error(`[node-runtime] Node ${process.versions.node} is older than .nvmrc's ${wanted}: fetching ${spec} from the npm registry into ${dir}`);
  mkdirSync(dirname(dir), { recursive: true });
  // Unpacked beside its final place and renamed into it, so two installs at once never see half a build.
  const staging = mkdtempSync(`${dir}.partial-`);
  const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ["npm", []];
  const packed = spawnSync(npm[0], [...npm[1], "pack", spec, "--pack-destination", staging, "--silent"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const tarball = packed.stdout?.trim().split("\n").pop();
  if (packed.status !== 0 || !tarball) fail(`npm pack ${spec} failed`);
  const unpacked = spawnSync("tar", ["xzf", join(staging, tarball), "-C", staging], { stdio: "inherit" });
  if (unpacked.status !== 0 || !existsSync(join(staging, "package", "bin", "node"))) fail(`unpacking ${spec} failed`);
  rmSync(join(staging, tarball));
  if (!existsSync(node)) {
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } else rmSync(staging, { recursive: true, force: true });
  return node;
}

function linkedTarget() {
  try {
    return lstatSync(link).isSymbolicLink() ? readlinkSync(link) : undefined;
  } catch {
    return undefined;
  }
}

/** Checks that the project's node runs and loads the one native module whose build depends on it. */
function check(node) {
  const probe = spawnSync(node, ["-e", "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"], { cwd: root, encoding: "utf8" });
  if (probe.status !== 0) fail(`${node} cannot load better-sqlite3 (${(probe.stderr || `signal ${probe.signal}`).trim().split("\n")[0]})`);
}

/**
 * The machine's node: the one that runs npm. Inside npm's scripts `node` is node_modules/.bin/node, our
 * own link, so the node running this file says nothing about the machine once the link exists.
 */
function machineMajor() {
  const npmNode = process.env.npm_node_execpath;
  if (!npmNode || npmNode === process.execPath) return running;
  const version = spawnSync(npmNode, ["-p", "process.versions.node"], { encoding: "utf8" });
  return Number(version.stdout?.split(".")[0]) || running;
}

if (process.argv.includes("--print-bin-dir")) {
  console.log(running >= wanted ? dirname(process.execPath) : dirname(cachedNode()));
} else if (machineMajor() >= wanted) {
  // This machine's node will do: drop a link an earlier install under an older node left behind.
  if (linkedTarget()?.includes(cachePrefix)) unlinkSync(link);
  check(process.execPath);
} else {
  const node = cachedNode();
  if (linkedTarget() !== node) {
    rmSync(link, { force: true });
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(node, link);
  }
  check(node);
  console.error(`[node-runtime] npm scripts run on ${relative(root, link)} → ${node} (Node ${wanted}); the machine's node is older`);
}

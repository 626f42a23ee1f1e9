import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");

it("the start commands and the systemd units start the servers through scripts/node-server.sh", () => {
  const scripts = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts;
  expect(scripts["start:platform"]).toBe("sh scripts/node-server.sh platform");
  expect(scripts["start:console"]).toBe("sh scripts/node-server.sh console");
  expect(read("deploy/tms-platform@.service")).toMatch(/^ExecStart=\/bin\/sh scripts\/node-server\.sh platform$/m);
  expect(read("deploy/tms-console@.service")).toMatch(/^ExecStart=\/bin\/sh scripts\/node-server\.sh console$/m);
});

it("node-server.sh runs node with the heap caps and the malloc settings", () => {
  for (const server of ["platform", "console"]) {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath };
    delete env.MALLOC_ARENA_MAX;
    delete env.MALLOC_MMAP_THRESHOLD_;
    delete env.NODE_OPTIONS;
    const out = execFileSync("sh", ["scripts/node-server.sh", server, "-p", "JSON.stringify([process.execArgv, process.env.NODE_OPTIONS, process.env.MALLOC_ARENA_MAX, process.env.MALLOC_MMAP_THRESHOLD_, require('v8').getHeapStatistics().heap_size_limit])"], { cwd: root, env, encoding: "utf8" });
    const [execArgv, options, arenas, threshold, limit] = JSON.parse(out) as [string[], string, string, string, number];
    // Source maps cost ~30 MB at rest: off unless an operator asks (below).
    expect(execArgv).not.toContain("--enable-source-maps");
    expect(options).toMatch(/--max-semi-space-size=\d+ --max-old-space-size=\d+/);
    // The old-space cap took effect (V8's default on this machine is far above 2 GB).
    expect(limit).toBeLessThan(1200 * 2 ** 20);
    expect(arenas).toBe("2");
    expect(threshold).toBe("131072");
  }
  // An operator's own values win.
  const own = execFileSync("sh", ["scripts/node-server.sh", "platform", "-p", "[process.env.MALLOC_ARENA_MAX, require('v8').getHeapStatistics().heap_size_limit >> 20].join()"], {
    cwd: root,
    env: { ...process.env, NODE: process.execPath, MALLOC_ARENA_MAX: "4", NODE_OPTIONS: "--max-old-space-size=900" },
    encoding: "utf8",
  });
  const [arenas, limitMb] = own.trim().split(",").map(Number);
  expect(arenas).toBe(4);
  expect(limitMb).toBeGreaterThan(900);
  const mapped = execFileSync("sh", ["scripts/node-server.sh", "platform", "-p", "process.sourceMapsEnabled"], { cwd: root, env: { ...process.env, NODE: process.execPath, NODE_OPTIONS: "--enable-source-maps" }, encoding: "utf8" });
  expect(mapped.trim()).toBe("true");
});

it("node-server.sh runs node on jemalloc where it is installed, and on glibc when told or when it is not", () => {
  // The dynamic linker's own list says whether jemalloc is installed, wherever the script looks for it.
  const linked = execFileSync("ldconfig", ["-p"], { encoding: "utf8", env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin:/sbin` } });
  const installed = /libjemalloc\.so\.2 /.test(linked);
  const allocator = (extra: Record<string, string>) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath, ...extra };
    for (const name of ["LD_PRELOAD", "MALLOC_CONF"]) if (!(name in extra)) delete env[name];
    const out = execFileSync("sh", ["scripts/node-server.sh", "console", "-p", "JSON.stringify([/libjemalloc/.test(require('fs').readFileSync('/proc/self/maps', 'utf8')), process.env.MALLOC_CONF ?? null])"], { cwd: root, env, encoding: "utf8" });
    return JSON.parse(out) as [boolean, string | null];
  };
  const [mapped, conf] = allocator({});
  expect(mapped).toBe(installed);
  if (installed) expect(conf).toMatch(/dirty_decay_ms:\d+/);
  expect(allocator({ TMS_MALLOC: "glibc" })).toEqual([false, null]);
  // An operator's own MALLOC_CONF is kept.
  if (installed) expect(allocator({ MALLOC_CONF: "narenas:1" })).toEqual([true, "narenas:1"]);
});

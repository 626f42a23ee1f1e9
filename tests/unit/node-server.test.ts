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

it("node-server.sh runs node with the young-generation cap and the malloc settings", () => {
  for (const server of ["platform", "console"]) {
    const env = { ...process.env, NODE: process.execPath };
    delete env.MALLOC_ARENA_MAX;
    delete env.MALLOC_MMAP_THRESHOLD_;
    const out = execFileSync("sh", ["scripts/node-server.sh", server, "-p", "JSON.stringify([process.execArgv, process.env.MALLOC_ARENA_MAX, process.env.MALLOC_MMAP_THRESHOLD_])"], { cwd: root, env, encoding: "utf8" });
    const [execArgv, arenas, threshold] = JSON.parse(out) as [string[], string, string];
    expect(execArgv).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=\d+$/), "--enable-source-maps"]));
    expect(arenas).toBe("2");
    expect(threshold).toBe("131072");
  }
  // An operator's own value wins.
  const own = execFileSync("sh", ["scripts/node-server.sh", "platform", "-p", "process.env.MALLOC_ARENA_MAX"], { cwd: root, env: { ...process.env, NODE: process.execPath, MALLOC_ARENA_MAX: "4" }, encoding: "utf8" });
  expect(own.trim()).toBe("4");
});

/**
 * The deployment files (deploy/): the nginx template renders into a configuration
 * nginx accepts, with SSE unbuffered, the forwarded headers set and failover on; deploy/nginx.conf is
 * the template's production rendering; the systemd units give the processes longer to drain than the
 * shutdown limit and read their settings from an EnvironmentFile.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../../contract/settings.js";
import { nginxBinary, PRODUCTION_CONF, PRODUCTION_VALUES, renderNginxConf } from "../../scripts/nginx.js";

const root = new URL("../..", import.meta.url).pathname;
const hasNginx = (() => {
  try {
    return Boolean(nginxBinary());
  } catch {
    return false;
  }
})();

describe("nginx configuration", () => {
  const production = renderNginxConf(PRODUCTION_VALUES);

  it("deploy/nginx.conf is the template's production rendering (npx tsx scripts/nginx.ts --write)", () => {
    expect(readFileSync(PRODUCTION_CONF, "utf8")).toBe(production);
  });

  it("streams unbuffered, sets (not appends) X-Forwarded-For, passes Host with its port, and fails over", () => {
    const directives = production.split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
    for (const line of [
      "proxy_buffering off;",
      "proxy_set_header X-Forwarded-For $remote_addr;",
      "proxy_set_header X-Forwarded-Proto $scheme;",
      "proxy_set_header Host $http_host;",
      "proxy_set_header X-Request-Id $request_id;",
      "proxy_next_upstream error timeout http_502 http_503;",
      "server 10.0.0.11:3000 max_fails=1 fail_timeout=10s;",
      "server 10.0.0.12:3000 max_fails=1 fail_timeout=10s;",
      "user www-data;",
      "listen 443 ssl;",
      "return 301 https://$host$request_uri;",
    ])
      expect(directives, line).toContain(line);
    expect(production).not.toContain("$proxy_add_x_forwarded_for");
    expect(production).not.toMatch(/\{\{\w+\}\}/);
  });

  it("refuses a template with an unknown placeholder", () => {
    expect(() => renderNginxConf(PRODUCTION_VALUES, "listen {{port}};")).toThrow(/unknown placeholder \{\{port\}\}/);
  });

  it.skipIf(!hasNginx)("nginx accepts the rendering, plain HTTP and with TLS, for an unprivileged prefix (nginx -t)", () => {
    const prefix = mkdtempSync(join(tmpdir(), "tms-nginx-test-"));
    try {
      const conf = join(prefix, "nginx.conf");
      const local = { user: null, consoles: ["127.0.0.1:3701", "127.0.0.1:3702"], listen: "127.0.0.1:3709", serverName: "localhost", pid: join(prefix, "nginx.pid"), errorLog: join(prefix, "error.log"), accessLog: join(prefix, "access.log"), temp: prefix, tls: null };
      const tls = { certificate: join(prefix, "cert.pem"), key: join(prefix, "key.pem") };
      const cert = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "1", "-keyout", tls.key, "-out", tls.certificate], { encoding: "utf8" });
      const renderings = [local, ...(cert.status === 0 ? [{ ...PRODUCTION_VALUES, ...local, listen: "443 ssl", tls }] : [])];
      for (const values of renderings) {
        writeFileSync(conf, renderNginxConf(values));
        const check = spawnSync(nginxBinary(), ["-t", "-p", prefix, "-c", conf, "-e", values.errorLog], { encoding: "utf8" });
        expect(check.status, check.stderr).toBe(0);
      }
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});

describe("systemd units", () => {
  const unit = (name: string) => readFileSync(join(root, "deploy", name), "utf8");
  const values = (text: string, key: string) => [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((m) => m[1]!.trim());
  const shutdownDefault = SETTINGS.TMS_SHUTDOWN_TIMEOUT_MS.schema.parse(undefined) as number;
  const exampleShutdown = Number(values(readFileSync(join(root, "deploy/tms.env.example"), "utf8"), "TMS_SHUTDOWN_TIMEOUT_MS")[0]);

  for (const name of ["tms-platform@.service", "tms-console@.service"]) {
    it(`${name}: TimeoutStopSec above the drain limit, settings from an EnvironmentFile, restarted, production`, () => {
      const text = unit(name);
      const stopSeconds = Number(values(text, "TimeoutStopSec")[0]);
      expect(stopSeconds * 1000).toBeGreaterThan(Math.max(shutdownDefault, exampleShutdown));
      expect(values(text, "EnvironmentFile")).toEqual(["/etc/tms/tms.env", "-/etc/tms/instance-%i.env"]);
      expect(values(text, "Restart")).toEqual(["always"]);
      expect(values(text, "Environment")[0]).toContain("TMS_ENV=production");
      // Through scripts/node-server.sh (the memory settings), whose default entry is the built JavaScript that
      // `npm run build` produces (scripts/build-servers.mjs), on the node the unit names.
      const server = name.startsWith("tms-platform") ? "platform" : "console";
      expect(values(text, "ExecStart")[0]).toBe(`/bin/sh scripts/node-server.sh ${server}`);
      expect(values(text, "Environment")).toContain("NODE=/usr/local/bin/node");
      const launcher = readFileSync(join(root, "scripts/node-server.sh"), "utf8");
      expect(launcher).toMatch(new RegExp(`${server}\\)[^;]*build/server/(platform/main|scripts/console-server)\\.js`));
    });
  }

  it("the env example names every variable production requires, and only known ones", () => {
    const text = readFileSync(join(root, "deploy/tms.env.example"), "utf8") + readFileSync(join(root, "deploy/instance-1.env.example"), "utf8");
    const set = [...text.matchAll(/^([A-Z_][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    for (const name of set) expect(Object.keys(SETTINGS), name).toContain(name);
    const required = Object.entries(SETTINGS).filter(([, s]) => (s as { production?: string }).production === "required").map(([n]) => n);
    for (const name of required) expect(set, name).toContain(name);
  });
});

describe("the Node version (.nvmrc)", () => {
  const major = Number(readFileSync(join(root, ".nvmrc"), "utf8").trim().split(".")[0]);
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { engines: { node: string }; devDependencies: Record<string, string> };

  it("package.json's engines and @types/node name the .nvmrc major, and the tests run on it or newer", () => {
    expect(major).toBeGreaterThanOrEqual(24);
    expect(pkg.engines.node).toBe(`>=${major}`);
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(major);
  });

  // Runs scripts/node-runtime.mjs with `node` in a clean environment whose HOME is `home`.
  const printBinDir = (node: string, home: string) => {
    const result = spawnSync(node, ["scripts/node-runtime.mjs", "--print-bin-dir"], {
      cwd: root,
      env: { PATH: "/usr/bin:/bin", HOME: home, NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    return { binDir: result.stdout.trim(), said: result.stderr };
  };

  it("a node that is new enough is the project's node, and nothing is fetched", () => {
    const home = mkdtempSync(join(tmpdir(), "tms-node-runtime-"));
    try {
      const chosen = printBinDir(process.execPath, home);
      expect(chosen.binDir).toBe(dirname(process.execPath));
      expect(chosen.said).not.toContain("fetching");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  // The machine's own node, when it is older than .nvmrc's (Debian's 20 on these machines).
  const machineNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => {
    const version = spawnSync(path, ["-p", "process.versions.node"], { encoding: "utf8" });
    return version.status === 0 && Number(version.stdout.split(".")[0]) < major;
  });

  it.runIf(machineNode)("an older node takes the cached build of .nvmrc's major", () => {
    const home = mkdtempSync(join(tmpdir(), "tms-node-runtime-"));
    try {
      const arch = process.arch === "arm64" ? "arm64" : "x64";
      const cached = join(home, ".cache", `tms-node-${major}-${process.platform}-${arch}`, "package", "bin");
      mkdirSync(cached, { recursive: true });
      symlinkSync(process.execPath, join(cached, "node"));
      const chosen = printBinDir(machineNode!, home);
      expect(chosen.binDir).toBe(cached);
      expect(chosen.said).not.toContain("fetching");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it.runIf(machineNode)("on a machine whose node is older, npm install linked the node these tests run on as node_modules/.bin/node", () => {
    expect(realpathSync(join(root, "node_modules", ".bin", "node"))).toBe(realpathSync(process.execPath));
  });

  it.runIf(machineNode)("a later npm install keeps the link: its postinstall runs on the linked node, and asks npm's node about the machine", () => {
    const again = spawnSync(process.execPath, ["scripts/node-runtime.mjs"], { cwd: root, encoding: "utf8", env: { ...process.env, npm_node_execpath: machineNode } });
    expect(again.status, again.stderr).toBe(0);
    expect(realpathSync(join(root, "node_modules", ".bin", "node"))).toBe(realpathSync(process.execPath));
  });
});

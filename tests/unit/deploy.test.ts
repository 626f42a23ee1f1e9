/**
 * The deployment files (issue 23 item 9, deploy/): the nginx template renders into a configuration
 * nginx accepts, with SSE unbuffered, the forwarded headers set and failover on; deploy/nginx.conf is
 * the template's production rendering; the systemd units give the processes longer to drain than the
 * shutdown limit and read their settings from an EnvironmentFile.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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
      // The built JavaScript that `npm run build` produces (scripts/build-servers.mjs).
      expect(values(text, "ExecStart")[0]).toMatch(/build\/server\/(platform\/main|scripts\/console-server)\.js/);
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

  // Sources scripts/use-node.sh in a clean shell whose PATH starts with `binDir`; returns the node it
  // chose, npm_config_nodedir and what it said.
  const useNode = (binDir: string, home: string) => {
    const result = spawnSync("bash", ["-c", `. scripts/use-node.sh && printf '%s\\n%s\\n' "$(command -v node)" "$npm_config_nodedir"`], {
      cwd: root,
      env: { PATH: `${binDir}:/usr/bin:/bin`, HOME: home, NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const [node, nodedir] = result.stdout.split("\n");
    return { node, nodedir, said: result.stderr };
  };
  const ownPrefix = dirname(dirname(process.execPath));
  const ownHeaders = existsSync(join(ownPrefix, "include/node/common.gypi"));

  it("scripts/use-node.sh keeps a node that is new enough, and points node-gyp at its headers when it ships them", () => {
    const home = mkdtempSync(join(tmpdir(), "tms-use-node-"));
    try {
      const chosen = useNode(dirname(process.execPath), home);
      expect(chosen.node).toBe(process.execPath);
      expect(chosen.nodedir).toBe(ownHeaders ? ownPrefix : "");
      expect(chosen.said).not.toContain("fetching");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("scripts/use-node.sh puts the cached node first when the machine's node is older", () => {
    const home = mkdtempSync(join(tmpdir(), "tms-use-node-"));
    try {
      // The machine's node, one major older than .nvmrc's: a stand-in that answers the version question.
      const oldBin = join(home, "old-bin");
      mkdirSync(oldBin);
      writeFileSync(join(oldBin, "node"), `#!/bin/sh\necho ${major - 1}\n`, { mode: 0o755 });
      const cached = join(home, ".cache", `tms-node-${major}-${process.arch}`, "package");
      mkdirSync(join(cached, "bin"), { recursive: true });
      symlinkSync(process.execPath, join(cached, "bin", "node"));
      if (ownHeaders) symlinkSync(join(ownPrefix, "include"), join(cached, "include"));
      const chosen = useNode(oldBin, home);
      expect(chosen.node).toBe(join(cached, "bin", "node"));
      expect(chosen.nodedir).toBe(ownHeaders ? cached : "");
      expect(chosen.said).not.toContain("fetching");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

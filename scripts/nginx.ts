/**
 * nginx in front of the consoles: renders deploy/nginx.conf.template, and runs
 * Debian's nginx as the current user in the foreground with a prefix of its own (pid, logs, temp files),
 * for `npm run cluster`, its test and the cluster benchmark.
 *
 *   npx tsx scripts/nginx.ts --write      # deploy/nginx.conf: the production rendering
 *   npx tsx scripts/nginx.ts --consoles 10.0.0.11:3000,10.0.0.12:3000 --server-name tms.example.com > /etc/nginx/nginx.conf
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const root = new URL("..", import.meta.url).pathname;
export const TEMPLATE = join(root, "deploy/nginx.conf.template");
export const PRODUCTION_CONF = join(root, "deploy/nginx.conf");

export interface NginxValues {
  /** The workers' user (production: www-data); null leaves the directive out (nginx run as the current user). */
  user: string | null;
  /** Console addresses, host:port. */
  consoles: string[];
  listen: string;
  serverName: string;
  pid: string;
  errorLog: string;
  accessLog: string;
  /** Directory of the request and response temp files. */
  temp: string;
  /**
   * HTTPS (production: the session cookie is Secure, so browsers keep it only over HTTPS): certificate
   * and key files; port 80 then only redirects. null: plain HTTP (the local cluster on 127.0.0.1).
   */
  tls: { certificate: string; key: string } | null;
}

/** Passive health check of each console: one failure takes it out for 10 s. */
export const UPSTREAM_PARAMETERS = "max_fails=1 fail_timeout=10s";

/** The production rendering (deploy/nginx.conf): two consoles on two machines, Debian's paths. */
export const PRODUCTION_VALUES: NginxValues = {
  user: "www-data",
  consoles: ["10.0.0.11:3000", "10.0.0.12:3000"],
  listen: "443 ssl",
  serverName: "tms.example.com",
  tls: { certificate: "/etc/ssl/certs/tms.example.com.pem", key: "/etc/ssl/private/tms.example.com.key" },
  pid: "/run/nginx.pid",
  errorLog: "/var/log/nginx/error.log",
  accessLog: "/var/log/nginx/tms-access.log",
  temp: "/var/lib/nginx",
};

export function renderNginxConf(values: NginxValues, template = readFileSync(TEMPLATE, "utf8")): string {
  if (!values.consoles.length) throw new Error("nginx needs at least one console");
  const fill: Record<string, string> = {
    user: values.user ? `user ${values.user};` : "# user: the current one (nginx started by an unprivileged user)",
    upstreams: values.consoles.map((address) => `    server ${address} ${UPSTREAM_PARAMETERS};`).join("\n"),
    listen: values.listen,
    serverName: values.serverName,
    tls: values.tls
      ? [`    ssl_certificate ${values.tls.certificate};`, `    ssl_certificate_key ${values.tls.key};`, "    ssl_protocols TLSv1.2 TLSv1.3;", "    ssl_session_cache shared:tms_tls:10m;"].join("\n")
      : "    # plain HTTP: no certificate (a local run on 127.0.0.1)",
    httpRedirect: values.tls
      ? ["  # Port 80 only sends browsers to HTTPS.", "  server {", "    listen 80;", `    server_name ${values.serverName};`, "    return 301 https://$host$request_uri;", "  }"].join("\n")
      : "  # no port-80 redirect: plain HTTP only",
    pid: values.pid,
    errorLog: values.errorLog,
    accessLog: values.accessLog,
    temp: values.temp,
  };
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    if (!(name in fill)) throw new Error(`unknown placeholder ${match} in the nginx template`);
    return fill[name]!;
  });
}

/** Debian's nginx (`nginx` or `nginx-light`): on PATH, or /usr/sbin/nginx. */
export function nginxBinary(): string {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (existsSync(candidate)) return candidate;
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  throw new Error("找不到 nginx：请安装 Debian 的 nginx 或 nginx-light（apt-get install nginx-light） / nginx not found: apt-get install nginx-light");
}

export interface Nginx {
  url: string;
  process: ChildProcess;
  /** The access log: one line per request, naming the console that answered (upstream=…). */
  accessLog: string;
  errorLog: string;
  prefix: string;
  stop(): Promise<void>;
}

/**
 * Renders the template for `consoles` on 127.0.0.1:`port` into a temp prefix, checks it (`nginx -t`),
 * and starts nginx in the foreground (`daemon off`), as the current user. stop() ends it and removes the prefix.
 */
export async function startNginx(opts: { port: number; consoles: string[] }): Promise<Nginx> {
  const binary = nginxBinary();
  const prefix = mkdtempSync(join(tmpdir(), "tms-nginx-"));
  mkdirSync(join(prefix, "logs"));
  mkdirSync(join(prefix, "temp"));
  const values: NginxValues = {
    user: null,
    consoles: opts.consoles.map((url) => new URL(url).host),
    listen: `127.0.0.1:${opts.port}`,
    serverName: "localhost",
    pid: join(prefix, "nginx.pid"),
    errorLog: join(prefix, "logs/error.log"),
    accessLog: join(prefix, "logs/access.log"),
    temp: join(prefix, "temp"),
    tls: null,
  };
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, renderNginxConf(values));
  const args = ["-p", prefix, "-c", conf, "-e", values.errorLog];
  const check = spawnSync(binary, [...args, "-t", "-q"], { encoding: "utf8" });
  if (check.status !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx rejected the rendered configuration: ${check.stderr.trim()}`);
  }
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: graceful (open requests finish); SIGTERM after 5 s.
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGTERM"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  // Listening once it accepts a TCP connection (no request: that would count against a console not up yet).
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited at start: ${stderr.trim() || readIfExists(values.errorLog)}`);
    }
    if (await accepts(opts.port)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not listen on ${url}: ${readIfExists(values.errorLog)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, process: child, accessLog: values.accessLog, errorLog: values.errorLog, prefix, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function readIfExists(path: string): string {
  return existsSync(path) ? readFileSync(path, "utf8").trim() : "";
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { write: { type: "boolean" }, consoles: { type: "string" }, listen: { type: "string" }, "server-name": { type: "string" } } });
  if (values.write) {
    writeFileSync(PRODUCTION_CONF, renderNginxConf(PRODUCTION_VALUES));
    console.log(`wrote ${PRODUCTION_CONF}`);
  } else {
    process.stdout.write(
      renderNginxConf({
        ...PRODUCTION_VALUES,
        ...(values.consoles ? { consoles: values.consoles.split(",").map((s) => s.trim()).filter(Boolean) } : {}),
        ...(values.listen ? { listen: values.listen } : {}),
        ...(values["server-name"] ? { serverName: values["server-name"] } : {}),
      }),
    );
  }
}

/**
 * A small round-robin HTTP reverse proxy for the local cluster (scripts/cluster.ts): each request goes
 * to the next console in turn. Bodies are piped both ways as they arrive, so streaming downloads and
 * server-sent events (/events) pass through unbuffered, with backpressure; a client that leaves aborts
 * the upstream request. Websocket upgrades are piped too (the browser does not use one today).
 * It sets X-Forwarded-For / -Proto / -Host and keeps the Host header, so the consoles see the address
 * the browser used (their same-origin check and the host's branding) and pass the browser's address to
 * the platform's rate limits. A console that refuses the connection is skipped for that request.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net from "node:net";
import type { Duplex } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export interface Proxy {
  server: http.Server;
  url: string;
  /** Requests sent to each target so far, in the order of `targets`. */
  counts: number[];
  close(): Promise<void>;
}

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"];

function forwardedHeaders(request: IncomingMessage): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = { ...request.headers };
  for (const name of HOP_BY_HOP) delete headers[name];
  const peer = request.socket.remoteAddress ?? "";
  const prior = request.headers["x-forwarded-for"];
  headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
  headers["x-forwarded-proto"] ??= "http";
  headers["x-forwarded-host"] ??= request.headers.host ?? "";
  return headers;
}

const bodyless = (request: IncomingMessage) => request.method === "GET" || request.method === "HEAD";

export async function startProxy(targets: string[], port: number, host = "127.0.0.1"): Promise<Proxy> {
  const upstreams = targets.map((t) => new URL(t));
  const counts = upstreams.map(() => 0);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const pick = () => {
    const index = next;
    next = (next + 1) % upstreams.length;
    return index;
  };

  function forward(request: IncomingMessage, response: ServerResponse, index: number, triesLeft: number) {
    const upstream = upstreams[index]!;
    counts[index]!++;
    const outgoing = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: forwardedHeaders(request), agent },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of HOP_BY_HOP) if (name !== "transfer-encoding") delete headers[name];
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        // Event streams are flushed per chunk: no Nagle delay between a push and the browser.
        if (String(answer.headers["content-type"] ?? "").startsWith("text/event-stream")) response.socket?.setNoDelay(true);
        answer.pipe(response);
        answer.on("error", () => response.destroy());
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A console that is down refused the connection: a GET or HEAD (no body to replay) tries the next one.
      if (error.code === "ECONNREFUSED" && triesLeft > 0 && !response.headersSent && bodyless(request)) {
        forward(request, response, (index + 1) % upstreams.length, triesLeft - 1);
        return;
      }
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" }).end("控制台实例暂时无法访问，请稍后重试");
      else response.destroy();
    });
    response.on("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    if (bodyless(request)) outgoing.end();
    else request.pipe(outgoing);
  }

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const index = pick();
    const upstream = upstreams[index]!;
    counts[index]!++;
    const connection = net.connect(Number(upstream.port), upstream.hostname, () => {
      const headers = { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" };
      const lines = Object.entries(headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => `${name}: ${v}`) : [`${name}: ${value}`]));
      connection.write(`${request.method} ${request.url} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) connection.write(head);
      connection.pipe(socket).pipe(connection);
    });
    const drop = () => {
      connection.destroy();
      socket.destroy();
    };
    connection.on("error", drop);
    socket.on("error", drop);
  }

  const server = http.createServer((request, response) => forward(request, response, pick(), upstreams.length - 1));
  server.on("upgrade", upgrade);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const url = `http://${host}:${typeof address === "object" && address ? address.port : port}`;
  return {
    server,
    url,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({ options: { port: { type: "string", default: "3000" } }, allowPositionals: true });
  const proxy = await startProxy(positionals, Number(values.port));
  console.log(`[proxy] ${proxy.url} → ${positionals.join(", ")}`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void proxy.close().then(() => process.exit(0)));
}

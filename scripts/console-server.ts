/**
 * The console's HTTP server: what remix-serve does (compression, the build's assets cached for a
 * year, public/ for an hour, Remix's handler), but the response body is written with backpressure
 * (scripts/console-respond.ts), so a stalled download holds no more than a socket's buffers and a
 * client that leaves stops the platform's export. Instead of remix-serve's morgan line, one pino line
 * per request with its request id (scripts/console-observability.ts). A cross-origin write gets 403 with a
 * Chinese message in front of Remix, whose own origin check would answer it with a bare
 * 500.
 *
 *   PORT=3000 node --import tsx scripts/console-server.ts [build/console/server/index.js]
 */
// First: it must be in place before anything loads @remix-run/router.
import "./console-route-match-cache.js";
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { requestFromNode, sendResponse } from "./console-respond.js";
import { bodyOf, declaredTooLarge, drainRequest, misdirectedData, plainRefusal, refuseTooLarge } from "./console-door.js";
import { dataRequestPath, routeMatcher } from "./console-routes.js";
import { documentContext, withPackedPageData } from "./console-page-data.js";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "../app/lib/same-origin";
import { settingsAtStart } from "../contract/settings";
import { startMemoryTrim, trimMemory } from "../contract/memory-trim";
import { consoleTrustProxy, normaliseForwardedHeaders, trustPredicate } from "../contract/trust-proxy";
import { openEventStreams } from "../app/services/sse.server";
import { consoleLog } from "../app/services/observability.server";
import { installObservability } from "./console-observability";
import { CONSOLE_SERVER_BUILD } from "./console-build-paths";
import { keepStaticRoutes } from "./console-static-routes";

// The production start command: a missing TMS_ENV is production, whose settings must be complete.
const { settings } = settingsAtStart("console");
process.env.NODE_ENV = settings.NODE_ENV;
const buildPath = resolve(process.argv[2] ?? CONSOLE_SERVER_BUILD);
const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
installGlobals({ nativeFetch: build.future.v3_singleFetch });
// A document's route objects once per build, not once per request (scripts/console-static-routes.ts).
keepStaticRoutes(buildPath);

const handle = createRequestHandler(withPackedPageData(build), process.env.NODE_ENV);
const routesOf = routeMatcher(build);
const trust = trustPredicate(consoleTrustProxy(process.env.TMS_TRUST_PROXY));
const app = express();
app.disable("x-powered-by");
// First: X-Forwarded-For becomes the client address computed under TMS_TRUST_PROXY (default: nobody
// is trusted, so the socket's address), X-Forwarded-Host/-Proto go unless the peer is trusted. Every
// later reader (the same-origin guard, host branding, the platform client) sees only these.
app.use((req: IncomingMessage, _res: ServerResponse, next: () => void) => {
  normaliseForwardedHeaders(req.headers, req.socket.remoteAddress, trust);
  next();
});
// Request id, one log line per request, metrics, /healthz /readyz /metrics.
const observability = installObservability(app, build, settings);
// Everything is compressed at zlib's default level (6). Documents were at level 4 to save CPU: on a
// 57 KB list page that was 0.1–0.3 ms of about 20 and sent it 0.5 KB larger (12.0 against 11.5 KB as
// sent), at the edge of the 12 KB a page may weigh (docs/design/performance.md).
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
// public/ holds a few fixed files: look only for those, not for every page's path on disk.
const publicFiles = express.static("public", { maxAge: "1h" });
const publicNames = new Set(existsSync("public") ? readdirSync("public") : []);
app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
  const first = (req.url ?? "/").split(/[/?]/)[1] ?? "";
  return publicNames.has(first) ? publicFiles(req, res, next) : next();
});
app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
  if (!isCrossOriginWrite(req.method ?? "GET", (name) => req.headers[name.toLowerCase()]?.toString())) return next();
  res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8" }).end(CROSS_ORIGIN_MESSAGE);
});
app.all("*", async (req: IncomingMessage, res: ServerResponse, next: (error: unknown) => void) => {
  try {
    if (declaredTooLarge(req)) return await refuseTooLarge(req, res);
    const body = bodyOf(req);
    const request = requestFromNode(req, res, body);
    const url = new URL(request.url);
    const response = misdirectedData(request, routesOf) ?? plainRefusal(request, await handle(request, documentContext(url, dataRequestPath(url.pathname))));
    // What Remix left unread is read before the answer goes out, so that the client can read it.
    if (!(await drainRequest(req, body))) res.setHeader("Connection", "close");
    await sendResponse(res, response);
  } catch (error) {
    next(error);
  }
});

const port = settings.PORT;
// What loading the build left behind goes before the first request (contract/memory-trim.ts).
trimMemory();
const server = settings.HOST ? app.listen(port, settings.HOST) : app.listen(port);
server.on("listening", () => consoleLog().info(`console listening on http://localhost:${port}`));
// Hands V8's spare pages back once the console has gone quiet (contract/memory-trim.ts).
startMemoryTrim({ onTrim: (figures) => consoleLog().debug(figures, "idle memory trim") });
/** How soon a browser whose event stream the shutdown closed comes back (to another console behind the proxy). */
const SHUTDOWN_RETRY_MS = 2_000;
/**
 * SIGTERM / SIGINT: stop accepting, close idle keep-alive connections, close the event streams with a
 * retry hint, let the requests and downloads in flight finish up to TMS_SHUTDOWN_TIMEOUT_MS, then exit.
 */
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    observability.close();
    // A kept-alive connection whose request ends during the drain is closed as soon as it is idle.
    setInterval(() => server.closeIdleConnections(), 100).unref();
    server.closeIdleConnections();
    for (const close of openEventStreams()) close(SHUTDOWN_RETRY_MS);
    setTimeout(() => {
      consoleLog().warn(`shutdown limit of ${settings.TMS_SHUTDOWN_TIMEOUT_MS} ms reached: cutting the connections still open`);
      server.closeAllConnections();
      process.exit(0);
    }, settings.TMS_SHUTDOWN_TIMEOUT_MS).unref();
  });
}

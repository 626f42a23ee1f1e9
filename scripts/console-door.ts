/**
 * The console's door for request bodies: every refusal is one the client can read.
 *
 * Remix answers many POSTs without reading their body: a JSON or broken multipart body gets 415 from
 * readForm, a signed-out POST a redirect to the login page. Closing a connection whose incoming data
 * was never read makes the kernel reset it, and a client still sending then sees ECONNRESET or EPIPE
 * instead of the Chinese answer. So the body reaches Remix through a pipe the door can take back: once
 * the response is ready, whatever Remix left unread is read and dropped (up to a bound) before the
 * response is written. A body declared larger than any page accepts is refused with 413 in words,
 * after the same drain, without Remix.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { PassThrough } from "node:stream";
import { DOCUMENT_MAX_BYTES } from "../contract/documents";
import { ORDER_IMPORT_MAX_BYTES } from "../contract/order-import";
import { FORBIDDEN_MESSAGE } from "../app/lib/refusals";
import { dataRequestPath } from "./console-routes";

/** The largest body a console page takes: an upload at its limit, with the form's other fields and multipart framing. */
export const CONSOLE_BODY_MAX_BYTES = Math.max(DOCUMENT_MAX_BYTES, ORDER_IMPORT_MAX_BYTES) + 1024 * 1024;
/** How much of a refused body is read and dropped so that the client reads the refusal; past it the connection is cut. */
const DRAIN_MAX_BYTES = 4 * CONSOLE_BODY_MAX_BYTES;
/** How long a refused body may take to arrive before the connection is cut. */
const DRAIN_MAX_MS = 30_000;

export const BODY_TOO_LARGE_MESSAGE = `请求内容过大：单次提交最多 ${CONSOLE_BODY_MAX_BYTES / 1024 / 1024} MB，请压缩或拆分文件后重试`;

const hasBody = (req: IncomingMessage) => req.method !== "GET" && req.method !== "HEAD";

/**
 * The body Remix reads: a pipe from the request, so that the door can take the request back. Undefined
 * for GET and HEAD.
 */
export function bodyOf(req: IncomingMessage): PassThrough | undefined {
  if (!hasBody(req)) return undefined;
  const body = new PassThrough();
  req.pipe(body);
  return body;
}

/**
 * Reads and drops what is left of the request's body (Remix's pipe, if any, is taken away first).
 * Resolves true when the body was read to its end, false when it went past the bounds or the client
 * left (the caller then closes the connection after the response).
 */
export function drainRequest(req: IncomingMessage, body?: PassThrough): Promise<boolean> {
  if (body) {
    req.unpipe(body);
    body.destroy();
  }
  if (!hasBody(req) || req.complete) return Promise.resolve(true);
  if (req.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("close", onClose);
      req.off("error", onClose);
      if (!drained) req.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(req.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    req.on("data", onData);
    req.once("end", onEnd);
    req.once("close", onClose);
    req.once("error", onClose);
    req.resume();
  });
}

const declaredLength = (req: IncomingMessage) => Number(req.headers["content-length"] ?? 0) || 0;

/** Whether the request declares a body larger than any console page takes. */
export function declaredTooLarge(req: IncomingMessage): boolean {
  return hasBody(req) && declaredLength(req) > CONSOLE_BODY_MAX_BYTES;
}

/**
 * 413 in words, written once the body is drained; a body too large even to drain is not read, and the
 * connection is closed after the answer.
 */
export async function refuseTooLarge(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const drained = declaredLength(req) <= DRAIN_MAX_BYTES && (await drainRequest(req));
  const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8" };
  if (!drained) headers.Connection = "close";
  res.writeHead(413, headers).end(BODY_TOO_LARGE_MESSAGE);
}

const forbidden = () => new Response(FORBIDDEN_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Remix-Catch": "yes" } });

/**
 * A data request (single fetch: `<path>.data?_routes=<route ids>`) whose `_routes` names a route the
 * path does not fall on is refused with 403 and 没有访问权限, before Remix; Remix would load none of
 * them and answer 200 with nothing. The browser asks only for routes of the path it goes to.
 */
export function misdirectedData(request: Request, routesOf: (pathname: string) => string[]): Response | undefined {
  const url = new URL(request.url);
  const path = dataRequestPath(url.pathname);
  const named = url.searchParams.get("_routes");
  if (path === null || named === null) return undefined;
  const matched = new Set(routesOf(path));
  return named.split(",").every((id) => matched.has(id)) ? undefined : forbidden();
}

/**
 * Remix still answers the classic `?_data=` request (a browser holding the scripts of an older
 * version): one naming a route the path does not match gets 403 and {"message":"Unexpected Server
 * Error"}. It is a refusal like any other: the same words and shape as a loader's 403.
 */
export function plainRefusal(request: Request, response: Response): Response {
  if (response.status !== 403 || !response.headers.has("X-Remix-Error") || !new URL(request.url).searchParams.has("_data")) return response;
  return forbidden();
}

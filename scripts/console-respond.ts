/**
 * Writes a Remix (web) Response to Node's ServerResponse with backpressure.
 *
 * Remix's own writer (`writeReadableStreamToWritable`, used by remix-serve) reads the body as fast
 * as it comes and ignores `write()`'s return value, so a client that stops reading an export made
 * the console buffer the whole workbook and the platform produce all of it.
 * Here a chunk is read only once the socket took the previous one, and when the client goes away
 * the body is cancelled, which closes the upstream connection and stops the platform's walk.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";

/**
 * The web Request of a Node request, as @remix-run/express builds it, with `body` (the door's pipe of
 * the request's body) as its body: its signal aborts when the connection closes before the response
 * finished (the client left).
 */
export function requestFromNode(req: IncomingMessage, res: ServerResponse, body?: Readable): Request {
  // Concatenated, as Remix does: `new URL("//other.host/x", base)` would change the host.
  const url = new URL(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(key, one);
    else if (value !== undefined) headers.set(key, value);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (body) {
    init.body = createReadableStreamFromReadable(body);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Resolves once `res` can take more data or has closed. */
function drainedOrClosed(res: ServerResponse): Promise<void> {
  if (res.destroyed || res.writableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

export async function sendResponse(res: ServerResponse & { flush?: () => void }, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [key, value] of response.headers.entries()) res.appendHeader(key, value);
  const eventStream = /text\/event-stream/i.test(response.headers.get("Content-Type") ?? "");
  if (eventStream) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const cancel = () => void reader.cancel(new Error("client went away")).catch(() => undefined);
  res.once("close", cancel);
  try {
    for (;;) {
      if (res.destroyed) return;
      const { done, value } = await reader.read();
      if (done) {
        res.end();
        return;
      }
      const roomLeft = res.write(value);
      // compression's response wrapper buffers until flushed: event streams must reach the browser now.
      if (eventStream) res.flush?.();
      if (!roomLeft) await drainedOrClosed(res);
    }
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    res.off("close", cancel);
    if (res.destroyed) cancel();
  }
}

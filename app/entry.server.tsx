/**
 * Remix's default Node entry, with one fix. React 18's Node stream writer (react-dom 18.3.1,
 * writeStringChunk) flushes its whole 2 KB view when a multi-byte character does not fit at its end,
 * so one or two NUL bytes land in the HTML wherever a Chinese character straddles a view boundary
 * (e.g. "财务\0管理" in every dispatch page's sidebar). The text then differs from the browser's
 * render, hydration fails and React re-renders the whole page in the browser. HTML never holds a NUL
 * legitimately, so the bytes are dropped on the way out.
 *
 * The document is rendered whole and sent as one body rather than streamed in React's 2 KB pieces: no
 * page suspends (none defers data), so the shell is the whole page anyway, and each piece went
 * through a transform, a web stream, the response, the compressor and the socket on its own (about
 * a tenth of a list page's CPU in the console's profile).
 */
import { randomBytes } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/ui/nonce";
import { mapPageData, unpackRows } from "~/lib/handoff-rows";
import { applySecurityHeaders } from "~/lib/security-headers";

const ABORT_DELAY = 5_000;

/** A pass-through that leaves out NUL bytes. */
export function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      if (!chunk.includes(0)) return done(null, chunk);
      done(
        null,
        chunk.filter((byte) => byte !== 0)
      );
    },
  });
}

/** The bytes React writes, without NUL bytes, handed over once it has written them all. */
function collected(done: (body: Buffer) => void): Transform {
  const chunks: Buffer[] = [];
  const body = withoutNulBytes();
  body.on("data", (chunk: Buffer) => chunks.push(chunk));
  body.on("end", () => done(Buffer.concat(chunks)));
  return body;
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  // The page data came packed (scripts/console-page-data.ts) and went into the document's data stream
  // so; the render reads it as the loaders made it.
  mapPageData(remixContext.staticHandlerContext as Parameters<typeof mapPageData>[0], unpackRows);
  const nonce = randomBytes(16).toString("base64");
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const ready = () => {
      shellRendered = true;
      responseHeaders.set("Content-Type", "text/html");
      applySecurityHeaders(responseHeaders, nonce);
      pipe(
        collected((body) => {
          clearTimeout(timer);
          resolve(new Response(new Uint8Array(body), { headers: responseHeaders, status: responseStatusCode }));
        }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* The nonce also goes on the scripts that stream the page data (single fetch). */}
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        onAllReady: ready,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the initial shell reject and are logged by Remix; later ones only here.
          if (shellRendered) console.error(error);
        },
        nonce,
      }
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Loader and action responses (client navigations, resource routes) carry the same headers. */
export function handleDataRequest(response: Response): Response {
  applySecurityHeaders(response.headers);
  return response;
}

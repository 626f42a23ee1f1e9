/**
 * Server-sent events: the frame format (https://html.spec.whatwg.org/multipage/server-sent-events.html)
 * and a Response that streams them with a retry hint, a heartbeat and clean-up on disconnect.
 */

export interface SseMessage {
  event?: string;
  id?: number | string;
  /** Strings are sent as they are (one `data:` line per line); anything else as JSON. */
  data: unknown;
}

/** A field value must not contain a line break: it would end the field (or the event) early. */
function fieldValue(value: string | number): string {
  return String(value).replace(/[\r\n]+/g, " ");
}

/** One event: `id:`, `event:` and `data:` lines, ended by a blank line. */
export function sseFrame({ event, id, data }: SseMessage): string {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  let frame = "";
  if (id !== undefined) frame += `id: ${fieldValue(id)}\n`;
  if (event) frame += `event: ${fieldValue(event)}\n`;
  for (const line of text.split(/\r\n|\r|\n/)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/** A comment line: ignored by EventSource, keeps proxies and idle timers from closing the stream. */
export function sseComment(text: string): string {
  return `: ${fieldValue(text)}\n\n`;
}

/** Tells EventSource how long to wait before reconnecting. */
export function sseRetry(ms: number): string {
  return `retry: ${Math.max(0, Math.floor(ms))}\n\n`;
}

/** The id to continue from after a reconnect: the browser sends the last id it saw as Last-Event-ID. */
export function nextEventId(lastEventId: string | null): number {
  const last = Number(lastEventId);
  return Number.isSafeInteger(last) && last >= 0 ? last + 1 : 1;
}

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform also keeps the compression middleware from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
} as const;

export interface EventStreamOptions {
  signal: AbortSignal;
  retryMs?: number;
  heartbeatMs?: number;
  /** The id of the first event (see nextEventId). */
  firstId?: number;
  /** Queued chunks after which a client that does not read is dropped (it reconnects by itself). */
  maxQueuedChunks?: number;
  headers?: HeadersInit;
}

/**
 * The streams open in this process, each as a function that tells its client when to come back and
 * closes it. The console server (scripts/console-server.ts) calls them on SIGTERM; the registry hangs
 * off a global symbol because the server and the Remix build load this module separately.
 */
const OPEN_STREAMS = Symbol.for("tms.openEventStreams");
export function openEventStreams(): Set<(retryMs: number) => void> {
  const holder = globalThis as { [OPEN_STREAMS]?: Set<(retryMs: number) => void> };
  return (holder[OPEN_STREAMS] ??= new Set());
}
/** Sends one event; returns false once the stream is closed. */
export type SseSend = (event: string, data: unknown) => boolean;

/**
 * A text/event-stream Response. `start` is called once with a sender and returns its clean-up, which
 * runs exactly once: when the client goes away (request signal or stream cancel) or the stream is closed.
 */
export function eventStream(start: (send: SseSend, close: () => void) => () => void, options: EventStreamOptions): Response {
  const { signal, retryMs = 3000, heartbeatMs = 15_000, maxQueuedChunks = 1000 } = options;
  const encoder = new TextEncoder();
  let nextId = options.firstId ?? 1;
  let closed = false;
  let cleanUp: (() => void) | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let controllerRef: ReadableStreamDefaultController<Uint8Array> | null = null;

  const finish = () => {
    if (closed) return;
    closed = true;
    openEventStreams().delete(closeForShutdown);
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    signal.removeEventListener("abort", finish);
    const run = cleanUp;
    cleanUp = null;
    run?.();
    try {
      controllerRef?.close();
    } catch {
      // already closed or errored by the consumer
    }
  };

  const write = (text: string): boolean => {
    if (closed || !controllerRef) return false;
    if ((controllerRef.desiredSize ?? 0) < -maxQueuedChunks) {
      finish();
      return false;
    }
    try {
      controllerRef.enqueue(encoder.encode(text));
      return true;
    } catch {
      finish();
      return false;
    }
  };

  const closeForShutdown = (retryAfterMs: number) => {
    write(sseRetry(retryAfterMs));
    finish();
  };

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controllerRef = controller;
      if (signal.aborted) {
        finish();
        return;
      }
      signal.addEventListener("abort", finish);
      openEventStreams().add(closeForShutdown);
      write(sseRetry(retryMs));
      heartbeat = setInterval(() => write(sseComment("ping")), heartbeatMs);
      const send: SseSend = (event, data) => write(sseFrame({ id: nextId++, event, data }));
      const stop = start(send, finish);
      if (closed) stop();
      else cleanUp = stop;
    },
    cancel() {
      finish();
    },
  });

  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(SSE_HEADERS)) headers.set(name, value);
  return new Response(stream, { status: 200, headers });
}

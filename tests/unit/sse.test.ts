import { afterEach, describe, expect, it, vi } from "vitest";
import { eventStream, nextEventId, openEventStreams, sseComment, sseFrame, sseRetry } from "../../app/services/sse.server.js";

describe("SSE frames", () => {
  it("writes id, event and JSON data lines ended by a blank line", () => {
    expect(sseFrame({ id: 7, event: "count", data: { msgNum: 3 } })).toBe('id: 7\nevent: count\ndata: {"msgNum":3}\n\n');
  });

  it("splits text data into one data line per line, so a newline cannot end the event early", () => {
    expect(sseFrame({ data: "第一行\n第二行\r\n第三行" })).toBe("data: 第一行\ndata: 第二行\ndata: 第三行\n\n");
  });

  it("keeps line breaks out of the id and event fields", () => {
    expect(sseFrame({ id: "1\n2", event: "push\ndata: injected", data: "x" })).toBe("id: 1 2\nevent: push data: injected\ndata: x\n\n");
  });

  it("writes comments and the retry hint", () => {
    expect(sseComment("ping")).toBe(": ping\n\n");
    expect(sseRetry(3000)).toBe("retry: 3000\n\n");
  });

  it("continues the ids after Last-Event-ID, and starts at 1 without a usable one", () => {
    expect(nextEventId("41")).toBe(42);
    expect(nextEventId(null)).toBe(1);
    expect(nextEventId("abc")).toBe(1);
    expect(nextEventId("-5")).toBe(1);
  });
});

/** Reads what the stream has produced so far, as text. */
async function readAvailable(reader: ReadableStreamDefaultReader<Uint8Array>, chunks: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for (let i = 0; i < chunks; i++) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

describe("eventStream", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers as an uncompressed, unbuffered event stream and keeps extra headers", () => {
    const response = eventStream(() => () => undefined, { signal: new AbortController().signal, headers: { "Set-Cookie": "a=b" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");
  });

  it("sends the retry hint, then events with increasing ids from firstId", async () => {
    let send: ((event: string, data: unknown) => boolean) | null = null;
    const response = eventStream(
      (s) => {
        send = s;
        return () => undefined;
      },
      { signal: new AbortController().signal, retryMs: 3000, firstId: 5 },
    );
    send!("count", { msgNum: 1 });
    send!("push", { id: "9" });
    const text = await readAvailable(response.body!.getReader(), 3);
    expect(text).toBe('retry: 3000\n\nid: 5\nevent: count\ndata: {"msgNum":1}\n\nid: 6\nevent: push\ndata: {"id":"9"}\n\n');
  });

  it("at shutdown, tells the client when to come back, ends the stream and cleans up", async () => {
    let cleaned = 0;
    const before = new Set(openEventStreams());
    const response = eventStream(() => () => void cleaned++, { signal: new AbortController().signal, retryMs: 3000 });
    const reader = response.body!.getReader();
    expect(await readAvailable(reader, 1)).toBe("retry: 3000\n\n");
    const mine = [...openEventStreams()].filter((close) => !before.has(close));
    expect(mine).toHaveLength(1);
    mine[0]!(2000);
    expect(await readAvailable(reader, 5)).toBe("retry: 2000\n\n");
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(cleaned).toBe(1);
    expect(openEventStreams().has(mine[0]!)).toBe(false);
  });

  it("sends a heartbeat comment on its interval", async () => {
    vi.useFakeTimers();
    const response = eventStream(() => () => undefined, { signal: new AbortController().signal, heartbeatMs: 15_000 });
    const reader = response.body!.getReader();
    expect(await readAvailable(reader, 1)).toBe("retry: 3000\n\n");
    vi.advanceTimersByTime(15_000);
    expect(await readAvailable(reader, 1)).toBe(": ping\n\n");
  });

  it("cleans up once when the request is aborted: unsubscribes, stops the heartbeat and ends the stream", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const cleanUp = vi.fn();
    let send: ((event: string, data: unknown) => boolean) | null = null;
    const response = eventStream(
      (s) => {
        send = s;
        return cleanUp;
      },
      { signal: controller.signal, heartbeatMs: 1000 },
    );
    const reader = response.body!.getReader();
    await readAvailable(reader, 1);
    controller.abort();
    expect(cleanUp).toHaveBeenCalledTimes(1);
    expect(send!("count", { msgNum: 1 })).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
    controller.abort();
    expect(cleanUp).toHaveBeenCalledTimes(1);
  });

  it("cleans up when the consumer cancels the stream", async () => {
    const cleanUp = vi.fn();
    const response = eventStream(() => cleanUp, { signal: new AbortController().signal });
    await response.body!.cancel();
    expect(cleanUp).toHaveBeenCalledTimes(1);
  });

  it("never subscribes for a request that was already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const start = vi.fn(() => () => undefined);
    const response = eventStream(start, { signal: controller.signal });
    expect(start).not.toHaveBeenCalled();
    expect((await response.body!.getReader().read()).done).toBe(true);
  });

  it("drops a client that stops reading once too much is queued", () => {
    const cleanUp = vi.fn();
    let send: ((event: string, data: unknown) => boolean) | null = null;
    eventStream(
      (s) => {
        send = s;
        return cleanUp;
      },
      { signal: new AbortController().signal, maxQueuedChunks: 10 },
    );
    const results = Array.from({ length: 20 }, () => send!("push", { id: "1" }));
    expect(results.slice(0, 10).every(Boolean)).toBe(true);
    expect(results.at(-1)).toBe(false);
    expect(cleanUp).toHaveBeenCalledTimes(1);
  });
});

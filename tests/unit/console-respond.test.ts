/**
 * The console server writes a response with backpressure: a client that stops
 * reading stops the reading of the body at about a socket's buffers, and a client that leaves
 * cancels the body (which is what closes the platform's export).
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { sendResponse } from "../../scripts/console-respond.js";

const CHUNK = 64 * 1024;
const TOTAL = 64 * 1024 * 1024;

let server: Server | null = null;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = null;
});

/** Serves an endless-looking 64 MB body and reports how much of it was pulled, and whether it was cancelled. */
async function serveBig() {
  const seen = { pulled: 0, cancelled: false };
  server = createServer((_req, res) => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (seen.pulled >= TOTAL) return controller.close();
        seen.pulled += CHUNK;
        controller.enqueue(new Uint8Array(CHUNK));
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    void sendResponse(res, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { seen, port: (server!.address() as AddressInfo).port };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("console response writer", () => {
  it("reads no further than the client takes, and cancels the body when the client leaves", async () => {
    const { seen, port } = await serveBig();
    const req = request({ host: "127.0.0.1", port, path: "/" });
    const res = await new Promise<import("node:http").IncomingMessage>((resolve) => req.once("response", resolve).end());
    expect(res.statusCode).toBe(200);
    res.pause();
    await sleep(600);
    const stalledAt = seen.pulled;
    await sleep(400);
    // Kernel socket buffers on loopback hold a few MB at most; Remix's own writer pulled all 64 MB.
    expect(seen.pulled).toBe(stalledAt);
    expect(seen.pulled).toBeLessThan(32 * 1024 * 1024);
    req.destroy();
    for (let i = 0; i < 40 && !seen.cancelled; i++) await sleep(50);
    expect(seen.cancelled).toBe(true);
  });

  it("sends the whole body to a client that reads it", async () => {
    const { port } = await serveBig();
    const res = await fetch(`http://127.0.0.1:${port}/`);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
    expect(bytes).toBe(TOTAL);
  });
});

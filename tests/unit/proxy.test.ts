/** The cluster's round-robin proxy (scripts/proxy.ts): turns, streaming, bodies, forwarded headers, a console down. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProxy, type Proxy } from "../../scripts/proxy.js";

interface Upstream {
  url: string;
  server: http.Server;
  /** Set when a streaming response's client went away. */
  aborted: boolean;
}

async function upstream(name: string): Promise<Upstream> {
  const state = { aborted: false } as Upstream;
  state.server = http.createServer((request, response) => {
    if (request.url === "/stream") {
      response.writeHead(200, { "Content-Type": "text/event-stream" });
      response.write(`event: hello\ndata: ${name}\n\n`);
      response.on("close", () => (state.aborted = !response.writableFinished));
      return; // never ends by itself
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      response.writeHead(200, { "Content-Type": "application/json", "Set-Cookie": ["a=1", "b=2"] });
      response.end(JSON.stringify({ name, method: request.method, body, host: request.headers.host, forwardedFor: request.headers["x-forwarded-for"] }));
    });
  });
  await new Promise<void>((resolve) => state.server.listen(0, "127.0.0.1", resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

describe("round-robin proxy", () => {
  let a: Upstream;
  let b: Upstream;
  let proxy: Proxy;

  beforeAll(async () => {
    [a, b] = await Promise.all([upstream("a"), upstream("b")]);
    proxy = await startProxy([a.url, b.url], 0);
  });
  afterAll(async () => {
    await proxy.close();
    for (const u of [a, b]) {
      u.server.closeAllConnections();
      u.server.close();
    }
  });

  it("sends requests to each upstream in turn, with bodies, the Host kept and the client's address forwarded", async () => {
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${proxy.url}/echo`, { method: "POST", body: `n=${i}` });
      expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
      const echo = (await response.json()) as { name: string; body: string; host: string; forwardedFor: string };
      expect(echo.body).toBe(`n=${i}`);
      expect(echo.host).toBe(new URL(proxy.url).host);
      expect(echo.forwardedFor).toBe("127.0.0.1");
      names.push(echo.name);
    }
    expect(names).toEqual(["a", "b", "a", "b"]);
  });

  it("passes an event stream through as it is written, and closes it upstream when the client leaves", async () => {
    const upstreams = [a, b];
    for (let i = 0; i < 2; i++) {
      const controller = new AbortController();
      const response = await fetch(`${proxy.url}/stream`, { signal: controller.signal });
      const reader = response.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toMatch(/^event: hello\ndata: [ab]\n\n$/);
      const served = upstreams.find((u) => first.includes(`data: ${u === a ? "a" : "b"}`))!;
      controller.abort();
      await expect.poll(() => served.aborted).toBe(true);
    }
  });

  it("skips an upstream that is down for a GET, and answers 502 in Chinese when none is up", async () => {
    const down = await upstream("down");
    const downUrl = down.url;
    await new Promise((resolve) => down.server.close(resolve));
    const partial = await startProxy([downUrl, a.url], 0);
    const lonely = await startProxy([downUrl], 0);
    try {
      for (let i = 0; i < 2; i++) expect(((await (await fetch(`${partial.url}/echo`)).json()) as { name: string }).name).toBe("a");
      const refused = await fetch(`${lonely.url}/echo`);
      expect(refused.status).toBe(502);
      expect(await refused.text()).toMatch(/控制台实例暂时无法访问/);
    } finally {
      await Promise.all([partial.close(), lonely.close()]);
    }
  });
});

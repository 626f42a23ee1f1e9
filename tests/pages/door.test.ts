/**
 * Bad bodies at the console's door (scripts/console-door.ts): a JSON body, a broken multipart body and a
 * body over the limit, posted to every console route that takes a POST, each get a 4xx in Chinese that
 * the client reads to the end — no reset while it is still sending — and the server keeps serving.
 */
import { request } from "node:http";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_BODY_MAX_BYTES } from "../../scripts/console-door.js";
import { CONSOLE_SERVER_BUILD } from "../../scripts/console-build-paths.js";
import { browserAs, consoleUrl } from "./support.js";

interface Answer {
  status: number;
  text: string;
}

/** Posts `body` and reads the whole answer; a reset or a broken pipe fails the request. */
function post(path: string, contentType: string, body: Buffer, cookie: string): Promise<Answer> {
  const base = new URL(consoleUrl());
  return new Promise((done, fail) => {
    const req = request(
      { host: base.hostname, port: base.port, path, method: "POST", headers: { "Content-Type": contentType, "Content-Length": body.length, Cookie: cookie, Origin: base.origin } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

/** Every route of the built console with an action, as a path its pattern matches (parameters set to 1). */
async function actionPaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(resolve(CONSOLE_SERVER_BUILD)).href)) as ServerBuild;
  const pathOf = (id: string | undefined): string => {
    if (!id) return "";
    const route = build.routes[id]!;
    const own = (route.path ?? "").replace(/:[^/]+/g, "1").replace(/\*$/, "x").replace(/\/?\([^)]*\)\??/g, "");
    return [pathOf(route.parentId), own].filter(Boolean).join("/");
  };
  const paths = Object.values(build.routes)
    .filter((route) => route.module.action)
    .map((route) => `/${pathOf(route.id)}`.replace(/\/+/g, "/") + (route.index ? "?index" : ""));
  return [...new Set(paths)].sort();
}

const chinese = /[\u4e00-\u9fa5]/;

/** The paths whose answer is not a refusal in words (a 4xx with Chinese text, or a redirect), with what they answered. */
async function misanswered(paths: string[], send: (path: string) => Promise<Answer>): Promise<string[]> {
  const wrong: string[] = [];
  for (const path of paths) {
    const { status, text } = await send(path);
    const refused = (status >= 400 && status < 500 && chinese.test(text)) || (status >= 300 && status < 400);
    if (!refused) wrong.push(`${path} ${status} ${text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").slice(0, 120)}`);
  }
  return wrong;
}
const json = Buffer.from(JSON.stringify({ name: "张三", filler: "x".repeat(6 * 1024 * 1024) }));
const brokenMultipart = Buffer.concat([Buffer.from('--not-the-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n'), Buffer.alloc(6 * 1024 * 1024, 0xff)]);
const oversized = Buffer.alloc(CONSOLE_BODY_MAX_BYTES + 1, "a");

describe("bad bodies at the door, on every console route that takes a POST", () => {
  let paths: string[] = [];
  let cookie = "";
  beforeAll(async () => {
    paths = await actionPaths();
    cookie = (await browserAs("SYSTEM_USER")).cookieHeader();
  });

  it("finds the console's action routes", () => {
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toContain("/login");
  });

  it("answers a 6 MB JSON body with a Chinese 4xx the client reads whole", async () => {
    expect(await misanswered(paths, (path) => post(path, "application/json", json, cookie))).toEqual([]);
  });

  it("answers a broken 6 MB multipart body with a Chinese 4xx the client reads whole", async () => {
    expect(await misanswered(paths, (path) => post(path, "multipart/form-data; boundary=expected", brokenMultipart, cookie))).toEqual([]);
  });

  it("answers a body over the limit with 413 in Chinese, read after the body was taken", async () => {
    for (const path of paths) {
      const answer = await post(path, "application/x-www-form-urlencoded", oversized, cookie);
      expect(answer.status, path).toBe(413);
      expect(answer.text, path).toContain("请求内容过大");
    }
  });

  it("refuses a data request naming a route its path does not match with 没有访问权限, and keeps serving", async () => {
    // As the browser asks (single fetch), and as a browser holding an older version's scripts asks.
    for (const path of ["/userInfoManage/driver/audit/1.data?_routes=routes%2F_app.%24", "/userInfoManage/driver/audit/1.data?_routes=root%2Croutes%2F_app.%24", "/_root.data?_routes=routes%2F_app.dashboard", "/userInfoManage/driver/audit/1?_data=routes%2F_app.%24"]) {
      const response = await fetch(new URL(path, consoleUrl()), { headers: { Cookie: cookie } });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain("没有访问权限");
    }
    expect((await fetch(new URL("/login", consoleUrl()))).status).toBe(200);
  });

  it("answers a data request for the routes its path falls on", async () => {
    const response = await fetch(new URL("/dashboard.data?_routes=root%2Croutes%2F_app.dashboard", consoleUrl()), { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("routes/_app.dashboard");
  });
});

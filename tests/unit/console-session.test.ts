/**
 * Sessions, outages, refreshes and forms on the console's side, against a real HTTP stand-in for the platform:
 * the session cookie hides the tokens; an outage keeps the session and a hung platform gives the
 * outage page within the page timeout; parallel requests of a session whose refresh fails are all
 * sent to login; readForm refuses non-form bodies and cross-origin posts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type SessionModule = typeof import("../../app/services/session.server");
type UserModule = typeof import("../../app/services/user.server");
type FormModule = typeof import("../../app/services/read-form.server");
type TargetModule = typeof import("../../app/services/target.server");

let server: Server;
let sessions: SessionModule;
let users: UserModule;
let forms: FormModule;
let targets: TargetModule;
let refreshCalls = 0;

const USER_INFO = { id: "1", name: "测试", mobile: "13800000003", headshotUrl: null, companyName: null, type: "ORG_USER", accessLevel: "ORG_USER", roles: [], permissions: [], sourceId: null };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const auth = String(req.headers.authorization ?? "");
      if (req.url === "/api/v1/auth/token/refresh") {
        refreshCalls++;
        // Refused after a moment, so that parallel requests overlap with it.
        setTimeout(() => {
          res.writeHead(401, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: 401, errorMsg: "刷新令牌无效，请重新登录" }));
        }, 100);
        return;
      }
      if (req.url === "/api/v1/auth/user-info") {
        if (auth.endsWith("a-hang")) return; // never answers
        if (auth.endsWith("a-reset")) return req.socket.destroy();
        if (auth.endsWith("a-502")) {
          res.writeHead(502);
          return res.end("<html>bad gateway</html>");
        }
        if (auth.endsWith("a-stale")) {
          res.writeHead(401, { "Content-Type": "application/json" });
          return res.end(JSON.stringify({ code: 401, errorMsg: "令牌已失效" }));
        }
        res.writeHead(200, { "Content-Type": "application/json" });
        return res.end(JSON.stringify({ code: 200, message: "success", data: USER_INFO }));
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.TMS_PLATFORM_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.SESSION_SECRET = "unit-test-secret-unit-test-secret";
  process.env.TMS_PAGE_TIMEOUT_MS = "400";
  sessions = await import("../../app/services/session.server");
  users = await import("../../app/services/user.server");
  forms = await import("../../app/services/read-form.server");
  targets = await import("../../app/services/target.server");
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A request carrying a session cookie with these tokens. */
async function requestWith(accessToken: string, refreshToken: string, expiresAt = Date.now() + 3_600_000, path = "/dashboard"): Promise<Request> {
  const session = await sessions.getSession(new Request("http://localhost/"));
  sessions.storeTokens(session, { accessToken, refreshToken, expiresAt });
  const cookie = (await sessions.commitSession(session)).split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown Response");
}

describe("the session cookie", () => {
  it("carries no token readable by decoding it, and a changed byte empties the session", async () => {
    const access = "access-0123456789abcdefghijklmnopqrstuvwxyz";
    const refresh = "refresh-0123456789abcdefghijklmnopqrstuvwxyz";
    const request = await requestWith(access, refresh);
    const value = decodeURIComponent(request.headers.get("Cookie")!.split("=").slice(1).join("="));
    for (const text of [value, ...value.split(".").map((part) => Buffer.from(part, "base64").toString("latin1"))]) {
      const inner = text.replace(/^"|"$/g, "");
      for (const decoded of [text, Buffer.from(inner, "base64url").toString("latin1"), Buffer.from(inner, "base64").toString("latin1")]) {
        expect(decoded).not.toContain(access);
        expect(decoded).not.toContain(refresh);
        expect(decoded).not.toContain("accessToken");
      }
    }
    expect(sessions.sessionTokens(await sessions.getSession(request))).toEqual(expect.objectContaining({ accessToken: access, refreshToken: refresh }));

    const sealed = sessions.sealSessionData({ accessToken: access });
    expect(sessions.openSessionData(sealed)).toEqual({ accessToken: access });
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    expect(sessions.openSessionData(flipped)).toBeNull();
  });
});

describe("a platform outage", () => {
  for (const [name, token] of [["a connection reset", "a-reset"], ["a 502", "a-502"]] as const) {
    it(`keeps the session on ${name} and answers the Chinese outage page (503)`, async () => {
      const response = await thrown(users.requireUser(await requestWith(token, "r-ok")));
      expect(response.status).toBe(503);
      expect(await response.text()).toContain("平台服务暂时无法访问");
      expect(response.headers.get("Set-Cookie") ?? "").not.toMatch(/tms_session=;|Expires=Thu, 01 Jan 1970/);
    });
  }

  it("answers a page load within the page timeout while the platform hangs", async () => {
    const started = Date.now();
    const response = await thrown(users.requireUser(await requestWith("a-hang", "r-ok")));
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("gives page loads the page timeout and POSTs and file streams the spec's long timeout", () => {
    const get = targets.platformTarget(new Request("http://localhost/dashboard"));
    const post = targets.platformTarget(new Request("http://localhost/dashboard", { method: "POST" }));
    expect(get.timeoutMs).toBe(400);
    expect(get.longTimeoutMs).toBe(6_000_000);
    expect(post.timeoutMs).toBe(6_000_000);
  });
});

describe("a refused refresh", () => {
  it("sends every one of 20 parallel requests to login, none fails", async () => {
    refreshCalls = 0;
    const request = await requestWith("a-stale", "r-refused", Date.now() - 1_000);
    // Staggered, as a browser's parallel loads arrive: most come while the first refresh is in flight.
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => new Promise((r) => setTimeout(r, i * 8)).then(() => users.requireUser(request.clone()))),
    );
    for (const answer of answers) {
      expect(answer.status).toBe("rejected");
      const response = (answer as PromiseRejectedResult).reason;
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(302);
      expect((response as Response).headers.get("Location")).toMatch(/^\/login\?redirect=/);
    }
    expect(refreshCalls).toBeGreaterThan(0);
  });
});

describe("readForm", () => {
  const post = (headers: Record<string, string>, body: BodyInit) => new Request("http://localhost/login", { method: "POST", headers: { Host: "localhost", ...headers }, body });

  it("reads a same-origin form, urlencoded, and multipart where the route asks for it", async () => {
    const form = await forms.readForm(post({ "Content-Type": "application/x-www-form-urlencoded", Origin: "http://localhost" }, "a=1&b=%E4%B8%AD"));
    expect(Object.fromEntries(form)).toEqual({ a: "1", b: "中" });
    const data = new FormData();
    data.set("file", new File(["x"], "x.txt"));
    data.set("name", "张三");
    const multipart = new Request("http://localhost/system/SystemFile", { method: "POST", body: data });
    expect((await forms.readForm(multipart, { multipart: true })).get("name")).toBe("张三");
  });

  it("refuses JSON, text and unasked-for multipart with 415, and a broken multipart body with 400", async () => {
    for (const [type, body] of [["application/json", '{"mobile":"13800000001"}'], ["text/plain", "x"], ["multipart/form-data; boundary=x", "--x--"]]) {
      const response = await thrown(forms.readForm(post({ "Content-Type": type }, body)));
      expect(response.status, type).toBe(415);
      expect(await response.text()).toMatch(/请以表单方式提交/);
    }
    const broken = await thrown(forms.readForm(post({ "Content-Type": "multipart/form-data; boundary=x" }, "not multipart at all"), { multipart: true }));
    expect(broken.status).toBe(400);
  });

  it("refuses a cross-origin POST with 403, by Origin or by Sec-Fetch-Site", async () => {
    const cases: Array<Record<string, string>> = [{ Origin: "https://evil.example" }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of cases) {
      const response = await thrown(forms.readForm(post({ "Content-Type": "application/x-www-form-urlencoded", ...headers }, "a=1")));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.text()).toMatch(/跨站/);
    }
  });
});

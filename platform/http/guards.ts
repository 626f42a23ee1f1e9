/**
 * What every request passes before any route sees it: the framework's own refusals (bad
 * percent-encoding, oversized headers) in the envelope and in Chinese, an empty JSON body read as no
 * body (docs/architecture.md "Conventions": a POST whose contract body is "none"), JSON bounded in depth, array length and
 * numbers before it is parsed (contract/json-limits.ts), and no NUL character in any input text.
 */
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { jsonLimitViolation } from "../../contract/json-limits.js";
import { HttpError } from "./envelope.js";

function envelope(status: number, errorMsg: string): string {
  return JSON.stringify({ code: status, errorMsg });
}

/** Fastify options: the framework's own URL errors and Node's header errors answer in the envelope. */
export const guardedServerOptions: Pick<FastifyServerOptions, "frameworkErrors" | "clientErrorHandler" | "routerOptions"> = {
  routerOptions: { maxParamLength: 200 },
  frameworkErrors(error, _request: FastifyRequest, reply: FastifyReply) {
    const message = error.code === "FST_ERR_BAD_URL" ? "请求地址编码不正确" : "请求不正确";
    void reply.status(400).type("application/json; charset=utf-8").send(envelope(400, message));
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (!socket.writable) return socket.destroy();
    const [status, message] = error.code === "HPE_HEADER_OVERFLOW" ? [431, "请求头过大"] : [400, "请求格式不正确"];
    const body = envelope(status, message);
    socket.end(`HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  },
};

/**
 * The path of the first string holding a NUL character, or null. Walks with an explicit stack (a body
 * is already bounded in depth by the parser, but the walk must not depend on that) and builds a path
 * only for the string it reports.
 */
export function nulPath(root: unknown): string | null {
  interface Node {
    value: unknown;
    key: string | null;
    parent: Node | null;
  }
  const stack: Node[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === "string") {
      if (!value.includes("\u0000")) continue;
      const path: string[] = [];
      for (let at: Node | null = node; at?.key != null; at = at.parent) path.push(at.key);
      return path.reverse().join(".") || "请求";
    }
    // A raw upload's bytes (a Buffer) are not text: walking them as an object made an entry per byte
    // (a 10 MB upload took minutes, a 200 MB one could exhaust memory). Files are checked by content.
    if (ArrayBuffer.isView(value)) continue;
    if (value && typeof value === "object") {
      const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
      // Pushed in reverse, so the first field is looked at first (the same field is reported as before).
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
  return null;
}

export function installInputGuards(app: FastifyInstance): void {
  const jsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    // Depth, array lengths and numbers are checked on the text, before anything parses or walks it.
    const violation = jsonLimitViolation(text);
    if (violation) return done(new HttpError(400, violation), undefined);
    jsonParser(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field) throw new HttpError(400, `字段 ${field} 含有不允许的控制字符`);
    }
  });
}

/**
 * What every request passes before any route sees it (issue 15): the framework's own refusals (bad
 * percent-encoding, oversized headers) in the envelope and in Chinese, an empty JSON body read as no
 * body (DESIGN.md: a POST whose contract body is "none"), and no NUL character in any input text.
 */
import type { Socket } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
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

/** The path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "请求" : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = nulPath(item, [...path, key]);
      if (found) return found;
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
    jsonParser(request, text, done);
  });
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = nulPath(part);
      if (field) throw new HttpError(400, `字段 ${field} 含有不允许的控制字符`);
    }
  });
}

import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { HttpError, Refusal } from "./envelope.js";
import { describeZodError } from "./validate.js";

/** Every error leaves the platform in the contract's envelope; never a stack trace. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof Refusal) {
      return reply.status(200).send({ code: error.code, message: error.message, data: error.data });
    }
    if (error instanceof HttpError) {
      return reply.status(error.status).send({ code: error.status, errorMsg: error.errorMsg });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ code: 400, errorMsg: describeZodError(error) });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const errorMsg = clientErrorMessage(error as FastifyError);
      return reply.status(status).send({ code: status, errorMsg });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: 500, errorMsg: "服务器内部错误，请稍后重试" });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 404, errorMsg: `接口不存在：${request.method} ${request.url.split("?")[0]}` });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "请求体类型不支持，请使用 application/json";
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "请求体为空，请提供 JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "请求体过大";
    default:
      if (error instanceof SyntaxError || /JSON/i.test(error.message)) return "请求体不是合法的 JSON";
      return "请求不正确";
  }
}

import type { ZodError, ZodTypeAny, z } from "zod";
import { HttpError } from "./envelope.js";

/** Parses input with a Zod schema; bad input becomes HTTP 400 with a Chinese message naming the field. */
export function parse<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}

export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "请求参数不正确";
  const field = issue.path.join(".");
  const generic = issue.code === "invalid_type" && issue.received === "undefined" ? "缺少必填字段" : null;
  const message = generic ?? issue.message;
  if (!field) return message === "Required" || /^[\x00-\x7F]*$/.test(message) ? "请求参数不正确" : message;
  if (message === "Required" || generic) return `缺少必填字段 ${field}`;
  if (/^[\x00-\x7F]*$/.test(message)) return `字段 ${field} 不正确`;
  return message.includes(field) ? message : `${message}（${field}）`;
}

/**
 * Like `parse`, for schemas whose every message names its field in Chinese (the resource kit's):
 * the first issue's own message is the answer, so a missing 审核意见 reads 请填写审核意见.
 */
export function parseLabelled<S extends ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue && /[^\x00-\x7F]/.test(issue.message)) throw new HttpError(400, issue.message);
  throw new HttpError(400, describeZodError(result.error));
}

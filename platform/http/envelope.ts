import type { ApiSuccess, Paged } from "../../contract/envelope.js";
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from "../../contract/envelope.js";
import { z } from "zod";

export function ok<T>(data: T): ApiSuccess<T> {
  return { code: 200, message: "success", data };
}

export function paged<T>(records: T[], total: number, current: number, size: number): ApiSuccess<Paged<T>> {
  return ok({ records, total, current, size });
}

/** An HTTP failure: answered as `{ code: status, errorMsg }` with that status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorMsg: string,
  ) {
    super(errorMsg);
  }
}

/** A business refusal: answered as HTTP 200 `{ code, message, data }`. Nothing was changed. */
export class Refusal extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const unauthorized = (msg = "登录已失效，请重新登录") => new HttpError(401, msg);
export const notFound = (msg = "记录不存在") => new HttpError(404, msg);

/** A number as JSON or a query string sends it; anything else (arrays, objects) stays as it is and is refused. */
const numeric = (value: unknown) => (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value);

/** Paging fields of a list body: current (1-based) and size (1 to `maxSize`, default 20). The one parser of current/size. */
export function pagingSchemaUpTo(maxSize: number) {
  return z.object({
    current: z.preprocess(
      numeric,
      z
        .number({ invalid_type_error: "current 必须是数字" })
        .int("current 必须是整数")
        .min(1, "current 从 1 开始")
        .max(MAX_PAGE, "current 过大")
        .default(1),
    ),
    size: z.preprocess(
      numeric,
      z
        .number({ invalid_type_error: "size 必须是数字" })
        .int("size 必须是整数")
        .min(1, `size 必须在 1 到 ${maxSize} 之间`)
        .max(maxSize, `size 必须在 1 到 ${maxSize} 之间`)
        .default(Math.min(DEFAULT_PAGE_SIZE, maxSize)),
    ),
  });
}

/** Paging fields every list body carries: current (1-based) and size (1 to MAX_PAGE_SIZE). */
export const pagingSchema = pagingSchemaUpTo(MAX_PAGE_SIZE);

/** The first page of `size` rows, for a caller inside the platform (a job, a benchmark) that reads a list directly. */
export const firstPageOf = (size: number) => ({ current: 1, size });

export function offsetOf(current: number, size: number): number {
  return (current - 1) * size;
}

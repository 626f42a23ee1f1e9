/**
 * The one way an action reads its form. It refuses, with a Chinese message instead
 * of a 500:
 * - a cross-origin POST (403): an Origin header naming another host, or Sec-Fetch-Site: cross-site;
 * - a body that is not a form (415): JSON, text, or multipart where the route takes no files;
 * - a form that cannot be parsed (400).
 * Routes that take files ask for multipart; order import passes its upload handler (size limit).
 */
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "~/lib/same-origin";
import { parseBoundedJson } from "../../contract/json-limits";

export interface ReadFormOptions {
  /** Accept multipart/form-data too: true (files held in memory by the runtime), or an upload handler. */
  multipart?: boolean | UploadHandler;
}

const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/** A refusal the page's error boundary shows (text body, so its message is what the page says). */
export function formRefusal(status: 400 | 403 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Throws 403 for a write another site made the browser send (the rule: ~/lib/same-origin). */
export function refuseCrossOrigin(request: Request): void {
  if (isCrossOriginWrite(request.method, (name) => request.headers.get(name))) throw formRefusal(403, CROSS_ORIGIN_MESSAGE);
}

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormData> {
  refuseCrossOrigin(request);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  const multipart = options.multipart ?? false;
  // A POST with no body at all (a bare logout) is an empty form.
  if (!type && (!request.body || request.headers.get("Content-Length") === "0")) return new FormData();
  if (type !== URLENCODED && !(multipart && type === MULTIPART)) {
    throw formRefusal(415, multipart ? "请以表单方式提交（支持 application/x-www-form-urlencoded 或 multipart/form-data）" : "请以表单方式提交（application/x-www-form-urlencoded）");
  }
  let form: FormData;
  try {
    form = type === MULTIPART && typeof multipart === "function" ? await unstable_parseMultipartFormData(request, multipart) : await request.formData();
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw error;
    throw unparsable();
  }
  // A multipart body none of whose bytes framed a part (a wrong or missing boundary) parses as an empty
  // form; a browser's form always sends at least one field.
  if (type === MULTIPART && form.keys().next().done && Number(request.headers.get("Content-Length") ?? 1) > 0) throw unparsable();
  return form;
}

const unparsable = () => formRefusal(400, "表单内容无法解析，请刷新页面后重试");

/**
 * The one way an action reads a JSON body (the click log's beacon): same-origin only, at most
 * `maxBytes` read (400 past it, the rest is not read), and the shared JSON bounds (depth, array
 * length, numbers) checked on the text before it is parsed (contract/json-limits.ts), so a deep body
 * is a 400 and never reaches code that walks it.
 */
export async function readJson(request: Request, maxBytes: number): Promise<unknown> {
  refuseCrossOrigin(request);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      size += next.value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw formRefusal(400, `请求体过大（最多 ${maxBytes} 字节）`);
      }
      chunks.push(next.value);
    }
  }
  try {
    return parseBoundedJson(Buffer.concat(chunks).toString("utf8"));
  } catch (error) {
    throw formRefusal(400, error instanceof RangeError ? error.message : "请求体不是合法的 JSON");
  }
}

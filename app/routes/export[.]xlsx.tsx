import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { filterSchema } from "../../contract/resources/derive";
import { resolveAccess } from "~/navigation";
import { pageAt } from "~/pages";
import { relayDownload } from "~/services/freight.server";
import { PlatformError } from "~/services/platform.server";
import { parseResourceQuery } from "~/services/resource-query";
import { resourcesApi } from "~/services/resources.server";
import { requireUser, viewerOf } from "~/services/user.server";

/**
 * GET /export.xlsx?page=<a resource list's path>&<its query>: the xlsx of that list's filter, streamed
 * from the platform's POST <resource>/export. The page must be one the user may open, and its preset
 * is applied here, so a query string cannot widen what the page shows.
 */
const errorJson = (status: number, errorMsg: string) => json({ code: status, errorMsg }, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageAt(url.searchParams.get("page") ?? "");
  if (!page || page.kind !== "list") return errorJson(404, "导出的页面不存在");
  const user = await requireUser(request);
  const access = resolveAccess(page.path, viewerOf(user));
  if (access.kind !== "ok") return errorJson(403, `没有导出${page.def.name}的权限`);
  // 导出完整证件号: the platform checks the code and logs the export.
  const revealIds = url.searchParams.get("revealIds") === "1";
  url.searchParams.delete("revealIds");
  const query = parseResourceQuery(filterSchema(page.def), page.def, url, page.preset);
  const refused = Object.values(query.errors)[0];
  if (refused) return errorJson(400, refused);
  let upstream: Response;
  try {
    upstream = await resourcesApi.exportStream(user, page.def, query.filter, request.signal, revealIds);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind === "business") return json({ code: error.code, errorMsg: error.message }, { status: 409 });
    return errorJson(error.kind === "network" ? 502 : error.status, error.message);
  }
  if (!upstream.body) return errorJson(502, "平台未返回导出文件");
  return relayDownload(upstream as Response & { body: ReadableStream<Uint8Array> }, request.signal);
}

import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { REPORT_IDS, REPORTS, type ReportId } from "../../contract/reports";
import { resolveAccess } from "~/navigation";
import { relayDownload } from "~/services/freight.server";
import { reportQuery, reportsApi } from "~/services/pages/reports.server";
import { PlatformError } from "~/services/platform.server";
import { requireUser, viewerOf } from "~/services/user.server";

/**
 * GET /report.xlsx?report=<id>&<the report page's query>: the report as a workbook, streamed from the
 * platform's POST tms-report/<id>/export. The user must be able to open the report's page.
 */
const errorJson = (status: number, errorMsg: string) => json({ code: status, errorMsg }, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get("report") as ReportId;
  if (!REPORT_IDS.includes(id)) return errorJson(404, "导出的报表不存在");
  const user = await requireUser(request);
  const access = resolveAccess(REPORTS[id].path, viewerOf(user));
  if (access.kind !== "ok") return errorJson(403, `没有导出${REPORTS[id].title}的权限`);
  const { params, errors } = reportQuery(id, url);
  if (!params) return errorJson(400, Object.values(errors)[0] ?? "查询条件不正确");
  let upstream: Response;
  try {
    upstream = await reportsApi.exportStream(user, id, params, request.signal);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return errorJson(error.kind === "network" ? 502 : error.kind === "business" ? 409 : error.status, error.message);
  }
  if (!upstream.body) return errorJson(502, "平台未返回导出文件");
  return relayDownload(upstream as Response & { body: ReadableStream<Uint8Array> }, request.signal);
}

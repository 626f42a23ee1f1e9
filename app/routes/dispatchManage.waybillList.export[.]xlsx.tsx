import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { resolveAccess } from "~/navigation";
import { exportDisposition, freightApi, freightListQuery, relayStream } from "~/services/freight.server";
import { reportsApi } from "~/services/pages/reports.server";
import { PlatformError } from "~/services/platform.server";
import { platformTarget } from "~/services/target.server";
import { requireUser, viewerOf } from "~/services/user.server";

/**
 * GET /dispatchManage/waybillList/export.xlsx?<the waybill list's query>: the xlsx of the filter,
 * streamed from the platform's POST tms-freight/export without buffering (spec 7.2, 9).
 *
 * Authenticated by the console session (the list page's 导出) or by `Authorization: Bearer <token>`
 * (scripts, curl). An error before the first byte answers JSON `{code, errorMsg}` with the
 * platform's HTTP status, so the page can show the message (spec 8).
 */
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const LIST_PATH = "/dispatchManage/waybillList";

function errorJson(status: number, errorMsg: string): Response {
  return json({ code: status, errorMsg }, { status, headers: { "Cache-Control": "no-store" } });
}

/** A platform failure as the export's JSON error; a business refusal (HTTP 200 with a code) becomes 409. */
function platformErrorJson(error: PlatformError): Response {
  if (error.kind === "network") return errorJson(502, error.message);
  if (error.kind === "business") return json({ code: error.code, errorMsg: error.message }, { status: 409, headers: { "Cache-Control": "no-store" } });
  return errorJson(error.status, error.message);
}

function bearerToken(request: Request): string | null {
  const match = request.headers.get("Authorization")?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1]! : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = freightListQuery(new URL(request.url));
  const refused = Object.values(query.errors)[0];
  // The export must be exactly the filter asked for: a refused value is an error, not a dropped filter.
  if (refused) return errorJson(400, refused);

  let upstream: Response;
  try {
    const token = bearerToken(request);
    if (token) {
      upstream = await freightApi.exportWithToken(platformTarget(request), token, query.filter);
    } else {
      const user = await requireUser(request);
      const access = resolveAccess(LIST_PATH, viewerOf(user));
      if (access.kind !== "ok") return errorJson(403, "没有导出运单的权限");
      upstream = await freightApi.exportAsUser(user, query.filter);
      void reportsApi.click(user, "WAYBILL", "导出");
    }
  } catch (error) {
    if (error instanceof PlatformError) return platformErrorJson(error);
    throw error;
  }

  if (!upstream.body) return errorJson(502, "平台未返回导出文件");
  return new Response(relayStream(upstream.body, request.signal), {
    status: 200,
    headers: {
      "Content-Type": XLSX_TYPE,
      "Content-Disposition": exportDisposition(),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

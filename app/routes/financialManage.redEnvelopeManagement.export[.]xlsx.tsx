import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { resolveAccess } from "~/navigation";
import { relayDownload } from "~/services/freight.server";
import { PlatformError } from "~/services/platform.server";
import { requireUser, viewerOf } from "~/services/user.server";
import { queryText } from "~/services/list-query";

/**
 * GET /financialManage/redEnvelopeManagement/export.xlsx?tab=campaigns|grants&<the tab's filters>: the
 * tab's rows as a workbook, streamed from the platform's POST /pay/red-envelopes/<tab>/export (its own
 * xlsx writer: 元 with 2 decimals, China times). Scoped by the session: the user must be able to open
 * 红包管理, and the platform checks TMS_RED_ENVELOPE and the platform of the caller.
 */
const PAGE = "/financialManage/redEnvelopeManagement";
const FILTERS = { campaigns: ["keyword", "status"], grants: ["keyword", "status", "campaignId"] } as const;
const errorJson = (status: number, errorMsg: string) => json({ code: status, errorMsg }, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("tab") ?? "campaigns";
  if (raw !== "campaigns" && raw !== "grants") return errorJson(400, "导出的页签只能是 活动 或 发放记录");
  const tab: keyof typeof FILTERS = raw;
  const user = await requireUser(request);
  const access = resolveAccess(PAGE, viewerOf(user));
  if (access.kind !== "ok") return errorJson(403, "没有导出红包管理的权限");
  const filter = queryText(url, FILTERS[tab]);
  let upstream: Response;
  try {
    upstream = await user.call<Response>({ path: `/pay/red-envelopes/${tab}/export`, body: filter, raw: true, signal: request.signal });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind === "business") return json({ code: error.code, errorMsg: error.message }, { status: 409, headers: { "Cache-Control": "no-store" } });
    return errorJson(error.kind === "network" ? 502 : error.status, error.message);
  }
  if (!upstream.body) return errorJson(502, "平台未返回导出文件");
  return relayDownload(upstream as Response & { body: ReadableStream<Uint8Array> }, request.signal);
}

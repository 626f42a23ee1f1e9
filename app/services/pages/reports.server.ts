/**
 * Loader of every report page: the parameters from the URL (validated by the contract's
 * schema, defaults applied), the platform's result, the chart drawn on the server as SVG, the
 * organisation picker for platform and tenant staff, and the export link.
 */
import { pickerOf } from "~/services/picker.server";
import { pickKeywordName } from "~/lib/picker";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { resourceOf } from "../../../contract/resources/index";
import { defaultRange, REPORTS, reportParamsSchema, type ReportId, type ReportParams, type ReportResult } from "../../../contract/reports";
import { chartView } from "~/lib/charts.server";
import { pageJson, platformMessage } from "~/services/page-data.server";
import type { CurrentUser } from "~/services/user.server";
import { requirePage } from "~/services/user.server";
import { isStaff } from "../../../contract/platforms";
import { queryText } from "~/services/list-query";

const PARAM_KEYS = ["dateFrom", "dateTo", "freightWay", "orgId", "shipper", "period", "dimension"] as const;

/** The URL's parameters: the values to show in the form, the valid parameters (or null) and the errors per field. */
export function reportQuery(id: ReportId, url: URL): { values: Record<string, string>; params: ReportParams | null; errors: Record<string, string> } {
  const values: Record<string, string> = { ...defaultRange(id), ...queryText(url, PARAM_KEYS) };
  const parsed = reportParamsSchema(id).safeParse(values);
  if (parsed.success) return { values, params: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "dateTo")] ??= issue.message;
  return { values, params: null, errors };
}

export const reportsApi = {
  run(user: CurrentUser, id: ReportId, params: ReportParams): Promise<ReportResult> {
    return user.call<ReportResult>({ path: `/tms-report/${id}/search`, body: params });
  },
  exportStream(user: CurrentUser, id: ReportId, params: ReportParams, signal?: AbortSignal): Promise<Response> {
    return user.call<Response>({ path: `/tms-report/${id}/export`, body: params, raw: true, signal });
  },
  /** Records a click on a waybill page; a failure never breaks the page. */
  click(user: CurrentUser, module: "WAYBILL" | "DISPATCH", content: string, freightNo?: string): Promise<void> {
    return user.call<null>({ path: "/tms-report/click", body: { module, content, freightNo } }).then(
      () => undefined,
      () => undefined,
    );
  },
};

export async function loadReport(id: ReportId, { request }: LoaderFunctionArgs) {
  const user = await requirePage(request);
  const url = new URL(request.url);
  const { values, params, errors } = reportQuery(id, url);
  const staff = isStaff(user.info);
  const enterprise = resourceOf("enterprise");
  const [outcome, orgs] = await Promise.all([
    params ? reportsApi.run(user, id, params).then((result) => ({ result }), (error: unknown) => ({ error: platformMessage(error) })) : Promise.resolve(null),
    staff && enterprise ? pickerOf(user, enterprise, { keyword: url.searchParams.get(pickKeywordName("orgId")) ?? "", selected: values.orgId }) : Promise.resolve(null),
  ]);
  const result = outcome && "result" in outcome ? outcome.result : null;
  const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v));
  return pageJson(user, {
    id,
    meta: REPORTS[id],
    values,
    errors,
    staff,
    orgs,
    result,
    error: outcome && "error" in outcome ? outcome.error : null,
    chart: result?.chart ? chartView({ ...result.chart, title: { text: `${REPORTS[id].title}图表` } }) : null,
    exportHref: `/report.xlsx?report=${id}&${query}`,
  });
}

/**
 * Client of the platform's risk-appeal calls (风险申诉, under tms-freight-riskappeal-review), and the
 * appeal list's query as the URL carries it. Route files and page loaders call these; they never build
 * a platform request by hand. The waybill's dispatch-info call is freightApi.dispatchInfo.
 */
import type { z } from "zod";
import { appealFilterSchema, type AppealAuditRequest, type AppealDetail, type AppealFilter, type AppealRecord } from "../../contract/appeal";
import type { Paged } from "../../contract/envelope";
import { pageParams } from "~/components/ui/Pagination";
import { PlatformError } from "./platform.server";
import type { CurrentUser } from "./user.server";

/** The list's filter fields as they appear in the URL query. */
export const APPEAL_FILTER_FIELDS = ["appealNo", "freightNo", "status", "freightWay", "submittedFrom", "submittedTo"] as const;
export type AppealFilterField = (typeof APPEAL_FILTER_FIELDS)[number];
export type AppealFilterValues = Partial<Record<AppealFilterField, string>>;
export type AppealFilterErrors = Partial<Record<AppealFilterField, string>>;

/**
 * Parses `values` with `schema`, leaving out each field it refuses (with the refusal's message) until
 * the rest parses; so one bad field does not stop the search.
 */
export function parseKeepingGood<S extends z.ZodTypeAny>(schema: S, values: Record<string, string>): { data: z.infer<S>; errors: Record<string, string> } {
  const input = { ...values };
  const errors: Record<string, string> = {};
  for (;;) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return { data: parsed.data, errors };
    const field = String(parsed.error.issues[0]?.path[0] ?? "");
    if (!(field in input)) return { data: schema.parse({}), errors };
    errors[field] = parsed.error.issues[0]!.message;
    delete input[field];
  }
}

/** The list's state from the URL: the values as typed, the filter the platform gets, the page. */
export function appealListQuery(url: URL) {
  const values: AppealFilterValues = {};
  for (const field of APPEAL_FILTER_FIELDS) {
    const value = url.searchParams.get(field)?.trim();
    if (value) values[field] = value;
  }
  const { data, errors } = parseKeepingGood(appealFilterSchema, values);
  return { values, filter: data as AppealFilter, errors: errors as AppealFilterErrors, ...pageParams(url) };
}

function searchBody(filter: AppealFilter, paging: { current: number; size: number }): Record<string, unknown> {
  const body: Record<string, unknown> = { ...paging };
  for (const [key, value] of Object.entries(filter)) if (value !== undefined && value !== null) body[key] = value;
  return body;
}

const BASE = "/tms-freight-riskappeal-review";

export const appealApi = {
  /** POST tms-freight-riskappeal-review/search: the caller's appeals, newest first. */
  search(user: CurrentUser, filter: AppealFilter, paging: { current: number; size: number }): Promise<Paged<AppealRecord>> {
    return user.call<Paged<AppealRecord>>({ path: `${BASE}/search`, body: searchBody(filter, paging) });
  },

  /** POST tms-freight-riskappeal-review: submits an appeal of an abnormal waybill. */
  submit(user: CurrentUser, body: { freightNo: string; reason: string; evidence: string[] }): Promise<AppealRecord> {
    return user.call<AppealRecord>({ path: BASE, body });
  },

  /** GET tms-freight-riskappeal-review/{id}: the appeal, its waybill and history; null when not found or not the caller's. */
  async detail(user: CurrentUser, id: number): Promise<AppealDetail | null> {
    try {
      return await user.call<AppealDetail>({ path: `${BASE}/${id}`, method: "GET" });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === "not-found") return null;
      throw error;
    }
  },

  /** POST tms-freight-riskappeal-review/{id}/audit: 通过 (clears the waybill's risk flag) or 驳回 (remark required). */
  audit(user: CurrentUser, id: number, body: AppealAuditRequest): Promise<AppealRecord> {
    return user.call<AppealRecord>({ path: `${BASE}/${id}/audit`, body });
  },
};

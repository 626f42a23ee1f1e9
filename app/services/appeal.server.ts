/**
 * Client of the spec's risk-appeal calls the engine does not express (风险申诉, under
 * tms-freight-riskappeal-review): submit, the appeal with its waybill and history, audit. Searching
 * goes through the engine's resourcesApi; the waybill's dispatch-info call is freightApi.dispatchInfo.
 */
import type { AppealAuditRequest, AppealDetail, AppealRecord } from "../../contract/appeal";
import { appeal } from "../../contract/resources/appeal";
import { PlatformError } from "./platform.server";
import type { CurrentUser } from "./user.server";

const BASE = `/${appeal.api.base}`;

export const appealApi = {
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

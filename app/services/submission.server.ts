/** Client of the /submitData calls (tms-report, SYSTEM_USER only). */
import type { Paged } from "../../contract/envelope";
import type { ReportSearch, ReportStatus, ReportTarget, ReportTargetState, ReportWaybillDetail, ReportWaybillRow } from "../../contract/submission";
import type { CurrentUser } from "./user.server";

const BASE = "/tms-report";

export interface SendResult {
  recordId: number;
  status: ReportStatus;
  message: string;
}

export const submissionApi = {
  search: (user: CurrentUser, filter: ReportSearch, paging: { current: number; size: number }) => user.call<Paged<ReportWaybillRow>>({ path: `${BASE}/search`, body: { ...filter, ...paging } }),
  targets: (user: CurrentUser) => user.call<ReportTargetState[]>({ path: `${BASE}/targets`, method: "GET" }),
  resume: (user: CurrentUser, target: ReportTarget) => user.call<ReportTargetState>({ path: `${BASE}/targets/${target}/resume`, body: {} }),
  detail: (user: CurrentUser, target: ReportTarget, freightId: number) => user.call<ReportWaybillDetail>({ path: `${BASE}/${target}/freights/${freightId}`, method: "GET" }),
  submit: (user: CurrentUser, target: ReportTarget, freightIds: number[]) => user.call<SendResult[]>({ path: `${BASE}/submit`, body: { target, freightIds } }),
  resubmit: (user: CurrentUser, recordIds: number[], reason?: string) => user.call<{ results: SendResult[]; refusals: string[] }>({ path: `${BASE}/resubmit`, body: { recordIds, reason } }),
  retryFailed: (user: CurrentUser, target: ReportTarget) => user.call<SendResult[]>({ path: `${BASE}/retry-failed`, body: { target } }),
  mark: (user: CurrentUser, recordId: number, marked: boolean, remark?: string) => user.call<unknown>({ path: `${BASE}/mark`, body: { recordId, marked, remark } }),
};

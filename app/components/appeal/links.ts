/** Addresses of the appeal pages (spec 2.2 dispatchManage/appeal*). */
export const APPEAL_LIST_PATH = "/dispatchManage/appealList/index";

export function appealSubmitHref(freightNo?: string): string {
  return freightNo ? `/dispatchManage/appealSubmit?freightNo=${encodeURIComponent(freightNo)}` : "/dispatchManage/appealSubmit";
}

export function appealDetailHref(id: number): string {
  return `/dispatchManage/appealDetail?id=${id}`;
}

export function appealAuditHref(id: number): string {
  return `/dispatchManage/appealAudit?id=${id}`;
}

/** The permission codes that show each appeal entry (the pages check them again). */
export const APPEAL_ROLES = {
  list: ["TMS_RISK_APPEAL_LIST"],
  submit: ["TMS_RISK_APPEAL_SUBMIT"],
  detail: ["TMS_RISK_APPEAL_DETAIL"],
  audit: ["TMS_RISK_APPEAL_AUDIT"],
};

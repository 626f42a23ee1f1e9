import { appeal } from "../../contract/resources/appeal";
import type { FreightWay } from "../../contract/freight";
import { freightDetailHref } from "~/lib/freight-links";
import { pagesOf } from "./kit";

/**
 * 风险申诉 (spec 2.2 dispatchManage/appeal*): the list, the detail and the audit are the engine's pages;
 * the detail and the audit add the waybill, who dispatched it and the waybill's appeal history as their
 * own sections (app/components/appeal/AppealSections.tsx). 提交申诉 is a form of its own (by 运单号).
 */
export const appealPages = pagesOf(appeal, {
  list: {
    path: "/dispatchManage/appealList/index",
    rowActions: ["detail", "audit"],
    columns: ["appealNo", "freightNo", "freightWay", "riskReason", "reason", "status", "submittedByName", "submittedTime", "auditedTime"],
    hiddenFilters: ["freightId"],
    cellLinks: { freightNo: (record) => (record.freightNo ? freightDetailHref(record.freightWay as FreightWay, String(record.freightNo)) : null) },
  },
  detail: { path: "/dispatchManage/appealDetail", actions: ["audit"] },
  audit: { path: "/dispatchManage/appealAudit", group: "audit" },
});

export const appealSubmitHref = (freightNo?: string) => (freightNo ? `/dispatchManage/appealSubmit?freightNo=${encodeURIComponent(freightNo)}` : "/dispatchManage/appealSubmit");

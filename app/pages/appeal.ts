import { appeal } from "../../contract/resources/appeal";
import { pagesOf } from "./kit";

/**
 * 风险申诉 (spec 2.2 dispatchManage/appeal*): the list runs on the engine's list loader and search
 * form; detail and audit stay bespoke pages (the waybill, its dispatch and the appeal history, the
 * audit's confirmation), reached through these bindings' links.
 */
export const appealPages = pagesOf(appeal, {
  list: { path: "/dispatchManage/appealList/index", title: "风险申诉", rowActions: ["detail", "audit"], bespoke: true },
  detail: { path: "/dispatchManage/appealDetail", title: "申诉详情", actions: ["audit"] },
  audit: { path: "/dispatchManage/appealAudit", title: "申诉审核", group: "audit" },
});

export const appealSubmitHref = (freightNo?: string) => (freightNo ? `/dispatchManage/appealSubmit?freightNo=${encodeURIComponent(freightNo)}` : "/dispatchManage/appealSubmit");
